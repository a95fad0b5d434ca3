// MeshVertices: finding whether meshes own contiguous vertex ranges (one pass over the indices).
#include "formats/aem/mesh_vertices.hpp"

namespace aem::formats {
namespace {

/// Per mesh, the vertex range it owns; empty when meshes do not own disjoint ascending ranges
/// that together cover every vertex.
std::vector<std::pair<std::uint32_t, std::uint32_t>> contiguous_ranges(const AemView& view) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
  std::uint64_t next_vertex = 0, next_index = 0;
  const auto idx = view.indices();
  for (const auto& m : view.meshes()) {
    if (m.first_index != next_index) return {};
    std::uint32_t lo = UINT32_MAX, hi = 0;
    for (std::uint32_t k = 0; k < m.index_count; ++k) {
      lo = std::min(lo, idx[m.first_index + k]);
      hi = std::max(hi, idx[m.first_index + k]);
    }
    if (m.index_count == 0) {
      ranges.emplace_back(static_cast<std::uint32_t>(next_vertex), static_cast<std::uint32_t>(next_vertex));
      continue;
    }
    if (lo != next_vertex) return {};
    ranges.emplace_back(lo, hi + 1);
    next_vertex = std::uint64_t(hi) + 1;
    next_index += m.index_count;
  }
  if (next_vertex != view.counts().vertices || next_index != view.counts().indices) return {};
  return ranges;
}

}  // namespace

MeshVertices::MeshVertices(const AemView& view) : view_(&view), ranges_(contiguous_ranges(view)) {
  if (shared()) used_.assign((std::size_t(view.counts().vertices) + 63) / 64, 0);
}

}  // namespace aem::formats
