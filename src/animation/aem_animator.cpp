// AEM runtime evaluation over the validated view (docs/formats/aem.md §5, without libaem's per-bone
// ancestor re-evaluation and linear key scans).
#include <algorithm>

#include "aem/animation.hpp"
#include "aem/sampling.hpp"

namespace aem {
namespace {

using aem_file::Keyframe;

Vec3 sample_vec3(const Keyframe* keys, std::uint32_t count, float t, std::uint32_t& hint, const Vec3& none) {
  if (count == 0) return none;
  KeySpan s = find_keys(count, t, [keys](std::uint32_t i) { return keys[i].time; }, hint);
  const float* a = keys[s.lo].value;
  const float* b = keys[s.hi].value;
  return {a[0] + (b[0] - a[0]) * s.f, a[1] + (b[1] - a[1]) * s.f, a[2] + (b[2] - a[2]) * s.f};
}

/// Unit rotation at time t (slerp already returns unit quaternions).
Quat sample_quat(const Keyframe* keys, std::uint32_t count, float t, std::uint32_t& hint) {
  if (count == 0) return {};
  KeySpan s = find_keys(count, t, [keys](std::uint32_t i) { return keys[i].time; }, hint);
  const float* a = keys[s.lo].value;
  const float* b = keys[s.hi].value;
  const Quat qa{a[0], a[1], a[2], a[3]};
  if (s.lo == s.hi) return normalize(qa);  // keys may be stored non-unit
  return slerp(qa, Quat{b[0], b[1], b[2], b[3]}, s.f);
}

}  // namespace

AemAnimator::AemAnimator(const AemView& view)
    : view_(&view), local_(view.counts().bones), model_(view.counts().bones), cursors_(3 * view.counts().bones, 0),
      affine_inverse_bind_(view.counts().bones) {
  for (std::uint32_t b = 0; b < view.counts().bones; ++b) {
    const Mat4& ib = *reinterpret_cast<const Mat4*>(view.bones()[b].inverse_bind);
    model_[b] = inverse(ib);
    affine_inverse_bind_[b] = is_affine(ib);
  }
}

void AemAnimator::evaluate(std::int32_t animation, float time, std::span<Mat4> skin) {
  const AemView& v = *view_;
  const std::uint32_t bone_count = v.counts().bones;
  if (animation < 0 || static_cast<std::uint32_t>(animation) >= v.counts().animations) {
    std::fill_n(skin.begin(), bone_count, Mat4{});
    std::fill(local_.begin(), local_.end(), Mat4{});
    for (std::uint32_t b = 0; b < bone_count; ++b) model_[b] = inverse(*reinterpret_cast<const Mat4*>(v.bones()[b].inverse_bind));
    return;
  }
  if (animation != last_animation_) {
    std::fill(cursors_.begin(), cursors_.end(), 0u);
    last_animation_ = animation;
  }
  const Keyframe* keys = v.keyframes().data();
  const auto bones = v.bones();
  const std::uint32_t first_sequence = v.animations()[animation].sequence_index;
  // Two passes: the local transforms are independent of each other (the CPU overlaps them), then the
  // hierarchy composes parents first.
  const aem_file::Sequence* sequences = v.sequences().data() + first_sequence;
  for (std::uint32_t b = 0; b < bone_count; ++b) {
    const auto& s = sequences[b];
    std::uint32_t* cur = &cursors_[3 * b];
    if (b + 1 < bone_count) {  // keys of one animation span far more than the cache: fetch ahead
      const auto& n = sequences[b + 1];
      const std::uint32_t* nc = &cursors_[3 * (b + 1)];
      __builtin_prefetch(keys + n.first_position + nc[0]);
      __builtin_prefetch(keys + n.first_rotation + nc[1]);
      __builtin_prefetch(keys + n.first_scale + nc[2]);
    }
    const Vec3 t = sample_vec3(keys + s.first_position, s.position_count, time, cur[0], Vec3{});
    const Quat r = sample_quat(keys + s.first_rotation, s.rotation_count, time, cur[1]);
    const Vec3 sc = sample_vec3(keys + s.first_scale, s.scale_count, time, cur[2], Vec3{1, 1, 1});
    local_[b] = trs_matrix(t, r, sc);
  }
  for (std::uint32_t b : v.parents_first_order()) {
    const std::int32_t p = bones[b].parent;
    model_[b] = p >= 0 ? affine_multiply(model_[p], local_[b]) : local_[b];
    const Mat4& ib = *reinterpret_cast<const Mat4*>(bones[b].inverse_bind);
    skin[b] = affine_inverse_bind_[b] ? affine_multiply(model_[b], ib) : model_[b] * ib;
  }
}

}  // namespace aem
