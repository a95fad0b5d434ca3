// Clip compilation and sampling (see clip.hpp).
#include "animation/clip.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "aem/sampling.hpp"
#include "core/slerp.hpp"

namespace aem::clip {
namespace {

using aem_file::Keyframe;

bool same_values(const Keyframe* keys, std::uint32_t count, int components) {
  for (std::uint32_t k = 1; k < count; ++k)
    if (std::memcmp(keys[k].value, keys[0].value, components * sizeof(float)) != 0) return false;
  return true;
}

Quat quat_of(const Keyframe& k) { return normalize(Quat{k.value[0], k.value[1], k.value[2], k.value[3]}); }
Vec3 vec_of(const Keyframe& k) { return {k.value[0], k.value[1], k.value[2]}; }

std::uint64_t hash_times(const Keyframe* keys, std::uint32_t count) {
  std::uint64_t h = 1469598103934665603ull ^ count;
  for (std::uint32_t k = 0; k < count; ++k) {
    std::uint32_t bits;
    std::memcpy(&bits, &keys[k].time, 4);
    h = (h ^ bits) * 1099511628211ull;
  }
  return h;
}

/// Groups channels by key times while the clip is built; the values are laid out at the end.
class TrackBuilder {
 public:
  /// Index of the track with exactly these key times (a new one if none has them).
  std::uint32_t track_for(const Keyframe* keys, std::uint32_t count) {
    auto& candidates = by_hash_[hash_times(keys, count)];
    for (std::uint32_t t : candidates) {
      const Pending& p = pending_[t];
      if (p.count == count && std::equal(keys, keys + count, p.keys, [](const Keyframe& a, const Keyframe& b) {
            return a.time == b.time;
          }))
        return t;
    }
    candidates.push_back(static_cast<std::uint32_t>(pending_.size()));
    pending_.push_back({keys, count, {}, {}});
    return candidates.back();
  }
  void add_rotation(const Keyframe* keys, std::uint32_t count, std::uint32_t bone) {
    pending_[track_for(keys, count)].rotations.push_back({keys, bone});
  }
  void add_vector(const Keyframe* keys, std::uint32_t count, std::uint32_t slot) {
    pending_[track_for(keys, count)].vectors.push_back({keys, slot});
  }

  std::vector<Track> finish() const {
    std::vector<Track> tracks(pending_.size());
    for (std::size_t i = 0; i < pending_.size(); ++i) {
      const Pending& p = pending_[i];
      Track& t = tracks[i];
      for (std::uint32_t k = 0; k < p.count; ++k) t.times.push_back(p.keys[k].time);
      t.rotations.reserve(std::size_t{p.count} * p.rotations.size());
      t.vectors.reserve(std::size_t{p.count} * p.vectors.size());
      for (const auto& [keys, bone] : p.rotations) t.rotation_bones.push_back(bone);
      for (const auto& [keys, slot] : p.vectors) t.vector_slots.push_back(slot);
      for (std::uint32_t k = 0; k < p.count; ++k) {
        for (const auto& [keys, bone] : p.rotations) t.rotations.push_back(quat_of(keys[k]));
        for (const auto& [keys, slot] : p.vectors) t.vectors.push_back(vec_of(keys[k]));
      }
    }
    return tracks;
  }

 private:
  struct Pending {
    const Keyframe* keys;  // the first channel's keys (for the times)
    std::uint32_t count;
    std::vector<std::pair<const Keyframe*, std::uint32_t>> rotations, vectors;  // keys, destination
  };
  std::vector<Pending> pending_;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_hash_;
};

}  // namespace

Clip compile(const AemView& view, std::uint32_t animation) {
  const std::uint32_t bones = view.counts().bones;
  const Keyframe* keys = view.keyframes().data();
  Clip clip;
  clip.rest_rotations.assign(bones, Quat{});
  clip.rest_vectors.resize(2 * std::size_t{bones});
  TrackBuilder builder;
  for (std::uint32_t b = 0; b < bones; ++b) {
    const aem_file::Sequence& s = view.sequence(animation, b);
    clip.rest_vectors[2 * b] = Vec3{};
    clip.rest_vectors[2 * b + 1] = Vec3{1, 1, 1};
    const Keyframe* rotation = keys + s.first_rotation;
    if (s.rotation_count > 0 && same_values(rotation, s.rotation_count, 4))
      clip.rest_rotations[b] = quat_of(rotation[0]);
    else if (s.rotation_count > 0)
      builder.add_rotation(rotation, s.rotation_count, b);
    const std::uint32_t firsts[2] = {s.first_position, s.first_scale}, counts[2] = {s.position_count, s.scale_count};
    for (std::uint32_t slot = 0; slot < 2; ++slot) {
      const Keyframe* k = keys + firsts[slot];
      if (counts[slot] > 0 && same_values(k, counts[slot], 3))
        clip.rest_vectors[2 * b + slot] = vec_of(k[0]);
      else if (counts[slot] > 0)
        builder.add_vector(k, counts[slot], 2 * b + slot);
    }
  }
  clip.tracks = builder.finish();
  return clip;
}

void sample(const Clip& clip, float t, std::uint32_t* cursors, Quat* rotations, Vec3* vectors) {
  std::memcpy(rotations, clip.rest_rotations.data(), clip.rest_rotations.size() * sizeof(Quat));
  std::memcpy(vectors, clip.rest_vectors.data(), clip.rest_vectors.size() * sizeof(Vec3));
  for (std::size_t i = 0; i < clip.tracks.size(); ++i) {
    const Track& track = clip.tracks[i];
    const float* times = track.times.data();
    const KeySpan s = find_keys(static_cast<std::uint32_t>(track.times.size()), t, [times](std::uint32_t k) { return times[k]; },
                                cursors[i]);
    const std::size_t nr = track.rotation_bones.size(), nv = track.vector_slots.size();
    const Quat* ra = track.rotations.data() + s.lo * nr;
    const Vec3* va = track.vectors.data() + s.lo * nv;
    if (s.lo == s.hi) {  // before the first key or after the last
      for (std::size_t c = 0; c < nr; ++c) rotations[track.rotation_bones[c]] = ra[c];
      for (std::size_t c = 0; c < nv; ++c) vectors[track.vector_slots[c]] = va[c];
      continue;
    }
    const Quat* rb = ra + nr;
    const Vec3* vb = va + nv;
    for (std::size_t c = 0; c < nr; ++c) rotations[track.rotation_bones[c]] = slerp_inline(ra[c], rb[c], s.f);
    for (std::size_t c = 0; c < nv; ++c) vectors[track.vector_slots[c]] = lerp(va[c], vb[c], s.f);
  }
}

}  // namespace aem::clip
