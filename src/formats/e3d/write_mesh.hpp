// Writing scene meshes as E3D mesh blocks (internal to the E3D writer).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"
#include "formats/e3d/block_writer.hpp"

namespace aem::formats::e3d {

/// What the mesh writer needs from the rest of the file.
struct MeshContext {
  const Scene& scene;
  std::vector<std::string> bone_names;  ///< node name of each scene joint (unique in the file)
  std::vector<Warning>& warnings;
};

/// True when the scene meshes can share one E3D mesh: same attributes, frame counts and distinct
/// materials, so that the reader's split by material gives them back.
bool can_merge(const Scene& scene, const std::vector<std::uint32_t>& meshes);

/// Writes `meshes` (one, or several can_merge accepts) as one E3D mesh with ID `next_id`, preceded by
/// one target mesh per morph frame; advances next_id past them all and returns the mesh's ID. Layout
/// per docs/formats/e3d.md §11: one interleaved block (vertices@0, normals, texCoords, colors, tangentsBi,
/// boneWeights last with 10 slots), 16- or 32-bit triangles, always facesMaterials.
std::int32_t write_mesh(BlockWriter& w, MeshContext& ctx, const std::vector<std::uint32_t>& meshes,
                        std::int32_t& next_id);

/// A writer warning with format "E3D", about the element `path` names when it is not empty.
Warning warning(const char* code, std::string message, std::string path = {});

}  // namespace aem::formats::e3d
