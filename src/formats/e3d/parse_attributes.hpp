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
  int bone_slots = 0;        ///< boneWeights: M (M index bytes, then M weight bytes)
  std::uint64_t offset = 0;  ///< for warnings
};

/// Bytes per vertex of a fixed-size attribute type; 0 for bone weights, custom and unknown types.
int attribute_size(std::uint16_t type);
/// True for every type that may appear in an attribute list (fixed-size, bone weights, custom).
bool is_vertex_attribute(std::uint16_t type);
/// The scene array an attribute type fills (positions, normals, one UV set...), so that a list naming
/// two types for one array keeps only the last; 0 for types that fill nothing.
int attribute_target(std::uint16_t type);
/// Decodes one attribute for vertices [first, first + count) and appends them to m's array for it;
/// first = 0 starts the array afresh. Done in vertex ranges so that the several attributes of an
/// interleaved block are read while its bytes are in cache. Normals and tangents are renormalised,
/// quantised positions kept as raw integers with m.quantized set; custom attributes and extra skins
/// are skipped with a warning (given for first = 0).
void decode_attribute(ReadContext& ctx, const AttributeSource& src, RawMesh& m, std::uint32_t first,
                      std::uint32_t count);

}  // namespace aem::formats::e3d
