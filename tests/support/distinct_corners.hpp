// Counting the vertices a model has once the corners an exporter split are one again, without the
// welder under test: an expectation derived independently of it.
#pragma once

#include <set>
#include <vector>

#include "aem/scene.hpp"

namespace aem::test {

/// The vertices of `scene` once corners that share position, first UV set and skin are one: what
/// welding leaves of a model whose normals at such corners differ by rounding only.
inline std::size_t distinct_corners(const Scene& scene) {
  std::size_t count = 0;
  for (const Mesh& m : scene.meshes) {
    std::set<std::vector<float>> corners;
    for (std::size_t v = 0; v < m.positions.size(); ++v) {
      const Vec3& p = m.positions[v];
      std::vector<float> key{p.x, p.y, p.z};
      if (!m.uvs.empty()) key.insert(key.end(), {m.uvs[0][v].x, m.uvs[0][v].y});
      if (!m.skin.empty())
        for (int k = 0; k < kMaxInfluences; ++k)
          key.insert(key.end(), {float(m.skin[v].joints[k]), m.skin[v].weights[k]});
      corners.insert(std::move(key));
    }
    count += corners.size();
  }
  return count;
}

}  // namespace aem::test
