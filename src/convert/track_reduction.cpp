// Greedy key reduction (see track_reduction.hpp): from each kept key, the farthest later key whose
// segment reproduces every key in between is found by doubling the segment, then bisecting between the
// last length that fitted and the first that did not. A segment costs its length per test, so a list
// costs about (2 + log2 of the segment length) tests per key instead of the segment length.
#include "convert/track_reduction.hpp"

#include <algorithm>
#include <cmath>

#include "core/slerp.hpp"

namespace aem::convert {
namespace {

/// Key values as the evaluation compares them, and the distance between two of them.
struct Vec3Values {
  std::span<const Key<Vec3>> keys;
  Vec3 value(std::uint32_t i) const { return keys[i].value; }
  static Vec3 blend(const Vec3& a, const Vec3& b, float f) { return lerp(a, b, f); }
  static float distance(const Vec3& a, const Vec3& b) { return length(a - b); }
};

struct QuatValues {
  std::vector<Quat> unit;  // the keys normalised once, as the runtime's clip does
  Quat value(std::uint32_t i) const { return unit[i]; }
  static Quat blend(const Quat& a, const Quat& b, float f) { return slerp_inline(a, b, f); }
  static float distance(const Quat& a, const Quat& b) { return rotation_distance(a, b); }
};

/// Whether keys a and b, blended, stay within `tolerance` of every key strictly between them.
template <class V, class Values>
bool segment_fits(const Values& values, std::span<const Key<V>> keys, std::uint32_t a, std::uint32_t b, float tolerance) {
  const float t0 = keys[a].time, span = keys[b].time - t0;
  const auto va = values.value(a), vb = values.value(b);
  for (std::uint32_t i = a + 1; i < b; ++i) {
    // The runtime's blend factor: (t - t0) / (t1 - t0), as find_keys computes it.
    const float f = span > 0.0f ? (keys[i].time - t0) / span : 0.0f;
    if (!(Values::distance(Values::blend(va, vb, f), values.value(i)) <= tolerance)) return false;
  }
  return true;
}

/// The farthest key after `a` whose segment from `a` fits (a + 1 always does: nothing lies between).
template <class V, class Values>
std::uint32_t farthest_fit(const Values& values, std::span<const Key<V>> keys, std::uint32_t a, float tolerance) {
  const auto last = static_cast<std::uint32_t>(keys.size() - 1);
  std::uint32_t good = a + 1, bad = last + 1;  // bad: the nearest key known not to fit (last + 1: none)
  for (std::uint64_t length = 2;; length *= 2) {
    const auto b = static_cast<std::uint32_t>(std::min<std::uint64_t>(a + length, last));
    if (b <= good) break;
    if (!segment_fits(values, keys, a, b, tolerance)) {
      bad = b;
      break;
    }
    good = b;
  }
  while (bad - good > 1 && good < last) {
    const std::uint32_t mid = good + (bad - good) / 2;
    if (segment_fits(values, keys, a, mid, tolerance))
      good = mid;
    else
      bad = mid;
  }
  return good;
}

template <class V, class Values>
std::vector<std::uint32_t> reduce(const Values& values, std::span<const Key<V>> keys, Interpolation mode, float tolerance) {
  const auto n = static_cast<std::uint32_t>(keys.size());
  if (n == 0) return {};
  bool constant = true;
  for (std::uint32_t i = 1; i < n && constant; ++i) constant = Values::distance(values.value(i), values.value(0)) <= tolerance;
  if (constant) return {0};
  std::vector<std::uint32_t> kept{0};
  if (mode == Interpolation::Step) {
    // A held key is needed when its value differs from the one held before it.
    for (std::uint32_t i = 1; i < n; ++i)
      if (!(Values::distance(values.value(i), values.value(kept.back())) <= tolerance)) kept.push_back(i);
    return kept;
  }
  for (std::uint32_t a = 0; a + 1 < n;) {
    a = farthest_fit(values, keys, a, tolerance);
    kept.push_back(a);
  }
  return kept;
}

}  // namespace

float rotation_distance(const Quat& a, const Quat& b) {
  const float d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  const float s = d < 0.0f ? -1.0f : 1.0f;
  const float dx = a.x - s * b.x, dy = a.y - s * b.y, dz = a.z - s * b.z, dw = a.w - s * b.w;
  // |a - b| = 2 sin(θ/4) for unit quaternions on the same side; sin(θ/2) = 2 sin(θ/4) cos(θ/4).
  const float chord2 = dx * dx + dy * dy + dz * dz + dw * dw;
  return std::sqrt(chord2 * std::max(0.0f, 1.0f - 0.25f * chord2));
}

std::vector<std::uint32_t> keys_to_keep(std::span<const Key<Vec3>> keys, Interpolation mode, float tolerance) {
  return reduce(Vec3Values{keys}, keys, mode, tolerance);
}

std::vector<std::uint32_t> keys_to_keep(std::span<const Key<Quat>> keys, Interpolation mode, float tolerance) {
  QuatValues values;
  values.unit.reserve(keys.size());
  for (const auto& k : keys) values.unit.push_back(normalize(k.value));
  return reduce(values, keys, mode, tolerance);
}

}  // namespace aem::convert
