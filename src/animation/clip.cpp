// Clip compilation and sampling (see clip.hpp).
#include "animation/clip.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

#include "aem/sampling.hpp"
#include "animation/isa.hpp"
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
      if (p.count == count &&
          std::equal(keys, keys + count, p.keys, [](const Keyframe& a, const Keyframe& b) { return a.time == b.time; }))
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

  /// Lays out the clip's tracks, and its solo channels: those no other channel shares times with.
  void finish(Clip& clip) const {
    for (const Pending& p : pending_) {
      if (p.rotations.size() + p.vectors.size() == 1) {
        if (p.rotations.empty())
          add_solo(clip.solo_vectors, p, p.vectors[0], vec_of);
        else
          add_solo(clip.solo_rotations, p, p.rotations[0], quat_of);
        continue;
      }
      Track& t = clip.tracks.emplace_back();
      for (std::uint32_t k = 0; k < p.count; ++k) t.times.push_back(p.keys[k].time);
      const std::size_t groups = (p.rotations.size() + 3) / 4;
      t.rotations.reserve(std::size_t{p.count} * groups);
      t.vectors.reserve(std::size_t{p.count} * p.vectors.size());
      for (const auto& [keys, bone] : p.rotations) t.rotation_bones.push_back(bone);
      for (const auto& [keys, slot] : p.vectors) t.vector_slots.push_back(slot);
      for (std::uint32_t k = 0; k < p.count; ++k) {
        for (std::size_t g = 0; g < groups; ++g) {
          QuatLanes lanes{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 1, 1, 1}};
          for (std::size_t lane = 0; lane < 4 && 4 * g + lane < p.rotations.size(); ++lane) {
            const Quat q = quat_of(p.rotations[4 * g + lane].first[k]);
            lanes.x[lane] = q.x, lanes.y[lane] = q.y, lanes.z[lane] = q.z, lanes.w[lane] = q.w;
          }
          t.rotations.push_back(lanes);
        }
        for (const auto& [keys, slot] : p.vectors) t.vectors.push_back(vec_of(keys[k]));
      }
    }
  }

 private:
  struct Pending {
    const Keyframe* keys;  // the first channel's keys (for the times)
    std::uint32_t count;
    std::vector<std::pair<const Keyframe*, std::uint32_t>> rotations, vectors;  // keys, destination
  };

  template <class V, class Value>
  static void add_solo(SoloChannels<V>& solo, const Pending& p,
                       const std::pair<const Keyframe*, std::uint32_t>& channel, Value value) {
    solo.first.push_back(static_cast<std::uint32_t>(solo.times.size()));
    solo.count.push_back(p.count);
    solo.target.push_back(channel.second);
    for (std::uint32_t k = 0; k < p.count; ++k) {
      solo.times.push_back(p.keys[k].time);
      solo.values.push_back(value(channel.first[k]));
    }
  }
  std::vector<Pending> pending_;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_hash_;
};

using detail::select;
using detail::u32x4;

// Casts between vector types of one size keep the bits (GCC and Clang vector extensions).
AEM_KERNEL_INLINE f32x4 as_float(u32x4 v) { return (f32x4)v; }
AEM_KERNEL_INLINE u32x4 as_bits(f32x4 v) { return (u32x4)v; }

/// slerp_inline of four channels at once, lane i blended by fv[i]: each lane takes the same path (nlerp,
/// 4- or 8-term series, or the acos formula, by its own cosine) with the same operations, so the
/// results equal the one-channel slerp's. The series are only evaluated when some lane needs them.
AEM_KERNEL_INLINE QuatLanes slerp_lanes(const QuatLanes& a, QuatLanes b, f32x4 fv) {
  f32x4 d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  const u32x4 flip = as_bits(d) & 0x80000000u;  // shortest path: negate b where the dot is negative
  b = {as_float(as_bits(b.x) ^ flip), as_float(as_bits(b.y) ^ flip), as_float(as_bits(b.z) ^ flip),
       as_float(as_bits(b.w) ^ flip)};
  d = as_float(as_bits(d) ^ flip);
  f32x4 wa = 1.0f - fv, wb = fv;
  const u32x4 series4 = (u32x4)(d < kNlerpMinCos), series8 = (u32x4)(d < 0.95f), far = (u32x4)(d < 0.7f);
  if (detail::any_lane(series4)) {
    f32x4 sa, sb;
    slerp_weights<4>(fv, d - 1.0f, sa, sb);
    wa = select(series4, sa, wa), wb = select(series4, sb, wb);
  }
  if (detail::any_lane(series8)) {
    f32x4 sa, sb;
    slerp_weights<8>(fv, d - 1.0f, sa, sb);
    wa = select(series8, sa, wa), wb = select(series8, sb, wb);
  }
  if (detail::any_lane(far))
    for (int lane = 0; lane < 4; ++lane)
      if (far[lane]) {
        float lane_wa, lane_wb;  // vector elements cannot bind to references in Clang
        slerp_weights_far(fv[lane], d[lane], lane_wa, lane_wb);
        wa[lane] = lane_wa, wb[lane] = lane_wb;
      }
  QuatLanes q{wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z, wa * a.w + wb * b.w};
  // The blend of unit keys has a squared length within 2.5e-4 of 1 (nlerp's worst, at ~1.8°; slerp's
  // is 1 up to rounding), so one Newton step for 1/sqrt from 1 is within 3e-8 of the exact factor,
  // with no square root or division.
  const f32x4 len2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
  const f32x4 inv = 1.5f - 0.5f * len2;
  return {q.x * inv, q.y * inv, q.z * inv, q.w * inv};
}

/// Writes the first `count` lanes to rotations[bones[lane]].
AEM_KERNEL_INLINE void store_lanes(QuatLanes q, const std::uint32_t* bones, std::size_t count, Quat* rotations) {
  detail::transpose(q.x, q.y, q.z, q.w);  // now one quaternion per register, lane by lane
  const f32x4 per_lane[4] = {q.x, q.y, q.z, q.w};
  for (std::size_t lane = 0; lane < count; ++lane)
    std::memcpy(static_cast<void*>(&rotations[bones[lane]]), &per_lane[lane], sizeof(Quat));
}

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
  builder.finish(clip);
  return clip;
}

namespace {

/// Solo rotations four at a time: each lane finds its own keys, then one 4-lane slerp blends them.
AEM_KERNEL_INLINE void sample_solo_rotations(const SoloChannels<Quat>& solo, float t, std::uint32_t* cursors,
                                             Quat* rotations) {
  const std::size_t n = solo.target.size();
  for (std::size_t c0 = 0; c0 < n; c0 += 4) {
    const std::size_t lanes = std::min<std::size_t>(4, n - c0);
    f32x4 from[4], to[4];  // one quaternion per register, transposed into component lanes below
    f32x4 f{};
    for (std::size_t lane = 0; lane < 4; ++lane) {
      if (lane >= lanes) {
        from[lane] = to[lane] = f32x4{0, 0, 0, 1};
        continue;
      }
      const std::size_t c = c0 + lane;
      const float* times = solo.times.data() + solo.first[c];
      const KeySpan s = find_keys(
          solo.count[c], t, [times](std::uint32_t k) { return times[k]; }, cursors[c]);
      const Quat* q = solo.values.data() + solo.first[c];
      from[lane] = detail::load<f32x4>(&q[s.lo]);
      to[lane] = detail::load<f32x4>(&q[s.hi]);
      f[lane] = s.f;
    }
    detail::transpose(from[0], from[1], from[2], from[3]);
    detail::transpose(to[0], to[1], to[2], to[3]);
    const QuatLanes a{from[0], from[1], from[2], from[3]}, b{to[0], to[1], to[2], to[3]};
    store_lanes(slerp_lanes(a, b, f), solo.target.data() + c0, lanes, rotations);
  }
}

AEM_KERNEL_INLINE void sample_kernel(const Clip& clip, float t, std::uint32_t* cursors, Quat* rotations,
                                     Vec3* vectors) {
  std::memcpy(rotations, clip.rest_rotations.data(), clip.rest_rotations.size() * sizeof(Quat));
  std::memcpy(vectors, clip.rest_vectors.data(), clip.rest_vectors.size() * sizeof(Vec3));
  for (std::size_t i = 0; i < clip.tracks.size(); ++i) {
    const Track& track = clip.tracks[i];
    const float* times = track.times.data();
    const KeySpan s = find_keys(
        static_cast<std::uint32_t>(track.times.size()), t, [times](std::uint32_t k) { return times[k]; }, cursors[i]);
    const std::size_t nr = track.rotation_bones.size(), groups = (nr + 3) / 4, nv = track.vector_slots.size();
    const QuatLanes* ra = track.rotations.data() + s.lo * groups;
    const Vec3* va = track.vectors.data() + s.lo * nv;
    if (s.lo == s.hi) {  // before the first key or after the last
      for (std::size_t g = 0; g < groups; ++g)
        store_lanes(ra[g], track.rotation_bones.data() + 4 * g, std::min<std::size_t>(4, nr - 4 * g), rotations);
      for (std::size_t c = 0; c < nv; ++c) vectors[track.vector_slots[c]] = va[c];
      continue;
    }
    const QuatLanes* rb = ra + groups;
    const Vec3* vb = va + nv;
    const f32x4 f = f32x4{} + s.f;
    for (std::size_t g = 0; g < groups; ++g)
      store_lanes(slerp_lanes(ra[g], rb[g], f), track.rotation_bones.data() + 4 * g,
                  std::min<std::size_t>(4, nr - 4 * g), rotations);
    for (std::size_t c = 0; c < nv; ++c) vectors[track.vector_slots[c]] = lerp(va[c], vb[c], s.f);
  }
  std::uint32_t* rotation_cursors = cursors + clip.tracks.size();
  std::uint32_t* vector_cursors = rotation_cursors + clip.solo_rotations.target.size();
  sample_solo_rotations(clip.solo_rotations, t, rotation_cursors, rotations);
  const SoloChannels<Vec3>& sv = clip.solo_vectors;
  for (std::size_t c = 0; c < sv.target.size(); ++c) {
    const float* times = sv.times.data() + sv.first[c];
    const KeySpan s = find_keys(
        sv.count[c], t, [times](std::uint32_t k) { return times[k]; }, vector_cursors[c]);
    const Vec3* v = sv.values.data() + sv.first[c];
    vectors[sv.target[c]] = lerp(v[s.lo], v[s.hi], s.f);
  }
}

void sample_portable(const Clip& clip, float t, std::uint32_t* cursors, Quat* rotations, Vec3* vectors) {
  sample_kernel(clip, t, cursors, rotations, vectors);
}

#if AEM_ANIMATION_AVX2
AEM_TARGET_AVX2_FMA void sample_avx2_fma(const Clip& clip, float t, std::uint32_t* cursors, Quat* rotations,
                                         Vec3* vectors) {
  sample_kernel(clip, t, cursors, rotations, vectors);
}
#endif

}  // namespace

void sample(const Clip& clip, float t, std::uint32_t* cursors, Quat* rotations, Vec3* vectors) {
#if AEM_ANIMATION_AVX2
  if (animation::current_isa() == animation::Isa::avx2_fma)
    return sample_avx2_fma(clip, t, cursors, rotations, vectors);
#endif
  sample_portable(clip, t, cursors, rotations, vectors);
}

}  // namespace aem::clip
