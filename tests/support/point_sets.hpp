// Comparing point sets whose order is not meaningful (mesh instances listed in another node order).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "aem/scene.hpp"

namespace aem::test {

/// Largest distance from a point of `a` to its nearest point of `b`, and back (Hausdorff distance):
/// two instance orders give the same value.
inline float hausdorff(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
  auto one_way = [](const std::vector<Vec3>& from, const std::vector<Vec3>& to) {
    float worst = 0;
    for (const Vec3& p : from) {
      float best = INFINITY;
      for (const Vec3& q : to) best = std::min(best, length(p - q));
      worst = std::max(worst, best);
    }
    return worst;
  };
  return std::max(one_way(a, b), one_way(b, a));
}

/// Largest side of the box around `points`.
inline float extent_of(const std::vector<Vec3>& points) {
  Bounds b;
  for (const Vec3& p : points) b.add(p);
  return std::max({b.max.x - b.min.x, b.max.y - b.min.y, b.max.z - b.min.z});
}

}  // namespace aem::test
