// Scene skeleton evaluation, sharing key lookup and matrix code with the AEM runtime evaluator.
#include <algorithm>
#include <cmath>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/sampling.hpp"
#include "animation/sample_lanes.hpp"
#include "core/slerp.hpp"

namespace aem {
namespace {

template <class V>
std::uint32_t key_count(const std::vector<Key<V>>& keys) {
  return static_cast<std::uint32_t>(keys.size());
}

/// The keys around t; Step keeps the earlier one alone (a key's own time already gives that key).
template <class V>
KeySpan span_at(const std::vector<Key<V>>& keys, float t, std::uint32_t& hint, Interpolation mode) {
  return by_mode(find_keys(
                     key_count(keys), t, [&](std::uint32_t i) { return keys[i].time; }, hint),
                 mode);
}

Vec3 sample(const std::vector<Key<Vec3>>& keys, Interpolation mode, float t, std::uint32_t& hint, const Vec3& rest) {
  if (keys.empty()) return rest;
  KeySpan s = span_at(keys, t, hint, mode);
  return lerp(keys[s.lo].value, keys[s.hi].value, s.f);
}

Quat sample(const std::vector<Key<Quat>>& keys, Interpolation mode, float t, std::uint32_t& hint, const Quat& rest) {
  if (keys.empty()) return normalize(rest);
  KeySpan s = span_at(keys, t, hint, mode);
  return s.lo == s.hi ? normalize(keys[s.lo].value) : slerp_inline(keys[s.lo].value, keys[s.hi].value, s.f);
}

Transform sample_with_cursors(const Channel& ch, const Transform& rest, float t, std::uint32_t* cursors) {
  return {sample(ch.translation, ch.translation_interpolation, t, cursors[0], rest.translation),
          sample(ch.rotation, ch.rotation_interpolation, t, cursors[1], rest.rotation),
          sample(ch.scale, ch.scale_interpolation, t, cursors[2], rest.scale)};
}

template <class V>
void linearize(std::vector<Key<V>>& keys, Interpolation& mode) {
  if (mode != Interpolation::Step) return;
  mode = Interpolation::Linear;
  std::vector<Key<V>> out;
  out.reserve(2 * keys.size());
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (k > 0 && keys[k].time > keys[k - 1].time)
      out.push_back({std::nextafter(keys[k].time, keys[k - 1].time), keys[k - 1].value});
    out.push_back(keys[k]);
  }
  keys = std::move(out);
}

}  // namespace

Channel with_linear_keys(const Channel& channel) {
  Channel out = channel;
  linearize(out.translation, out.translation_interpolation);
  linearize(out.rotation, out.rotation_interpolation);
  linearize(out.scale, out.scale_interpolation);
  return out;
}

Transform sample_channel(const Channel& channel, const Transform& rest, float time) {
  std::uint32_t cursors[3] = {0, 0, 0};
  return sample_with_cursors(channel, rest, time, cursors);
}

Transform sample_channel(const Channel& channel, const Transform& rest, float time, std::uint32_t (&cursors)[3]) {
  return sample_with_cursors(channel, rest, time, cursors);
}

SceneAnimator::SceneAnimator(const Scene& scene)
    : scene_(&scene), local_(scene.joints.size()), model_(scene.joints.size()), cursors_(3 * scene.joints.size(), 0) {
  std::vector<std::int32_t> parents;
  for (const auto& j : scene.joints) parents.push_back(j.parent);
  order_ = parents_first_order(parents);
  for (const auto& a : scene.animations) {
    std::vector<std::int32_t> map(scene.joints.size(), -1);
    for (std::size_t c = 0; c < a.channels.size(); ++c)
      if (a.channels[c].joint < map.size()) map[a.channels[c].joint] = static_cast<std::int32_t>(c);
    channel_of_.push_back(std::move(map));
  }
}

void SceneAnimator::evaluate(std::int32_t animation, float time, std::span<Mat4> skin) {
  const auto& joints = scene_->joints;
  if (animation < 0 || static_cast<std::size_t>(animation) >= scene_->animations.size()) {
    std::fill_n(skin.begin(), joints.size(), Mat4{});
    for (std::size_t j = 0; j < joints.size(); ++j) model_[j] = inverse(joints[j].inverse_bind);
    return;
  }
  if (order_.size() < joints.size()) std::fill_n(skin.begin(), joints.size(), Mat4{});  // joints on cycles
  const Animation& anim = scene_->animations[animation];
  const auto& map = channel_of_[animation];
  for (std::uint32_t j : order_) {
    const Transform& rest = joints[j].rest;
    std::uint32_t* cur = &cursors_[3 * j];
    const Transform tr = map[j] >= 0 ? sample_with_cursors(anim.channels[map[j]], rest, time, cur) : rest;
    local_[j] = trs_matrix(tr.translation, tr.rotation, tr.scale);
    const std::int32_t p = joints[j].parent;
    const bool has_parent = p >= 0 && static_cast<std::size_t>(p) < joints.size();
    model_[j] = has_parent ? affine_multiply(model_[p], local_[j]) : local_[j];
    skin[j] = model_[j] * joints[j].inverse_bind;
  }
}

}  // namespace aem
