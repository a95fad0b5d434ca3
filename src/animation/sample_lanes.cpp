// KeyTimeLanes and sample_channel_lanes (see sample_lanes.hpp): scene_animator.cpp's sample() with each
// float operation applied to four lanes, the same operands in the same order.
#include "animation/sample_lanes.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "core/slerp.hpp"

namespace aem {
namespace {

using detail::f32x4;
using detail::i32x4;
using detail::u32x4;

/// Asks for the keys a few batches of check times ahead: a skeleton has more key lists, each read
/// forward, than the processor follows on its own.
template <class V>
void prefetch_ahead(const std::vector<Key<V>>& keys, std::uint32_t at) {
  constexpr std::uint32_t kAhead = 16;
  if (keys.size() - at > kAhead) __builtin_prefetch(&keys[at + kAhead]);
}

/// The keys around each lane's time, the last 16 bytes of each key (a vector's time, x, y, z; a
/// quaternion's x, y, z, w) transposed into one vector per float; f and whether lo is hi per lane.
struct KeyLanes {
  f32x4 lo[4], hi[4], f;
  u32x4 single;
};

template <class V>
KeyLanes gather(const std::vector<Key<V>>& keys, Interpolation mode, const KeySpan* spans) {
  static_assert(sizeof(Key<V>) >= 16);
  const KeySpan s[4] = {by_mode(spans[0], mode), by_mode(spans[1], mode), by_mode(spans[2], mode),
                        by_mode(spans[3], mode)};
  prefetch_ahead(keys, s[3].hi);
  const auto last_16_bytes = [&](std::uint32_t k) {
    return detail::load<f32x4>(reinterpret_cast<const char*>(&keys[k]) + sizeof(Key<V>) - 16);
  };
  KeyLanes out;
  for (int lane = 0; lane < 4; ++lane)
    out.lo[lane] = last_16_bytes(s[lane].lo), out.hi[lane] = last_16_bytes(s[lane].hi);
  detail::transpose(out.lo[0], out.lo[1], out.lo[2], out.lo[3]);
  detail::transpose(out.hi[0], out.hi[1], out.hi[2], out.hi[3]);
  out.f = f32x4{s[0].f, s[1].f, s[2].f, s[3].f};
  const auto index = [](std::uint32_t k) { return static_cast<std::int32_t>(k); };
  out.single = (u32x4)(i32x4{index(s[0].lo), index(s[1].lo), index(s[2].lo), index(s[3].lo)} ==
                       i32x4{index(s[0].hi), index(s[1].hi), index(s[2].hi), index(s[3].hi)});
  return out;
}

/// sample() of a vector list: the same lerp in each lane, also where a lane has one key (f = 0).
void sample_lanes(const std::vector<Key<Vec3>>& keys, Interpolation mode, const KeySpan* spans, const Vec3& rest,
                  f32x4 (&out)[3]) {
  if (!spans) {
    out[0] = detail::splat(rest.x), out[1] = detail::splat(rest.y), out[2] = detail::splat(rest.z);
    return;
  }
  const KeyLanes k = gather(keys, mode, spans);
  for (int c = 0; c < 3; ++c) out[c] = k.lo[c + 1] + (k.hi[c + 1] - k.lo[c + 1]) * k.f;
}

/// sample() of a rotation list: each lane takes slerp_inline's path by its own cosine (or its one key)
/// with the same operations, then normalize's.
void sample_lanes(const std::vector<Key<Quat>>& keys, Interpolation mode, const KeySpan* spans, const Quat& rest,
                  f32x4 (&out)[4]) {
  if (!spans) {
    const Quat q = normalize(rest);
    out[0] = detail::splat(q.x), out[1] = detail::splat(q.y), out[2] = detail::splat(q.z), out[3] = detail::splat(q.w);
    return;
  }
  const KeyLanes k = gather(keys, mode, spans);
  const f32x4* a = k.lo;
  const f32x4 f = k.f;
  const u32x4 single = k.single;
  f32x4 b[4] = {k.hi[0], k.hi[1], k.hi[2], k.hi[3]};
  f32x4 d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  const u32x4 flip = (u32x4)(d < 0.0f);  // shortest path (not -0: slerp_inline keeps b there)
  for (int c = 0; c < 4; ++c) b[c] = detail::select(flip, -b[c], b[c]);
  d = detail::select(flip, -d, d);
  // slerp_inline's comparisons, so that a NaN cosine takes its last path here too.
  const u32x4 nlerp = (u32x4)(d >= kNlerpMinCos), over_95 = (u32x4)(d >= 0.95f), over_70 = (u32x4)(d >= 0.7f);
  const u32x4 series4 = ~nlerp & over_95 & ~single, series8 = ~over_95 & over_70 & ~single, far = ~over_70 & ~single;
  f32x4 wa = 1.0f - f, wb = f;
  if (detail::any_lane(series4)) {
    f32x4 sa, sb;
    slerp_weights<4>(f, d - 1.0f, sa, sb);
    wa = detail::select(series4, sa, wa), wb = detail::select(series4, sb, wb);
  }
  if (detail::any_lane(series8)) {
    f32x4 sa, sb;
    slerp_weights<8>(f, d - 1.0f, sa, sb);
    wa = detail::select(series8, sa, wa), wb = detail::select(series8, sb, wb);
  }
  for (int lane = 0; lane < 4; ++lane)
    if (far[lane]) {
      float lane_wa, lane_wb;  // vector elements cannot bind to references in Clang
      slerp_weights_far(f[lane], d[lane], lane_wa, lane_wb);
      wa[lane] = lane_wa, wb[lane] = lane_wb;
    }
  f32x4 q[4];
  for (int c = 0; c < 4; ++c) q[c] = detail::select(single, a[c], wa * a[c] + wb * b[c]);
  const f32x4 len2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
  // normalize's test: a positive, finite squared length, else identity.
  const u32x4 usable = (u32x4)(len2 > 0.0f) & (u32x4)(len2 <= std::numeric_limits<float>::max());
  const f32x4 inv = 1.0f / detail::sqrt_lanes(len2);
  for (int c = 0; c < 4; ++c) out[c] = detail::select(usable, q[c] * inv, detail::splat(c == 3 ? 1.0f : 0.0f));
}

}  // namespace

void KeyTimeLanes::find(const float (&times)[4], int count) {
  for (std::size_t list = 0; list < times_.size(); ++list) {
    const std::vector<float>& keys = times_[list];
    KeySpan* s = &spans_[4 * list];
    for (int lane = 0; lane < 4; ++lane)
      s[lane] = lane < count ? find_keys(
                                   static_cast<std::uint32_t>(keys.size()), times[lane],
                                   [&](std::uint32_t i) { return keys[i]; }, cursors_[list])
                             : s[count - 1];
  }
}

TransformLanes sample_channel_lanes(const Channel& channel, const Transform& rest, const KeySpan* const (&spans)[3]) {
  TransformLanes out;
  sample_lanes(channel.translation, channel.translation_interpolation, spans[0], rest.translation, out.translation);
  sample_lanes(channel.rotation, channel.rotation_interpolation, spans[1], rest.rotation, out.rotation);
  sample_lanes(channel.scale, channel.scale_interpolation, spans[2], rest.scale, out.scale);
  return out;
}

}  // namespace aem
