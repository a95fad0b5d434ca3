// Keyframe lookup and interpolation shared by the AEM runtime evaluator and the scene evaluator.
// Semantics follow libaem (docs/formats/aem.md §5): the first key with time >= t is found; before the first
// key and after the last the end value holds; in between, keys i-1 and i blend linearly (slerp for
// rotations, always along the shortest path).
#pragma once

#include <cstdint>

#include "aem/math.hpp"

namespace aem {

/// Position inside a key list: blend keys `lo` and `hi` by `f` (lo == hi means one key's value).
struct KeySpan {
  std::uint32_t lo = 0, hi = 0;
  float f = 0.0f;
};

/// Finds the keys around time t in `count` keys whose times `time_of(i)` never decrease. `hint` is a
/// key index from the previous lookup on the same list (monotonic playback finds its keys in O(1):
/// up to four keys past the hint are looked at one by one); it is updated. Binary search otherwise.
/// `count` must be > 0.
template <class TimeOf>
inline KeySpan find_keys(std::uint32_t count, float t, TimeOf time_of, std::uint32_t& hint) {
  std::uint32_t i;  // first key with time >= t, or count
  std::uint32_t h = hint < count ? hint : 0;
  std::uint32_t lo = 0, n = h + 1;  // the range left to search: up to the hint when it is not before t
  if (time_of(h) < t) {
    i = h + 1;
    const std::uint32_t stop = count - h > 5 ? h + 5 : count;
    while (i < stop && time_of(i) < t) ++i;
    if (i == stop && stop < count)
      lo = stop, n = count - stop;  // still before t: search the rest
    else
      n = 0;
  }
  if (n > 0) {
    while (n > 0) {
      std::uint32_t half = n / 2;
      if (time_of(lo + half) < t) {
        lo += half + 1;
        n -= half + 1;
      } else {
        n = half;
      }
    }
    i = lo;
  }
  if (i == 0) {
    hint = 0;
    return {0, 0, 0.0f};
  }
  if (i == count) {
    hint = count - 1;
    return {count - 1, count - 1, 0.0f};
  }
  hint = i - 1;
  float t0 = time_of(i - 1), t1 = time_of(i);
  return {i - 1, i, (t - t0) / (t1 - t0)};
}

/// Matrix T * R * S with the rotation formula applied to q exactly as given: a non-unit q gives a
/// scaled, skewed "rotation" (glm::mat4_cast semantics, which the 2022 legacy viewer relied on).
inline Mat4 trs_matrix_unnormalized(const Vec3& t, const Quat& q, const Vec3& s) {
  const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z, xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z,
              wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  Mat4 r;
  r.m = {(1 - 2 * (yy + zz)) * s.x,
         2 * (xy + wz) * s.x,
         2 * (xz - wy) * s.x,
         0,
         2 * (xy - wz) * s.y,
         (1 - 2 * (xx + zz)) * s.y,
         2 * (yz + wx) * s.y,
         0,
         2 * (xz + wy) * s.z,
         2 * (yz - wx) * s.z,
         (1 - 2 * (xx + yy)) * s.z,
         0,
         t.x,
         t.y,
         t.z,
         1};
  return r;
}

/// Matrix T * R * S for translation t, unit rotation q and scale s (the evaluators normalise keys once).
inline Mat4 trs_matrix(const Vec3& t, const Quat& q, const Vec3& s) { return trs_matrix_unnormalized(t, q, s); }

/// a * b for affine matrices (last row 0 0 0 1), 36 multiplies instead of 64.
inline Mat4 affine_multiply(const Mat4& a, const Mat4& b) {
  Mat4 r;
  for (int c = 0; c < 4; ++c) {
    const float b0 = b.m[c * 4], b1 = b.m[c * 4 + 1], b2 = b.m[c * 4 + 2];
    for (int row = 0; row < 3; ++row) r.m[c * 4 + row] = a.m[row] * b0 + a.m[4 + row] * b1 + a.m[8 + row] * b2;
  }
  r.m[12] += a.m[12];
  r.m[13] += a.m[13];
  r.m[14] += a.m[14];
  r.m[3] = r.m[7] = r.m[11] = 0.0f;
  r.m[15] = 1.0f;
  return r;
}

}  // namespace aem
