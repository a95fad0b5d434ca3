#include "formats/iqe/poses.hpp"

#include <cmath>

namespace aem::formats::iqe {
namespace {

float at(std::span<const float> v, std::size_t i, float fallback) { return i < v.size() ? v[i] : fallback; }

Vec3 translation(std::span<const float> v) { return {at(v, 0, 0), at(v, 1, 0), at(v, 2, 0)}; }

}  // namespace

Quat with_negative_w(const Quat& q) { return q.w > 0 ? Quat{-q.x, -q.y, -q.z, -q.w} : q; }

Transform pose_from_pq(std::span<const float> v) {
  Transform t;
  t.translation = translation(v);
  Quat q{at(v, 3, 0), at(v, 4, 0), at(v, 5, 0), 0};
  q.w = v.size() > 6 ? v[6] : -std::sqrt(std::max(0.0f, 1.0f - q.x * q.x - q.y * q.y - q.z * q.z));
  t.rotation = with_negative_w(normalize(q));
  t.scale = {at(v, 7, 1), at(v, 8, 1), at(v, 9, 1)};
  return t;
}

Transform pose_from_pm(std::span<const float> v) {
  Mat4 r;
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) r(row, col) = at(v, 3 + 3 * row + col, row == col ? 1.0f : 0.0f);
  Vec3 c0{r(0, 0), r(1, 0), r(2, 0)}, c1{r(0, 1), r(1, 1), r(2, 1)}, c2{r(0, 2), r(1, 2), r(2, 2)};
  Vec3 s{length(c0), length(c1), length(c2)};
  if (dot(cross(c0, c1), c2) < 0) s = s * -1.0f;
  for (int row = 0; row < 3; ++row) {
    r(row, 0) /= s.x == 0 ? 1 : s.x;
    r(row, 1) /= s.y == 0 ? 1 : s.y;
    r(row, 2) /= s.z == 0 ? 1 : s.z;
  }
  Transform t;
  t.translation = translation(v);
  t.rotation = with_negative_w(quat_from_matrix(r));
  t.scale = {s.x * at(v, 12, 1), s.y * at(v, 13, 1), s.z * at(v, 14, 1)};
  return t;
}

Transform pose_from_pa(std::span<const float> v) {
  auto axis = [](float angle, int i) {
    Quat q{0, 0, 0, std::cos(angle / 2)};
    (i == 0 ? q.x : i == 1 ? q.y : q.z) = std::sin(angle / 2);
    return q;
  };
  Transform t;
  t.translation = translation(v);
  t.rotation = with_negative_w(normalize(axis(at(v, 5, 0), 2) * axis(at(v, 4, 0), 1) * axis(at(v, 3, 0), 0)));
  t.scale = {at(v, 6, 1), at(v, 7, 1), at(v, 8, 1)};
  return t;
}

}  // namespace aem::formats::iqe
