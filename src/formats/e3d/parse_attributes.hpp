// Decoding of vertex attribute data (internal to the E3D mesh parser).
#pragma once

#include <cstddef>
#include <cstdint>

#include "formats/e3d/block_walker.hpp"
#include "formats/e3d/e3d_model.hpp"

namespace aem::formats::e3d {

/// Where one attribute's values are: vertex i at data + i * stride. The caller has checked that
/// m.vertex_count records of `stride` bytes, each holding the attribute, are present.
struct AttributeSource {
  std::uint16_t type = 0;
  const std::byte* data = nullptr;
  std::size_t stride = 0;
  int bone_slots = 0;          ///< boneWeights: M (M index bytes, then M weight bytes)
  std::uint64_t offset = 0;    ///< for warnings
};

/// Bytes per vertex of a fixed-size attribute type; 0 for bone weights, custom and unknown types.
int attribute_size(std::uint16_t type);
/// True for every type that may appear in an attribute list (fixed-size, bone weights, custom).
bool is_vertex_attribute(std::uint16_t type);
/// Decodes one attribute for all m.vertex_count vertices into m (normals and tangents renormalised,
/// quantised positions kept as raw integers with m.quantized set). Custom attributes and extra skins
/// are skipped with a warning.
void decode_attribute(ReadContext& ctx, const AttributeSource& src, RawMesh& m);

}  // namespace aem::formats::e3d
