// reduce_keys (see key_reduction.hpp). A joint's share of the bound is split between its lists that
// change; a translation error moves the joint's points by at most the parent's scale times it, a
// rotation error of sin(θ/2) = s by at most 2 s times the joint's reach, a scale error of e (per unit
// of scale) by at most e times the reach. Errors of joints on one chain add up, so the first share is
// half the bound; the check finds where that was not enough.
#include "convert/key_reduction.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "convert/animation_error.hpp"
#include "convert/error_points.hpp"
#include "convert/track_reduction.hpp"

namespace aem::convert {
namespace {

constexpr float kFirstShare = 0.5f;
constexpr int kHalvings = 6;  // then the joints still beyond the bound keep every key

std::uint64_t key_count(const Scene& scene) {
  std::uint64_t n = 0;
  for (const Animation& a : scene.animations)
    for (const Channel& ch : a.channels) n += ch.translation.size() + ch.rotation.size() + ch.scale.size();
  return n;
}

template <class V>
bool varies(const std::vector<Key<V>>& keys) {
  return std::any_of(keys.begin(), keys.end(), [&](const Key<V>& k) { return !(k.value == keys.front().value); });
}

float largest_column(const Mat4& m) {
  float s = 0.0f;
  for (int c = 0; c < 3; ++c) s = std::max(s, length(Vec3{m.m[4 * c], m.m[4 * c + 1], m.m[4 * c + 2]}));
  return s;
}

float largest_component(const Vec3& v) { return std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}); }

/// What the tolerances of a joint's lists are derived from.
struct JointScale {
  float parent_scale = 1.0f;  ///< model units per unit of the joint's translation
  float reach = 0.0f;         ///< model units (error_points' reach)
};

/// Per joint: the parent's model scale at rest, times the largest factor by which animated scales of
/// the parent and its ancestors exceed their rest scale.
std::vector<JointScale> joint_scales(const Scene& scene, const ErrorPoints& points) {
  const std::size_t nj = scene.joints.size();
  const std::vector<Mat4> rest = joint_rest_matrices(scene);
  std::vector<float> growth(nj, 1.0f);
  for (const Animation& a : scene.animations)
    for (const Channel& ch : a.channels) {
      if (ch.joint >= nj) continue;
      const float at_rest = largest_component(scene.joints[ch.joint].rest.scale);
      for (const auto& k : ch.scale)
        if (at_rest > 0.0f) growth[ch.joint] = std::max(growth[ch.joint], largest_component(k.value) / at_rest);
    }
  std::vector<JointScale> out(nj);
  for (std::size_t j = 0; j < nj; ++j) {
    out[j].reach = points.reach[j];
    float chain = 1.0f;
    std::int32_t p = scene.joints[j].parent;
    for (std::size_t steps = 0; p >= 0 && static_cast<std::size_t>(p) < nj && steps < nj; ++steps, p = scene.joints[p].parent)
      chain *= growth[p];
    const std::int32_t parent = scene.joints[j].parent;
    if (parent >= 0 && static_cast<std::size_t>(parent) < nj) out[j].parent_scale = largest_column(rest[parent]) * chain;
  }
  return out;
}

float distance(const Vec3& a, const Vec3& b) { return length(a - b); }
float distance(const Quat& a, const Quat& b) { return rotation_distance(normalize(a), normalize(b)); }

/// The kept keys of one list; none when every key is within the tolerance of the rest value.
template <class V>
std::vector<Key<V>> reduce_list(const std::vector<Key<V>>& keys, Interpolation mode, float tolerance, const V& rest) {
  const std::vector<std::uint32_t> kept = keys_to_keep(std::span<const Key<V>>(keys), mode, tolerance);
  if (kept.size() == 1 &&
      std::all_of(keys.begin(), keys.end(), [&](const Key<V>& k) { return distance(k.value, rest) <= tolerance; }))
    return {};
  std::vector<Key<V>> out;
  out.reserve(kept.size());
  for (std::uint32_t i : kept) out.push_back(keys[i]);
  return out;
}

/// `ch` reduced with `share` of the bound (0: every key kept).
Channel reduce_channel(const Channel& ch, const Joint& joint, const JointScale& scale, float share, float bound) {
  if (share <= 0.0f) return ch;
  const int changing = int(varies(ch.translation)) + int(varies(ch.rotation)) + int(varies(ch.scale));
  const float error = share * bound / float(std::max(changing, 1));
  const float inf = std::numeric_limits<float>::infinity();
  const float t_tol = scale.parent_scale > 0.0f ? error / scale.parent_scale : inf;
  const float r_tol = scale.reach > 0.0f ? error / (2.0f * scale.reach) : inf;
  const float s_tol = scale.reach > 0.0f ? error / scale.reach : inf;
  Channel out = ch;
  out.translation = reduce_list(ch.translation, ch.translation_interpolation, t_tol, joint.rest.translation);
  out.rotation = reduce_list(ch.rotation, ch.rotation_interpolation, r_tol, joint.rest.rotation);
  out.scale = reduce_list(ch.scale, ch.scale_interpolation, s_tol, joint.rest.scale);
  return out;
}

template <class V>
void extend_end(const std::vector<Key<V>>& keys, float& last, bool& any) {
  if (keys.empty()) return;
  last = std::max(last, keys.back().time);
  any = true;
}

/// The latest key time of any list of `a`, and whether `a` has a key at all.
float last_time(const Animation& a, bool& any) {
  float last = -std::numeric_limits<float>::infinity();
  any = false;
  for (const Channel& ch : a.channels) {
    extend_end(ch.translation, last, any);
    extend_end(ch.rotation, last, any);
    extend_end(ch.scale, last, any);
  }
  return last;
}

template <class V>
bool restore_last(const std::vector<Key<V>>& original, std::vector<Key<V>>& reduced, float end) {
  if (original.empty() || original.back().time != end) return false;
  if (reduced.empty() || reduced.back().time < end) reduced.push_back(original.back());
  return true;
}

/// For outputs whose animation lasts until its last key: the original's last key comes back when no
/// kept key reaches its time (the check then measures it like any other).
void keep_time_span(const Animation& original, Animation& reduced) {
  bool any_original = false, any_reduced = false;
  const float end = last_time(original, any_original);
  const float reduced_end = last_time(reduced, any_reduced);
  if (!any_original || (any_reduced && reduced_end >= end)) return;
  for (std::size_t c = 0; c < original.channels.size(); ++c) {
    const Channel& o = original.channels[c];
    Channel& r = reduced.channels[c];
    if (restore_last(o.translation, r.translation, end) || restore_last(o.rotation, r.rotation, end) ||
        restore_last(o.scale, r.scale, end))
      return;
  }
}

/// Joints of `by_joint` beyond the bound, and their ancestors.
std::vector<std::uint8_t> failing_joints(const Scene& scene, const std::vector<float>& by_joint, float bound) {
  const std::size_t nj = scene.joints.size();
  std::vector<std::uint8_t> failing(nj, 0);
  for (std::size_t j = 0; j < nj; ++j) {
    if (!(by_joint[j] > bound)) continue;
    std::int32_t k = static_cast<std::int32_t>(j);
    for (std::size_t steps = 0; k >= 0 && static_cast<std::size_t>(k) < nj && steps <= nj && !failing[k]; ++steps) {
      failing[k] = 1;
      k = scene.joints[k].parent;
    }
  }
  return failing;
}

/// Reduces work.animations[0] into work.animations[1] until the check passes; returns the error.
float reduce_animation(Scene& work, const ErrorPoints& points, const std::vector<JointScale>& scales, const KeyReductionOptions& options) {
  const Animation& original = work.animations[0];
  Animation& reduced = work.animations[1];
  const std::size_t nj = work.joints.size();
  std::vector<float> share(nj, kFirstShare);
  std::vector<std::uint8_t> redo(nj, 1);
  reduced.channels.resize(original.channels.size());
  for (int pass = 0;; ++pass) {
    for (std::size_t c = 0; c < original.channels.size(); ++c) {
      const Channel& ch = original.channels[c];
      if (ch.joint >= nj) {
        reduced.channels[c] = ch;  // no joint to measure it on: left as it is
      } else if (redo[ch.joint]) {
        reduced.channels[c] = reduce_channel(ch, work.joints[ch.joint], scales[ch.joint], share[ch.joint], options.max_error);
      }
    }
    if (options.keep_time_span) keep_time_span(original, reduced);
    const AnimationError error = measure_error(points, work, 0, 1, options.max_error);
    if (error.largest <= options.max_error) return error.largest;
    redo = failing_joints(work, error.by_joint, options.max_error);
    bool tightened = false;
    for (std::size_t j = 0; j < nj; ++j)
      if (redo[j] && share[j] > 0.0f) {
        share[j] = pass + 1 < kHalvings ? share[j] * 0.5f : 0.0f;
        tightened = true;
      }
    if (!tightened) return error.largest;  // every joint to blame already keeps every key
  }
}

}  // namespace

KeyReductionReport reduce_keys(Scene& scene, const KeyReductionOptions& options) {
  KeyReductionReport report;
  report.bound = options.max_error;
  report.keys_before = key_count(scene);
  if (!(options.max_error > 0.0f) || scene.animations.empty()) {
    report.keys_after = report.keys_before;
    return report;
  }
  if (options.linear_playback)
    for (Animation& a : scene.animations)
      for (Channel& ch : a.channels)
        ch.translation_interpolation = ch.rotation_interpolation = ch.scale_interpolation = Interpolation::Linear;
  const ErrorPoints points = error_points(scene);
  const std::vector<JointScale> scales = joint_scales(scene, points);
  Scene work;
  work.joints = scene.joints;
  work.animations.resize(2);
  for (Animation& animation : scene.animations) {
    work.animations[0] = std::move(animation);
    Animation& reduced = work.animations[1];
    reduced = Animation{work.animations[0].name, work.animations[0].duration, work.animations[0].frame_rate, work.animations[0].loop, {}};
    report.largest_error = std::max(report.largest_error, reduce_animation(work, points, scales, options));
    animation = std::move(reduced);
  }
  report.keys_after = key_count(scene);
  return report;
}

float default_max_error(const Scene& scene, float metres_per_unit) {
  constexpr float kMetres = 1e-4f, kPerExtent = 1.0f / 18000.0f;
  if (metres_per_unit > 0.0f) return kMetres / metres_per_unit;
  Bounds box = compute_bounds(scene);
  if (box.empty())
    for (const Mat4& m : joint_rest_matrices(scene)) box.add({m.m[12], m.m[13], m.m[14]});
  const float extent = box.empty() ? 0.0f : std::max({box.max.x - box.min.x, box.max.y - box.min.y, box.max.z - box.min.z});
  return extent > 0.0f && std::isfinite(extent) ? extent * kPerExtent : kMetres;
}

}  // namespace aem::convert
