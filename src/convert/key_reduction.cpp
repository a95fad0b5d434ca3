// reduce_keys (see key_reduction.hpp). A joint's share of the bound is split between its lists that
// change; a translation error moves the joint's points by at most the parent's scale times it, a
// rotation error of sin(θ/2) = s by at most 2 s times the joint's reach, a scale error of e (per unit
// of scale) by at most e times the reach. Those bounds are pessimistic while the errors of joints on
// one chain add up, so the first share is 0.7 of the bound (measured on the corpus, the Khronos
// samples and the generated capture: larger first shares fail the check more often and end with as
// many keys); the check finds where it was not enough. Lists are reduced in groups (list_groups.hpp).
#include "convert/key_reduction.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <span>

#include "convert/animation_error.hpp"
#include "convert/error_points.hpp"
#include "convert/list_groups.hpp"
#include "convert/track_reduction.hpp"

namespace aem::convert {
namespace {

constexpr float kFirstShare = 0.7f;
constexpr int kHalvings = 6;  // then the joints still beyond the bound keep every key

std::uint64_t key_count(const Scene& scene) {
  std::uint64_t n = 0;
  for (const Animation& a : scene.animations)
    for (const Channel& ch : a.channels) n += ch.translation.size() + ch.rotation.size() + ch.scale.size();
  return n;
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
    for (std::size_t steps = 0; p >= 0 && static_cast<std::size_t>(p) < nj && steps < nj;
         ++steps, p = scene.joints[p].parent)
      chain *= growth[p];
    const std::int32_t parent = scene.joints[j].parent;
    if (parent >= 0 && static_cast<std::size_t>(parent) < nj)
      out[j].parent_scale = largest_column(rest[parent]) * chain;
  }
  return out;
}

float distance(const Vec3& a, const Vec3& b) { return length(a - b); }
float distance(const Quat& a, const Quat& b) { return rotation_distance(normalize(a), normalize(b)); }

const Vec3& rest_vector(const Transform& rest, Part part) {
  return part == Part::Translation ? rest.translation : rest.scale;
}

/// Tolerances of a channel's lists for `share` of the bound.
struct Tolerances {
  float translation, rotation, scale;
  float of(Part p) const { return p == Part::Translation ? translation : p == Part::Rotation ? rotation : scale; }
};

/// How many of a channel's lists change (their values are not all one).
int changing_lists(const Channel& ch) {
  return int(varies(ch.translation)) + int(varies(ch.rotation)) + int(varies(ch.scale));
}

Tolerances tolerances(int changing, const JointScale& scale, float share, float bound) {
  const float error = share * bound / float(std::max(changing, 1));
  const float inf = std::numeric_limits<float>::infinity();
  return {scale.parent_scale > 0.0f ? error / scale.parent_scale : inf,
          scale.reach > 0.0f ? error / (2.0f * scale.reach) : inf, scale.reach > 0.0f ? error / scale.reach : inf};
}

/// A list settled on its own: every key when its joint keeps every key (`tolerance` 0), none when
/// every key is within the tolerance of the rest value, its first when every key is within the
/// tolerance of that one. False when it changes more than that.
template <class V>
bool settle(const std::vector<Key<V>>& keys, float tolerance, const V& rest, std::vector<Key<V>>& out) {
  if (tolerance <= 0.0f) {
    out = keys;
    return true;
  }
  auto within = [&](const V& v) {
    return std::all_of(keys.begin(), keys.end(), [&](const Key<V>& k) { return distance(k.value, v) <= tolerance; });
  };
  if (within(rest)) {
    out.clear();
    return true;
  }
  if (!within(keys.front().value)) return false;
  out.assign(1, keys.front());
  return true;
}

template <class V>
void pick(const std::vector<Key<V>>& keys, const std::vector<std::uint32_t>& kept, std::vector<Key<V>>& out) {
  out.clear();
  for (std::uint32_t i : kept) out.push_back(keys[i]);
}

/// Reduces one group of `original`'s lists into `reduced`, each with its joint's share of the bound.
void reduce_group(const ListGroup& group, const Animation& original, Animation& reduced,
                  const std::vector<Joint>& joints, const std::vector<JointScale>& scales,
                  const std::vector<int>& changing, const std::vector<float>& share, float bound) {
  std::vector<ListRef> together;
  std::vector<float> tolerance;
  for (const ListRef& ref : group.lists) {
    const Channel& ch = original.channels[ref.channel];
    const float tol = tolerances(changing[ref.channel], scales[ch.joint], share[ch.joint], bound).of(ref.part);
    Channel& out = reduced.channels[ref.channel];
    const Transform& rest = joints[ch.joint].rest;
    const bool settled = group.rotations
                             ? settle(ch.rotation, tol, rest.rotation, out.rotation)
                             : settle(vectors(ch, ref.part), tol, rest_vector(rest, ref.part), vectors(out, ref.part));
    if (!settled) together.push_back(ref), tolerance.push_back(tol);
  }
  if (together.empty()) return;
  const Interpolation mode = mode_of(original.channels[together[0].channel], together[0].part);
  std::vector<std::uint32_t> kept;
  if (group.rotations) {
    std::vector<std::span<const Key<Quat>>> lists;
    for (const ListRef& ref : together) lists.emplace_back(original.channels[ref.channel].rotation);
    kept = shared_keys_to_keep(std::span<const std::span<const Key<Quat>>>(lists), tolerance, mode);
    for (const ListRef& ref : together)
      pick(original.channels[ref.channel].rotation, kept, reduced.channels[ref.channel].rotation);
  } else {
    std::vector<std::span<const Key<Vec3>>> lists;
    for (const ListRef& ref : together) lists.emplace_back(vectors(original.channels[ref.channel], ref.part));
    kept = shared_keys_to_keep(std::span<const std::span<const Key<Vec3>>>(lists), tolerance, mode);
    for (const ListRef& ref : together)
      pick(vectors(original.channels[ref.channel], ref.part), kept, vectors(reduced.channels[ref.channel], ref.part));
  }
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

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

/// Reduces work.animations[0] into work.animations[1] until the check passes; returns the error and
/// adds the time spent choosing keys and checking them to `report`.
float reduce_animation(Scene& work, const ErrorPoints& points, const std::vector<JointScale>& scales,
                       const KeyReductionOptions& options, KeyReductionReport& report) {
  const Animation& original = work.animations[0];
  Animation& reduced = work.animations[1];
  const std::size_t nj = work.joints.size();
  std::vector<float> share(nj, kFirstShare);
  std::vector<std::uint8_t> redo(nj, 1);
  auto start = std::chrono::steady_clock::now();
  // Every list of a channel with a joint is in a group and filled below; a channel without a joint to
  // measure it on stays as it is.
  reduced.channels.clear();
  for (const Channel& ch : original.channels) {
    if (ch.joint >= nj) {
      reduced.channels.push_back(ch);
      continue;
    }
    Channel& out = reduced.channels.emplace_back();
    out.joint = ch.joint;
    out.translation_interpolation = ch.translation_interpolation;
    out.rotation_interpolation = ch.rotation_interpolation;
    out.scale_interpolation = ch.scale_interpolation;
  }
  const std::vector<ListGroup> groups = list_groups(original, nj);
  std::vector<int> changing;
  for (const Channel& ch : original.channels) changing.push_back(changing_lists(ch));
  for (int pass = 0;; ++pass) {
    for (const ListGroup& group : groups)
      if (std::any_of(group.lists.begin(), group.lists.end(),
                      [&](const ListRef& r) { return redo[original.channels[r.channel].joint] != 0; }))
        reduce_group(group, original, reduced, work.joints, scales, changing, share, options.max_error);
    if (options.keep_time_span) keep_time_span(original, reduced);
    report.choose_ms += milliseconds_since(start);
    start = std::chrono::steady_clock::now();
    const AnimationError error = measure_error(points, work, 0, 1, options.max_error, options.check_every_point);
    report.check_ms += milliseconds_since(start);
    report.points_measured += error.points_measured;
    start = std::chrono::steady_clock::now();
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
  const auto start = std::chrono::steady_clock::now();
  const ErrorPoints points = error_points(scene);
  const std::vector<JointScale> scales = joint_scales(scene, points);
  report.choose_ms += milliseconds_since(start);
  Scene work;
  work.joints = scene.joints;
  work.animations.resize(2);
  for (Animation& animation : scene.animations) {
    work.animations[0] = std::move(animation);
    Animation& reduced = work.animations[1];
    reduced = Animation{work.animations[0].name,
                        work.animations[0].duration,
                        work.animations[0].frame_rate,
                        work.animations[0].loop,
                        {},
                        std::move(work.animations[0].weight_tracks)};  // morph weights are not reduced
    report.largest_error = std::max(report.largest_error, reduce_animation(work, points, scales, options, report));
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
  const float extent =
      box.empty() ? 0.0f : std::max({box.max.x - box.min.x, box.max.y - box.min.y, box.max.z - box.min.z});
  return extent > 0.0f && std::isfinite(extent) ? extent * kPerExtent : kMetres;
}

}  // namespace aem::convert
