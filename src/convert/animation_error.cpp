// measure_error (see animation_error.hpp). Both animations are posed together, four check times at a
// time (dual_pose.hpp); a joint whose model matrix agrees in both has no difference to measure. Per
// time, a joint's
// model-matrix difference ΔM = reduced - original and its skin-matrix difference D = ΔM B are each
// formed once, when a group first needs them. A point p moved by joints k with weights w_k
// (Σ|w_k| <= s) moves by |Σ w_k D_k p| <= Σ |w_k| |D_k p|; |D_k p| is convex in p, so over the box
// around a group's points it is largest at one of the box's eight corners: with C_k that largest, the
// group moves by at most min(Σ max|w_k| C_k, s max C_k). Groups of a few points are measured directly instead.
//
// The check runs in two sweeps. The first poses every time and measures point by point every group
// whose bound exceeds the bound given (`bound`): that finds every point beyond it, for the errors
// per joint. When one is, the largest error is among those measured (the others are within `bound`),
// and from then on a time whose joints' bounds (each over all the groups it moves) are all within
// `bound` is passed over without looking at its groups.
// When none is, the second sweep finds the largest error: the times in decreasing order of their
// largest unmeasured group bound, each posed again and its groups whose bounds exceed the largest
// error so far measured, until no time's bound does.
#include "convert/animation_error.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "aem/scene_animation.hpp"
#include "aem/sampling.hpp"
#include "convert/dual_pose.hpp"

namespace aem::convert {
namespace {

/// The top three rows of an affine matrix difference, with the Frobenius norm of its 3x3 part.
struct Difference {
  float m[12];  // column-major 3x4
  float norm;
};

/// A Difference at each of the four times of a pose, one per lane.
struct DifferenceLanes {
  detail::f32x4 m[12], norm;
};

// The same operation on one float and on four lanes, so that a bound reads alike for both.
float larger(float a, float b) { return std::max(a, b); }
detail::f32x4 larger(detail::f32x4 a, detail::f32x4 b) { return detail::select((detail::u32x4)(a < b), b, a); }
float smaller(float a, float b) { return std::min(a, b); }
detail::f32x4 smaller(detail::f32x4 a, detail::f32x4 b) { return detail::select((detail::u32x4)(b < a), b, a); }
float magnitude(float v) { return std::fabs(v); }
detail::f32x4 magnitude(detail::f32x4 v) { return (detail::f32x4)((detail::u32x4)v & 0x7fffffffu); }

Difference difference(const Mat4& reduced, const Mat4& original) {
  Difference d;
  float sum = 0.0f;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 3; ++r) {
      const float v = reduced.m[4 * c + r] - original.m[4 * c + r];
      d.m[3 * c + r] = v;
      if (c < 3) sum += v * v;
    }
  d.norm = std::sqrt(sum);
  return d;
}

Vec3 apply(const float* m, const Vec3& p) {
  return {m[0] * p.x + m[3] * p.y + m[6] * p.z + m[9], m[1] * p.x + m[4] * p.y + m[7] * p.z + m[10],
          m[2] * p.x + m[5] * p.y + m[8] * p.z + m[11]};
}

/// Per time: each joint's model-matrix and skin-matrix differences, each formed when a group first needs it
/// (skinned groups need only the skin ones, virtual points only the model ones).
class Differences {
 public:
  Differences(const std::vector<Joint>& joints, const DualPose& pose)
      : joints_(joints),
        pose_(pose),
        model_(joints.size()),
        skin_(joints.size()),
        skin_lanes_(joints.size()),
        model_lanes_(joints.size()),
        model_at_(joints.size(), 0),
        skin_at_(joints.size(), 0),
        skin_lanes_at_(joints.size(), 0),
        model_lanes_at_(joints.size(), 0) {}
  void next_time() { ++stamp_; }
  const Difference& model(std::size_t j) {
    if (pose_.same(j)) return none_;
    if (model_at_[j] != stamp_) {
      model_[j] = difference(pose_.reduced(j), pose_.original(j));
      model_at_[j] = stamp_;
    }
    return model_[j];
  }
  const Difference& skin(std::size_t j) {
    if (pose_.same(j)) return none_;  // equal products: the difference is zero
    if (skin_at_[j] != stamp_) {
      const DifferenceLanes& lanes = skin_lanes(j);
      const int lane = pose_.lane();
      for (int e = 0; e < 12; ++e) skin_[j].m[e] = lanes.m[e][lane];
      skin_[j].norm = lanes.norm[lane];
      skin_at_[j] = stamp_;
    }
    return skin_[j];
  }
  /// skin(j) and model(j) at every time of the pose, formed for the four at once with difference's
  /// operations lane by lane.
  const DifferenceLanes& skin_lanes(std::size_t j) {
    if (skin_lanes_at_[j] != pose_.poses()) {
      AffineLanes original, reduced;
      pose_.skin_lanes(j, joints_[j].inverse_bind, original, reduced);
      skin_lanes_[j] = difference_lanes(j, reduced, original);
      skin_lanes_at_[j] = pose_.poses();
    }
    return skin_lanes_[j];
  }
  const DifferenceLanes& model_lanes(std::size_t j) {
    if (model_lanes_at_[j] != pose_.poses()) {
      model_lanes_[j] = difference_lanes(j, pose_.reduced_lanes(j), pose_.original_lanes(j));
      model_lanes_at_[j] = pose_.poses();
    }
    return model_lanes_[j];
  }
  Mat4 skin_original(std::size_t j) const { return pose_.original(j) * joints_[j].inverse_bind; }
  Mat4 skin_reduced(std::size_t j) const { return pose_.reduced(j) * joints_[j].inverse_bind; }

 private:
  const std::vector<Joint>& joints_;
  const DualPose& pose_;
  /// reduced - original with the lanes where joint j's model matrices agree zero (none_'s).
  DifferenceLanes difference_lanes(std::size_t j, const AffineLanes& reduced, const AffineLanes& original) const {
    const detail::u32x4 same = pose_.same_lanes(j);
    DifferenceLanes d;
    detail::f32x4 sum{};
    for (int e = 0; e < 12; ++e) {
      d.m[e] = detail::select(same, detail::f32x4{}, reduced.m[e] - original.m[e]);
      if (e < 9) sum += d.m[e] * d.m[e];
    }
    d.norm = detail::sqrt_lanes(sum);
    return d;
  }

  std::vector<Difference> model_, skin_;
  std::vector<DifferenceLanes> skin_lanes_, model_lanes_;
  const Difference none_{};
  std::vector<std::uint64_t> model_at_, skin_at_;              // the stamp of the time each was formed at
  std::vector<std::uint64_t> skin_lanes_at_, model_lanes_at_;  // the pose each lanes were formed at
  std::uint64_t stamp_ = 0;
};

/// Where a point of a skinned group with a rigid joint goes under one pose's skin matrices.
template <class Skin>
Vec3 skinned(const PointGroup& g, const float* w, const Vec3& p0, Skin skin) {
  const Vec3 p = transform_point(skin(static_cast<std::uint32_t>(g.rigid)), p0);
  Vec3 sum{};
  for (std::size_t k = 0; k < g.joints.size(); ++k) sum = sum + transform_point(skin(g.joints[k]), p) * w[k];
  return sum;
}

/// The largest distance of a group's points between the two poses.
float group_error(const ErrorPoints& pts, std::size_t gi, Differences& d) {
  const PointGroup& g = pts.groups[gi];
  const Vec3* p = pts.positions.data() + g.first;
  float largest = 0.0f;
  if (g.joint_space || g.joints.empty()) {
    const Difference& m = g.joint_space ? d.model(g.joints[0]) : d.skin(static_cast<std::uint32_t>(g.rigid));
    for (std::uint32_t i = 0; i < g.count; ++i) largest = std::max(largest, length(apply(m.m, p[i])));
    return largest;
  }
  const float* w = pts.weights.data() + pts.weight_offset[gi];
  if (g.rigid >= 0) {
    for (std::uint32_t i = 0; i < g.count; ++i, w += g.joints.size())
      largest = std::max(largest, length(skinned(g, w, p[i], [&](std::uint32_t j) { return d.skin_reduced(j); }) -
                                         skinned(g, w, p[i], [&](std::uint32_t j) { return d.skin_original(j); })));
    return largest;
  }
  std::array<const Difference*, kMaxInfluences> joint_d;  // a group's skin joints are one vertex's
  for (std::size_t k = 0; k < g.joints.size(); ++k) joint_d[k] = &d.skin(g.joints[k]);
  // Σ w_k D_k applied once per point: the difference of the two blended skins. Four points at a time,
  // one per lane; past the last point the lanes repeat it, which leaves the largest as it is.
  const std::size_t nk = g.joints.size();
  detail::f32x4 largest_lanes{};
  for (std::uint32_t i = 0; i < g.count; i += 4) {
    std::uint32_t at[4];
    detail::f32x4 px, py, pz;
    for (std::uint32_t lane = 0; lane < 4; ++lane) {
      at[lane] = std::min(i + lane, g.count - 1);
      px[lane] = p[at[lane]].x, py[lane] = p[at[lane]].y, pz[lane] = p[at[lane]].z;
    }
    detail::f32x4 blend[12] = {};
    for (std::size_t k = 0; k < nk; ++k) {
      const detail::f32x4 wk{w[at[0] * nk + k], w[at[1] * nk + k], w[at[2] * nk + k], w[at[3] * nk + k]};
      for (int e = 0; e < 12; ++e) blend[e] += wk * joint_d[k]->m[e];
    }
    const detail::f32x4 x = blend[0] * px + blend[3] * py + blend[6] * pz + blend[9],
                        y = blend[1] * px + blend[4] * py + blend[7] * pz + blend[10],
                        z = blend[2] * px + blend[5] * py + blend[8] * pz + blend[11];
    largest_lanes = larger(largest_lanes, detail::sqrt_lanes(x * x + y * y + z * z));
  }
  for (int lane = 0; lane < 4; ++lane) largest = std::max(largest, largest_lanes[lane]);
  return largest;
}

/// Groups of at most this many points are measured directly: about the work of their bound.
constexpr std::uint32_t kMeasuredDirectly = 8;

float sum_abs(const Vec3& v) { return std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z); }

/// A margin for the rounding of the measurements a bound on |d p| stands for (relative 1e-5 of the
/// terms they add up), for points p with |p|₁ <= `reach`. D: Difference or DifferenceLanes.
template <class D>
auto rounding_margin(const D& d, float reach) {
  return 1e-5f * (d.norm * reach + (magnitude(d.m[9]) + magnitude(d.m[10]) + magnitude(d.m[11])));
}

/// The margin for a group's points, so that a group the bound clears is one they would clear.
template <class D>
auto rounding_margin(const D& d, const PointGroup& g) {
  return rounding_margin(d, sum_abs(g.center) + g.radius);
}

/// The largest |d p| over the sphere around the group's points, bounded, at the four times.
detail::f32x4 within_sphere(const DifferenceLanes& d, const PointGroup& g) {
  const Vec3& c = g.center;
  const detail::f32x4 x = d.m[0] * c.x + d.m[3] * c.y + d.m[6] * c.z + d.m[9],
                      y = d.m[1] * c.x + d.m[4] * c.y + d.m[7] * c.z + d.m[10],
                      z = d.m[2] * c.x + d.m[5] * c.y + d.m[8] * c.z + d.m[11];
  return detail::sqrt_lanes(x * x + y * y + z * z) + d.norm * g.radius + rounding_margin(d, g);
}

/// The largest |d p| over the box around the group's points: at one of its corners.
float at_corners(const Difference& d, const PointGroup& g) {
  const Vec3 at_centre = apply(d.m, g.center);
  const Vec3 x = Vec3{d.m[0], d.m[1], d.m[2]} * g.half_size.x, y = Vec3{d.m[3], d.m[4], d.m[5]} * g.half_size.y,
             z = Vec3{d.m[6], d.m[7], d.m[8]} * g.half_size.z;
  float largest = 0.0f;
  for (float sx : {-1.0f, 1.0f})
    for (float sy : {-1.0f, 1.0f})
      for (float sz : {-1.0f, 1.0f}) {
        const Vec3 corner = at_centre + x * sx + y * sy + z * sz;
        largest = std::max(largest, dot(corner, corner));
      }
  return std::sqrt(largest) + rounding_margin(d, g);
}

/// A bound on a group's distances from `bound_of(D)`, a bound on |D p| over its points, for the
/// difference D that moves them (per skin joint, combined by the weights).
/// `difference_of(j, model)` is joint j's model (or skin) difference, at one time or four.
template <class DifferenceOf, class BoundOf>
auto combined(const PointGroup& g, DifferenceOf difference_of, BoundOf bound_of) {
  if (g.joint_space) return bound_of(difference_of(g.joints[0], true));
  if (g.joints.empty()) return bound_of(difference_of(static_cast<std::uint32_t>(g.rigid), false));
  decltype(bound_of(difference_of(0, false))) weighted{}, largest{};
  for (std::size_t k = 0; k < g.joints.size(); ++k) {
    const auto b = bound_of(difference_of(g.joints[k], false));
    weighted += g.max_weight[k] * b;
    largest = larger(largest, b);
  }
  return smaller(weighted, g.weight_sum * largest);
}

/// Per group, its sphere bound at the four times of the pose, formed when first needed.
class SphereBounds {
 public:
  SphereBounds(const ErrorPoints& pts, Differences& d, const DualPose& pose)
      : pts_(pts), d_(d), pose_(pose), lanes_(pts.groups.size()), at_(pts.groups.size(), 0) {}
  /// Group gi's bound at the time read.
  float operator()(std::size_t gi) {
    if (at_[gi] != pose_.poses()) {
      const PointGroup& g = pts_.groups[gi];
      lanes_[gi] = combined(
          g,
          [&](std::uint32_t j, bool model) -> const DifferenceLanes& {
            return model ? d_.model_lanes(j) : d_.skin_lanes(j);
          },
          [&](const DifferenceLanes& m) { return within_sphere(m, g); });
      at_[gi] = pose_.poses();
    }
    return lanes_[gi][pose_.lane()];
  }

 private:
  const ErrorPoints& pts_;
  Differences& d_;
  const DualPose& pose_;
  std::vector<detail::f32x4> lanes_;
  std::vector<std::uint64_t> at_;
};

/// A group's largest distance at the posed time, or a bound on it.
struct GroupBound {
  float value;
  bool measured;  ///< value is the largest distance itself
};

/// The cheapest of: the sphere's bound when it is within `threshold`; the distances themselves for a
/// group of a few points (about the work of the corners' bound); the corners' bound.
GroupBound group_bound(const ErrorPoints& pts, std::size_t gi, Differences& d, SphereBounds& spheres, float threshold,
                       bool every_point) {
  const PointGroup& g = pts.groups[gi];
  // A rigid joint under a skin moves the points before the skin does: no bound here.
  if (every_point || (g.rigid >= 0 && !g.joints.empty())) return {group_error(pts, gi, d), true};
  const float sphere = spheres(gi);
  if (sphere <= threshold) return {sphere, false};
  if (g.count <= kMeasuredDirectly) return {group_error(pts, gi, d), true};
  const auto difference_of = [&](std::uint32_t j, bool model) -> const Difference& {
    return model ? d.model(j) : d.skin(j);
  };
  return {combined(g, difference_of, [&](const Difference& m) { return at_corners(m, g); }), false};
}

/// Per joint, one sphere around the spheres of every group whose bound uses the joint's difference,
/// so that a bound per joint and time exceeds each of those groups' sphere bounds: a time whose joints
/// are all within the bound has no group beyond it, and its groups need not be looked at.
class WholePoseBound {
 public:
  WholePoseBound(const ErrorPoints& pts, std::size_t joint_count, bool every_point) : joints_(joint_count) {
    // Groups measured whatever their bound leave no time to clear.
    usable_ = !every_point;
    std::vector<Bounds> boxes(joint_count);
    const auto each_joint = [&](const PointGroup& g, auto visit) {
      if (g.joint_space) return visit(g.joints[0], true);
      if (g.joints.empty()) return visit(static_cast<std::uint32_t>(g.rigid), false);
      for (std::uint32_t j : g.joints) visit(j, false);
    };
    for (const PointGroup& g : pts.groups) {
      if (g.rigid >= 0 && !g.joints.empty()) usable_ = false;
      if (!std::isfinite(g.center.x + g.center.y + g.center.z + g.radius)) usable_ = false;
      if (!g.joint_space && !g.joints.empty()) weight_sum_ = std::max(weight_sum_, g.weight_sum);
      each_joint(g, [&](std::uint32_t j, bool model) {
        Reach& r = joints_[j];
        if (r.used && r.model != model) usable_ = false;  // one difference per joint
        r.used = true, r.model = model;
        const Vec3 extent{g.radius, g.radius, g.radius};
        boxes[j].add(g.center - extent);
        boxes[j].add(g.center + extent);
      });
    }
    if (!usable_ || !std::isfinite(weight_sum_)) {
      usable_ = false;
      return;
    }
    for (std::size_t j = 0; j < joint_count; ++j)
      if (joints_[j].used) joints_[j].center = (boxes[j].min + boxes[j].max) * 0.5f;
    for (const PointGroup& g : pts.groups)
      each_joint(g, [&](std::uint32_t j, bool) {
        Reach& r = joints_[j];
        r.radius = std::max(r.radius, length(g.center - r.center) + g.radius);
      });
    for (Reach& r : joints_) {
      r.radius *= 1.0001f;  // over the rounding of the distances it was taken from
      // Over each group's |c|₁ + r, the sum rounding_margin scales by: |c|₁ <= |C|₁ + √3 |c - C|.
      r.reach = sum_abs(r.center) + 2.0f * r.radius;
    }
  }

  /// Whether every group's sphere bound at the posed time is within `bound`. The per joint bound
  /// |D C| + |D| R is over |D c| + |D| r for a sphere (c, r) inside (C, R), since D c - D C is the
  /// 3x3 part times c - C; twice the rounding margin covers the two computations' rounding. The
  /// groups combine their joints' bounds into at most the largest weight sum times the largest.
  bool clears(Differences& d, float bound) const {
    if (!usable_) return false;
    for (std::size_t j = 0; j < joints_.size(); ++j) {
      const Reach& r = joints_[j];
      if (!r.used) continue;
      const Difference& m = r.model ? d.model(j) : d.skin(j);
      const float joint_bound = length(apply(m.m, r.center)) + m.norm * r.radius + 2.0f * rounding_margin(m, r.reach);
      if (!(weight_sum_ * joint_bound <= bound)) return false;
    }
    return true;
  }

 private:
  struct Reach {
    Vec3 center{};
    float radius = 0.0f, reach = 0.0f;
    bool used = false, model = false;  ///< model: the joint moves virtual points by its model matrix
  };
  std::vector<Reach> joints_;
  float weight_sum_ = 1.0f;  ///< the largest a group's weights scale its joints' bounds by
  bool usable_ = true;
};

/// One measured group's distance, into the largest and the errors per joint.
void record(AnimationError& out, const PointGroup& g, float e, float t, float bound) {
  if (e > out.largest) {
    out.largest = e;
    out.time = t;
  }
  if (e > bound) {
    for (std::uint32_t j : g.joints) out.by_joint[j] = std::max(out.by_joint[j], e);
    if (g.rigid >= 0)
      out.by_joint[static_cast<std::uint32_t>(g.rigid)] =
          std::max(out.by_joint[static_cast<std::uint32_t>(g.rigid)], e);
  }
}

}  // namespace

std::vector<float> check_times(const Animation& animation) {
  std::vector<float> times;
  // Channels usually share a few time lists (one for rotations, another for constant scales...): a list
  // equal to one of the last few distinct ones adds nothing. Any other repeat is only sorted away.
  constexpr std::size_t kRemembered = 4;
  std::array<std::pair<std::size_t, std::size_t>, kRemembered> recent{};  // where each list is in `times`
  std::size_t lists = 0;
  auto add = [&](const auto& keys) {
    if (keys.empty()) return;
    const auto same = [&](const std::pair<std::size_t, std::size_t>& list) {
      return list.second == keys.size() &&
             std::equal(keys.begin(), keys.end(), times.begin() + static_cast<std::ptrdiff_t>(list.first),
                        [](const auto& k, float t) { return k.time == t; });
    };
    if (std::any_of(recent.begin(), recent.begin() + static_cast<std::ptrdiff_t>(std::min(lists, kRemembered)), same))
      return;
    recent[lists++ % kRemembered] = {times.size(), keys.size()};
    for (const auto& k : keys) times.push_back(k.time);
  };
  for (const Channel& ch : animation.channels) {
    add(ch.translation);
    add(ch.rotation);
    add(ch.scale);
  }
  times.erase(std::remove_if(times.begin(), times.end(), [](float t) { return !std::isfinite(t); }), times.end());
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  const std::size_t keys = times.size();
  for (std::size_t i = 0; i + 1 < keys; ++i) times.push_back(times[i] + 0.5f * (times[i + 1] - times[i]));
  std::inplace_merge(times.begin(), times.begin() + static_cast<std::ptrdiff_t>(keys), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

AnimationError measure_error(const ErrorPoints& points, const Scene& skeleton, std::size_t original,
                             std::size_t reduced, float bound, bool every_point) {
  const std::size_t nj = skeleton.joints.size();
  AnimationError out;
  out.by_joint.assign(nj, 0.0f);
  DualPose pose(skeleton, original, reduced);
  Differences d(skeleton.joints, pose);
  SphereBounds spheres(points, d, pose);
  const WholePoseBound whole_pose(points, nj, every_point);
  const std::vector<float> times = check_times(skeleton.animations[original]);

  // Per time: the largest bound of a group the first sweep did not measure.
  std::vector<float> unmeasured(times.size(), 0.0f);
  in_batches(times, 4, [&](std::size_t first, const float(&batch)[4], int count) {
    pose.pose(batch, count);
    for (int lane = 0; lane < count; ++lane) {
      const std::size_t ti = first + static_cast<std::size_t>(lane);
      pose.use_lane(lane);
      if (pose.all_same()) continue;
      d.next_time();
      // Once an error beyond the bound is found the check fails and `unmeasured` goes unused: a time
      // whose whole pose is within the bound has nothing left to measure. Before that, every group's
      // own bound is kept, for the order of the second sweep.
      if (out.largest > bound && whole_pose.clears(d, bound)) continue;
      for (std::size_t gi = 0; gi < points.groups.size(); ++gi) {
        const GroupBound b = group_bound(points, gi, d, spheres, bound, every_point);
        if (b.measured || b.value > bound) {
          const float e = b.measured ? b.value : group_error(points, gi, d);
          out.points_measured += points.groups[gi].count;
          record(out, points.groups[gi], e, times[ti], bound);
        } else {
          unmeasured[ti] = std::max(unmeasured[ti], b.value);
        }
      }
    }
  });
  if (out.largest > bound) return out;
  std::vector<std::uint32_t> order;
  for (std::size_t ti = 0; ti < times.size(); ++ti)
    if (unmeasured[ti] > out.largest) order.push_back(static_cast<std::uint32_t>(ti));
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return unmeasured[a] > unmeasured[b]; });
  // Posed four at a time in that order; the lanes past the first time that no longer needs a look
  // are posed for nothing.
  for (std::size_t at = 0; at < order.size() && unmeasured[order[at]] > out.largest;) {
    float batch[4] = {};
    const int count = static_cast<int>(std::min<std::size_t>(4, order.size() - at));
    for (int lane = 0; lane < count; ++lane) batch[lane] = times[order[at + static_cast<std::size_t>(lane)]];
    pose.pose(batch, count);
    for (int lane = 0; lane < count && unmeasured[order[at]] > out.largest; ++lane, ++at) {
      const std::uint32_t ti = order[at];
      pose.use_lane(lane);
      d.next_time();
      for (std::size_t gi = 0; gi < points.groups.size(); ++gi) {
        const GroupBound b = group_bound(points, gi, d, spheres, out.largest, false);
        if (!b.measured && !(b.value > out.largest)) continue;
        out.points_measured += points.groups[gi].count;
        record(out, points.groups[gi], b.measured ? b.value : group_error(points, gi, d), times[ti], bound);
      }
    }
  }
  return out;
}

}  // namespace aem::convert
