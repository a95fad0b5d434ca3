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

/// One list's values as the evaluation compares them, and the distance between two of them.
struct Vec3Values {
  explicit Vec3Values(std::span<const Key<Vec3>> keys) : keys(keys) {}
  std::span<const Key<Vec3>> keys;
  Vec3 value(std::uint32_t i) const { return keys[i].value; }
  static Vec3 blend(const Vec3& a, const Vec3& b, float f) { return lerp(a, b, f); }
  static float distance(const Vec3& a, const Vec3& b) { return length(a - b); }
};

struct QuatValues {
  explicit QuatValues(std::span<const Key<Quat>> keys) {
    unit.reserve(keys.size());
    for (const auto& k : keys) unit.push_back(normalize(k.value));  // as the runtime's clip does, once
  }
  std::vector<Quat> unit;
  Quat value(std::uint32_t i) const { return unit[i]; }
  static Quat blend(const Quat& a, const Quat& b, float f) { return slerp_inline(a, b, f); }
  static float distance(const Quat& a, const Quat& b) { return rotation_distance(a, b); }
};

/// Lists with one set of key times, each with its tolerance.
template <class Values>
struct Lists {
  std::span<const float> times;
  std::vector<Values> values;
  std::span<const float> tolerances;

  /// Whether keys a and b, blended, stay within tolerance of every key strictly between them, in every list.
  bool segment_fits(std::uint32_t a, std::uint32_t b) const {
    const float t0 = times[a], span = times[b] - t0;
    for (std::size_t l = 0; l < values.size(); ++l) {
      const Values& v = values[l];
      const auto va = v.value(a), vb = v.value(b);
      for (std::uint32_t i = a + 1; i < b; ++i) {
        // The runtime's blend factor: (t - t0) / (t1 - t0), as find_keys computes it.
        const float f = span > 0.0f ? (times[i] - t0) / span : 0.0f;
        if (!(Values::distance(Values::blend(va, vb, f), v.value(i)) <= tolerances[l])) return false;
      }
    }
    return true;
  }

  /// Whether key i differs from key `held` (held until i) by more than the tolerance in some list.
  bool changes(std::uint32_t held, std::uint32_t i) const {
    for (std::size_t l = 0; l < values.size(); ++l)
      if (!(Values::distance(values[l].value(i), values[l].value(held)) <= tolerances[l])) return true;
    return false;
  }
};

/// The farthest key after `a` whose segment from `a` fits (a + 1 always does: nothing lies between).
template <class Values>
std::uint32_t farthest_fit(const Lists<Values>& lists, std::uint32_t a) {
  const auto last = static_cast<std::uint32_t>(lists.times.size() - 1);
  std::uint32_t good = a + 1, bad = last + 1;  // bad: the nearest key known not to fit (last + 1: none)
  for (std::uint64_t length = 2;; length *= 2) {
    const auto b = static_cast<std::uint32_t>(std::min<std::uint64_t>(a + length, last));
    if (b <= good) break;
    if (!lists.segment_fits(a, b)) {
      bad = b;
      break;
    }
    good = b;
  }
  while (bad - good > 1 && good < last) {
    const std::uint32_t mid = good + (bad - good) / 2;
    if (lists.segment_fits(a, mid))
      good = mid;
    else
      bad = mid;
  }
  return good;
}

template <class Values>
std::vector<std::uint32_t> reduce(const Lists<Values>& lists, Interpolation mode) {
  const auto n = static_cast<std::uint32_t>(lists.times.size());
  if (n == 0) return {};
  std::vector<std::uint32_t> kept{0};
  if (mode == Interpolation::Step) {
    // A held key is needed where some list's value differs from the one held before it.
    for (std::uint32_t i = 1; i < n; ++i)
      if (lists.changes(kept.back(), i)) kept.push_back(i);
    return kept;
  }
  for (std::uint32_t a = 0; a + 1 < n;) {
    a = farthest_fit(lists, a);
    kept.push_back(a);
  }
  return kept;
}

template <class Values, class V>
std::vector<std::uint32_t> reduce_shared(std::span<const std::span<const Key<V>>> keys,
                                         std::span<const float> tolerances, Interpolation mode) {
  if (keys.empty()) return {};
  std::vector<float> times;
  times.reserve(keys[0].size());
  for (const auto& k : keys[0]) times.push_back(k.time);
  Lists<Values> lists{times, {}, tolerances};
  for (const auto& list : keys) lists.values.emplace_back(list);
  return reduce(lists, mode);
}

template <class Values, class V>
std::vector<std::uint32_t> reduce_one(std::span<const Key<V>> keys, Interpolation mode, float tolerance) {
  if (keys.empty()) return {};
  const Values values(keys);
  bool constant = true;
  for (std::uint32_t i = 1; i < keys.size() && constant; ++i)
    constant = Values::distance(values.value(i), values.value(0)) <= tolerance;
  if (constant) return {0};
  const std::span<const Key<V>> one[1] = {keys};
  return reduce_shared<Values, V>(one, std::span<const float>(&tolerance, 1), mode);
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
  return reduce_one<Vec3Values>(keys, mode, tolerance);
}

std::vector<std::uint32_t> keys_to_keep(std::span<const Key<Quat>> keys, Interpolation mode, float tolerance) {
  return reduce_one<QuatValues>(keys, mode, tolerance);
}

std::vector<std::uint32_t> shared_keys_to_keep(std::span<const std::span<const Key<Vec3>>> lists,
                                               std::span<const float> tolerances, Interpolation mode) {
  return reduce_shared<Vec3Values>(lists, tolerances, mode);
}

std::vector<std::uint32_t> shared_keys_to_keep(std::span<const std::span<const Key<Quat>>> lists,
                                               std::span<const float> tolerances, Interpolation mode) {
  return reduce_shared<QuatValues>(lists, tolerances, mode);
}

}  // namespace aem::convert
