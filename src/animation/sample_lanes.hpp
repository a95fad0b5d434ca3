// Channels sampled at four times at once, one time per vector lane, for loops that pose a skeleton at
// many times (key reduction's error check): each lane is bit for bit sample_channel's transform. The
// key lookups are shared by every key list with the same times, since a skeleton's lists usually have
// one time list between them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "aem/sampling.hpp"
#include "aem/scene.hpp"
#include "core/lane_vectors.hpp"

namespace aem {

/// A span as a list of interpolation `mode` uses it: Step keeps the earlier key alone (a key's own
/// time already gives that key).
inline KeySpan by_mode(KeySpan s, Interpolation mode) {
  if (mode == Interpolation::Step && s.lo != s.hi)
    return s.f >= 1.0f ? KeySpan{s.hi, s.hi, 0.0f} : KeySpan{s.lo, s.lo, 0.0f};
  return s;
}

/// The key lookups of many key lists at four times, one per distinct (bit for bit) time list, each
/// with its own cursor. Lists with the same times looked up at the same times from the same cursors
/// find the same keys, so sharing a lookup changes no result, in whatever order the times are.
class KeyTimeLanes {
 public:
  static constexpr std::uint32_t kNone = ~0u;  ///< the list of an empty key list

  /// The lookup that `keys` uses (kNone for no keys). Every list added is looked up at every find.
  template <class V>
  std::uint32_t add(const std::vector<Key<V>>& keys) {
    if (keys.empty()) return kNone;
    return add_times(keys.size(), [&](std::size_t i) { return keys[i].time; });
  }
  /// Finds the keys of every list at times[0..count) (1 <= count <= 4), in that order; lanes from
  /// `count` on repeat lane count - 1.
  void find(const float (&times)[4], int count);
  /// The spans find found for `list` (find_keys's, before by_mode), one per lane.
  const KeySpan* spans(std::uint32_t list) const { return list == kNone ? nullptr : &spans_[4 * list]; }

 private:
  /// The list of the times time_of(i), i < count (compared bit for bit), added if new.
  template <class TimeOf>
  std::uint32_t add_times(std::size_t count, TimeOf time_of);
  std::vector<std::vector<float>> times_;
  std::vector<std::uint32_t> cursors_;
  std::vector<KeySpan> spans_;  // 4 per list
  std::unordered_multimap<std::uint64_t, std::uint32_t> by_hash_;
};

template <class TimeOf>
std::uint32_t KeyTimeLanes::add_times(std::size_t count, TimeOf time_of) {
  const auto bits = [](float t) {
    std::uint32_t b;
    std::memcpy(&b, &t, 4);
    return b;
  };
  // Hashed by a few of the times (lists alike in those are compared whole): hashing every time of a
  // long capture costs more than comparing it with the one list it usually matches.
  std::uint64_t h = 1469598103934665603ull ^ count;
  constexpr std::size_t kHashed = 8;
  for (std::size_t k = 0; k < kHashed; ++k) h = (h ^ bits(time_of(k * (count - 1) / (kHashed - 1)))) * 1099511628211ull;
  for (auto [at, end] = by_hash_.equal_range(h); at != end; ++at) {
    const std::vector<float>& other = times_[at->second];
    std::size_t i = 0;
    if (other.size() == count)
      while (i < count && bits(other[i]) == bits(time_of(i))) ++i;
    if (i == count) return at->second;
  }
  const auto list = static_cast<std::uint32_t>(times_.size());
  by_hash_.emplace(h, list);
  std::vector<float>& times = times_.emplace_back(count);
  for (std::size_t i = 0; i < count; ++i) times[i] = time_of(i);
  cursors_.push_back(0);
  spans_.resize(spans_.size() + 4);
  return list;
}

/// Calls visit(first, batch, count) for times[first..first + count), taken `per_batch` (1 to 4) at a
/// time in order; batch holds them, its lanes from `count` on repeating the last.
template <class Visit>
void in_batches(const std::vector<float>& times, int per_batch, Visit visit) {
  for (std::size_t first = 0; first < times.size(); first += static_cast<std::size_t>(per_batch)) {
    const int count = static_cast<int>(std::min(static_cast<std::size_t>(per_batch), times.size() - first));
    float batch[4];
    for (int lane = 0; lane < 4; ++lane)
      batch[lane] = times[first + static_cast<std::size_t>(std::min(lane, count - 1))];
    visit(first, batch, count);
  }
}

/// A transform per lane: components x, y, z (and w) each in one vector.
struct TransformLanes {
  detail::f32x4 translation[3], rotation[4], scale[3];
};

/// Lane i is sample_channel(channel, rest, times[i]) for the keys find found at times[i]: `spans` are
/// KeyTimeLanes::spans of the channel's translation, rotation and scale lists.
TransformLanes sample_channel_lanes(const Channel& channel, const Transform& rest, const KeySpan* const (&spans)[3]);

}  // namespace aem
