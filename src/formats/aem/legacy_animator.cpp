// The 2022 viewer's animation evaluation (docs/formats/aem.md §8), reproduced number for number: blending
// happens on absolute armature-space poses, with glm's quat_cast / slerp / mat4_cast semantics
// (glm 0.9.9), including quat_cast of an unnormalised 3x3 for scaled bones.
#include <algorithm>
#include <cmath>

#include "aem/legacy.hpp"
#include "aem/sampling.hpp"

namespace aem {
namespace {

/// glm::quat_cast of the upper 3x3 (no normalisation): pick the largest of 4w^2-1, 4x^2-1, 4y^2-1,
/// 4z^2-1 (ties keep the earlier, w first) and derive the other components from it.
Quat glm_quat_cast(const Mat4& m) {
  const float four_w = m(0, 0) + m(1, 1) + m(2, 2);
  const float four_x = m(0, 0) - m(1, 1) - m(2, 2);
  const float four_y = m(1, 1) - m(0, 0) - m(2, 2);
  const float four_z = m(2, 2) - m(0, 0) - m(1, 1);
  int biggest = 0;
  float four_biggest = four_w;
  if (four_x > four_biggest) four_biggest = four_x, biggest = 1;
  if (four_y > four_biggest) four_biggest = four_y, biggest = 2;
  if (four_z > four_biggest) four_biggest = four_z, biggest = 3;
  const float big = std::sqrt(four_biggest + 1.0f) * 0.5f;
  const float mult = 0.25f / big;
  switch (biggest) {
    case 0:
      return {(m(2, 1) - m(1, 2)) * mult, (m(0, 2) - m(2, 0)) * mult, (m(1, 0) - m(0, 1)) * mult, big};
    case 1:
      return {big, (m(1, 0) + m(0, 1)) * mult, (m(0, 2) + m(2, 0)) * mult, (m(2, 1) - m(1, 2)) * mult};
    case 2:
      return {(m(1, 0) + m(0, 1)) * mult, big, (m(2, 1) + m(1, 2)) * mult, (m(0, 2) - m(2, 0)) * mult};
    default:
      return {(m(0, 2) + m(2, 0)) * mult, (m(2, 1) + m(1, 2)) * mult, big, (m(1, 0) - m(0, 1)) * mult};
  }
}

float mix(float a, float b, float f) { return a * (1.0f - f) + b * f; }
Vec3 mix(const Vec3& a, const Vec3& b, float f) { return {mix(a.x, b.x, f), mix(a.y, b.y, f), mix(a.z, b.z, f)}; }

/// glm::slerp: shortest path, plain (unnormalised) lerp when cos > 1 - FLT_EPSILON, no
/// normalisation of the inputs or the result.
Quat glm_slerp(const Quat& x, const Quat& y, float f) {
  Quat z = y;
  float cos_theta = x.x * y.x + x.y * y.y + x.z * y.z + x.w * y.w;
  if (cos_theta < 0.0f) {
    z = {-y.x, -y.y, -y.z, -y.w};
    cos_theta = -cos_theta;
  }
  if (cos_theta > 1.0f - 1.1920929e-7f) return {mix(x.x, z.x, f), mix(x.y, z.y, f), mix(x.z, z.z, f), mix(x.w, z.w, f)};
  const float angle = std::acos(cos_theta);
  const float a = std::sin((1.0f - f) * angle), b = std::sin(f * angle), s = std::sin(angle);
  return {(a * x.x + b * z.x) / s, (a * x.y + b * z.y) / s, (a * x.z + b * z.z) / s, (a * x.w + b * z.w) / s};
}

Vec3 column(const Mat4& m, int c) { return {m.m[c * 4], m.m[c * 4 + 1], m.m[c * 4 + 2]}; }

}  // namespace

void legacy_keyframe_pose(const LegacyView& view, std::uint32_t k, std::span<Mat4> out) {
  for (std::uint32_t b : view.parents_first_order()) {
    const std::int32_t p = view.bone(b).parent;
    out[b] = p >= 0 ? view.key_matrix(k, b) * out[p] : view.key_matrix(k, b);
  }
}

LegacyAnimator::LegacyAnimator(const LegacyView& view) : bones_(view.counts().bones) {
  const auto& c = view.counts();
  times_.resize(c.keyframes);
  for (std::uint32_t k = 0; k < c.keyframes; ++k) times_[k] = view.key_time(k);
  inverse_bind_.resize(c.bones);
  model_.resize(c.bones);
  for (std::uint32_t b = 0; b < c.bones; ++b) {
    inverse_bind_[b] = view.bone(b).inverse_bind;
    model_[b] = inverse(inverse_bind_[b]);
  }
  keys_.reserve(std::uint64_t(c.keyframes) * c.bones);
  std::vector<Mat4> pose(c.bones);
  for (std::uint32_t k = 0; k < c.keyframes; ++k) {
    legacy_keyframe_pose(view, k, pose);
    for (const Mat4& g : pose)
      keys_.push_back(
          {column(g, 3), glm_quat_cast(g), {length(column(g, 0)), length(column(g, 1)), length(column(g, 2))}});
  }
}

void LegacyAnimator::evaluate(float frame, std::span<Mat4> skin) {
  const std::uint32_t bones = bones_, count = static_cast<std::uint32_t>(times_.size());
  if (bones == 0) return;
  if (count == 0) {
    std::fill_n(skin.begin(), bones, Mat4{});
    for (std::uint32_t b = 0; b < bones; ++b) model_[b] = inverse(inverse_bind_[b]);
    return;
  }
  // The viewer subtracted the last key time until t <= last; fmod gives the same point of the loop.
  const float last = times_.back();
  float t = std::isnan(frame) ? 0.0f : frame;
  if (t > last) {
    t = last > 0.0f && std::isfinite(t) ? std::fmod(t, last) : last;
    if (t == 0.0f) t = last;
  }
  // The viewer's pair: `to` is the first key after key 0 whose time is not before t (found by a
  // linear walk there, by binary search here), `from` the key before it. One key: both are key 0.
  const std::uint32_t to =
      count > 1 ? static_cast<std::uint32_t>(std::lower_bound(times_.begin() + 1, times_.end(), t) - times_.begin())
                : 0;
  const std::uint32_t from = to > 0 ? to - 1 : 0;
  const float t0 = times_[from], t1 = times_[to];
  const float f = t1 > t0 ? std::clamp((t - t0) / (t1 - t0), 0.0f, 1.0f) : 0.0f;

  const Decomposed* a = keys_.data() + std::uint64_t(from) * bones;
  const Decomposed* b = keys_.data() + std::uint64_t(to) * bones;
  for (std::uint32_t i = 0; i < bones; ++i) {
    model_[i] = trs_matrix_unnormalized(mix(a[i].translation, b[i].translation, f),
                                        glm_slerp(a[i].rotation, b[i].rotation, f), mix(a[i].scale, b[i].scale, f));
    skin[i] = model_[i] * inverse_bind_[i];
  }
}

Result<std::vector<Mat4>> legacy_pose(std::span<const std::byte> bytes, std::int32_t animation, float seconds) {
  auto view = LegacyView::validate(bytes);
  if (!view) return view.error();
  std::vector<Mat4> skin(view->counts().bones);
  LegacyAnimator animator(view.value());
  // One animation (index 0) when there are keyframes; any other index is the bind pose.
  if (animation == 0)
    animator.evaluate(seconds * kLegacyAssumedFps, skin);
  else
    std::fill(skin.begin(), skin.end(), Mat4{});
  Result<std::vector<Mat4>> result(std::move(skin));
  result.warnings = std::move(view.warnings);
  return result;
}

}  // namespace aem
