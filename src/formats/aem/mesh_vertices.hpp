// Which file vertices each mesh of an AEM view gets in a scene, and in what order: the one rule
// that aem_view_to_scene (copying them) and aem_vertex_summary (only counting them) share.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "aem/aem_view.hpp"

namespace aem::formats {

/// True when the vertex carries skin: a joint in some slot or a non-zero weight. A scene mesh
/// keeps its skin array only when one of its vertices does.
inline bool has_skin(const aem_file::Vertex& v) {
  for (int k = 0; k < 4; ++k)
    if (v.bone_indices[k] >= 0 || v.bone_weights[k] != 0.0f) return true;
  return false;
}

/// Exporter files give each mesh a disjoint ascending vertex range, together covering every vertex:
/// then a mesh gets its whole range, vertices no triangle uses included. Otherwise ("shared") a mesh
/// gets the vertices its indices use, ascending, and vertices no mesh uses are dropped.
class MeshVertices {
 public:
  explicit MeshVertices(const AemView& view);

  /// True when meshes do not own contiguous ranges (the scene reader warns about it).
  bool shared() const { return ranges_.empty() && view_->counts().meshes > 0; }
  /// First vertex of the mesh's range: its vertex 0 in the scene. Only when !shared().
  std::uint32_t range_start(std::uint32_t mesh) const { return ranges_[mesh].first; }

  /// Calls visit(file vertex index) for each vertex the mesh gets, in scene order.
  template <class F>
  void for_each(std::uint32_t mesh, F&& visit) {
    if (!shared()) {
      for (std::uint32_t v = ranges_[mesh].first; v < ranges_[mesh].second; ++v) visit(v);
      return;
    }
    // A bit per vertex marks the used ones; reading the words in order gives them sorted and unique
    // without a copy of the mesh's indices. Every bit is clear again afterwards.
    const auto& m = view_->meshes()[mesh];
    if (m.index_count == 0) return;
    const auto idx = view_->indices().subspan(m.first_index, m.index_count);
    std::uint32_t lo = UINT32_MAX, hi = 0;
    for (std::uint32_t v : idx) {
      used_[v >> 6] |= std::uint64_t(1) << (v & 63);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    for (std::uint32_t w = lo >> 6; w <= hi >> 6; ++w) {
      for (std::uint64_t bits = used_[w]; bits; bits &= bits - 1)
        visit(w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits)));
      used_[w] = 0;
    }
  }

 private:
  const AemView* view_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges_;  ///< per mesh [first, end); empty when shared
  std::vector<std::uint64_t> used_;                              ///< when shared: one bit per vertex
};

}  // namespace aem::formats
