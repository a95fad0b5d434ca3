#include "core/vertex_normals.hpp"

#include <cmath>

namespace aem::detail {

std::vector<Vec3> triangle_normals(std::span<const Vec3> positions, std::span<const std::uint32_t> indices,
                                   bool ccw_front_faces) {
  std::vector<Vec3> n(positions.size(), Vec3{});
  for (std::size_t i = 0; i + 2 < indices.size(); i += 3) {
    const std::uint32_t a = indices[i], b = indices[i + 1], c = indices[i + 2];
    if (a >= n.size() || b >= n.size() || c >= n.size()) continue;
    Vec3 face = cross(positions[b] - positions[a], positions[c] - positions[a]);  // length = 2 * area
    if (!ccw_front_faces) face = face * -1.0f;
    n[a] = n[a] + face;
    n[b] = n[b] + face;
    n[c] = n[c] + face;
  }
  for (auto& v : n) {
    const float len = length(v);
    v = std::isfinite(len) && len > 0 ? v * (1.0f / len) : Vec3{0, 0, 1};
  }
  return n;
}

}  // namespace aem::detail
