// One AEM animation re-laid for fast sampling: channels whose value never changes become rest values,
// and the other channels are grouped by their key times, so that one key lookup serves every channel
// on the same times (glTF exporters usually give all channels of a clip one time list) and the values
// one lookup needs sit side by side in memory (key-major: all channels of key k, then key k + 1).
// Rotations are stored four channels to a group, component by component, so that four slerps run
// as one set of 4-lane vector operations. A channel whose key times no other channel shares (files
// whose exporter reduced each channel's keys on its own) is solo: it looks up its own keys, and solo
// rotations are still blended four at a time, each lane with its own keys and blend factor.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "aem/aem_view.hpp"
#include "aem/math.hpp"
#include "core/lane_vectors.hpp"

namespace aem::clip {

using detail::f32x4;

/// Four rotation channels of one key: lane i holds channel 4g + i of group g (identity in lanes past
/// the last channel).
struct QuatLanes {
  f32x4 x, y, z, w;
};

/// Two or more channels that share one key-time list (at least two keys, values not all equal).
struct Track {
  std::vector<float> times;
  std::vector<std::uint32_t> rotation_bones;  // bone of each rotation channel
  std::vector<QuatLanes> rotations;           // unit; [key * groups + channel / 4], lane channel % 4
  std::vector<std::uint32_t> vector_slots;    // 2 * bone for a translation, 2 * bone + 1 for a scale
  std::vector<Vec3> vectors;                  // [key * vector_slots.size() + channel]
};

/// Channels with key times of their own, each with its keys side by side.
template <class V>
struct SoloChannels {
  std::vector<std::uint32_t> first, count;  // per channel: its range of `times` and `values`
  std::vector<std::uint32_t> target;        // per channel: bone (rotations) or vector slot, as in Track
  std::vector<float> times;
  std::vector<V> values;  // rotations unit
};

/// Sampling-ready form of one animation of a validated view.
struct Clip {
  std::vector<Quat> rest_rotations;  // per bone: the constant value, or identity without keys
  std::vector<Vec3> rest_vectors;    // per bone: translation (zero without keys), scale (one without keys)
  std::vector<Track> tracks;
  SoloChannels<Quat> solo_rotations;
  SoloChannels<Vec3> solo_vectors;
  /// Key cursors sample() keeps: one per track, then one per solo rotation, then one per solo vector.
  std::size_t cursor_count() const { return tracks.size() + solo_rotations.target.size() + solo_vectors.target.size(); }
};

/// Builds the clip of `animation` (< the view's animation count). Same results as sampling the file's
/// keys directly: constant channels are detected by exact value equality, rotations normalised once.
Clip compile(const AemView& view, std::uint32_t animation);

/// Samples every bone at time t (seconds, clamped to each track's keys): rotations[bone] and
/// vectors[2 * bone] (translation), vectors[2 * bone + 1] (scale). `cursors` holds clip.cursor_count()
/// key indices, kept between calls (any value is safe; forward playback then finds its keys in O(1)).
void sample(const Clip& clip, float t, std::uint32_t* cursors, Quat* rotations, Vec3* vectors);

}  // namespace aem::clip
