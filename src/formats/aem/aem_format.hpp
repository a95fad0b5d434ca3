// AEM (current layout) reading into and writing out of the scene; registered in src/io/registry.cpp.
#pragma once

#include <span>

#include "aem/aem_view.hpp"
#include "aem/legacy.hpp"
#include "aem/io.hpp"

namespace aem::formats {

/// True when the bytes start with "AEM".
bool aem_sniff(std::span<const std::byte> head);
/// How much of a view aem_view_to_scene copies.
enum class AemSceneContent : std::uint8_t {
  Everything,
  /// Everything but the bulk arrays: meshes without vertices or indices (aem_vertex_summary says
  /// what they would hold), animation channels without keys. Memory stays near the file's size.
  Outline,
};
/// Reads a validated view into a scene (tool path). Meshes that do not own contiguous vertex ranges
/// get compacted copies of the vertices they use (warning AEM_VERTICES_SHARED).
Result<Scene> aem_view_to_scene(const AemView& view, AemSceneContent content = AemSceneContent::Everything);

/// What the vertex and index arrays of aem_view_to_scene's meshes would hold, without copying them.
struct AemVertexSummary {
  struct Mesh {
    std::uint64_t vertex_count = 0, index_count = 0;
    bool skinned = false;  ///< the scene mesh keeps a skin array
  };
  std::vector<Mesh> meshes;
  Bounds bounds;  ///< compute_bounds of the scene, bit for bit
};
AemVertexSummary aem_vertex_summary(const AemView& view);
/// Reads AEM bytes (any alignment) of either layout into a scene (detect_aem_layout picks it).
Result<Scene> aem_read(const ReadInput& input);
/// Reads a validated legacy (2022) view into a scene: Z-up, key times in seconds at 24 fps assumed.
Result<Scene> legacy_view_to_scene(const LegacyView& view);
/// Reads legacy-layout AEM bytes into a scene.
Result<Scene> legacy_read(const ReadInput& input);
/// Writes a scene whose meshes are in model space as current-layout AEM. Nodes are flattened,
/// more than 4 influences are reduced to the largest 4 (renormalised), embedded texture bytes are
/// not stored (AEM keeps file names only): each loss is a warning.
Result<std::vector<std::byte>> aem_write(const Scene& scene, const WriteOptions& options);
/// aem_write into `sink` as it goes: the same bytes and warnings, at most about 4 MB of them buffered.
/// Throws a ParseError (IO_WRITE_FAILED) when the sink refuses bytes.
Status aem_write_stream(const Scene& scene, const WriteOptions& options, ByteSink& sink);

}  // namespace aem::formats
