// measure_error (see animation_error.hpp). Both animations are posed together, joint by joint: a joint
// whose lists kept every key takes the original's local transform, and one whose local transform and
// ancestors all agree takes its model matrix too, with no difference to measure. Per time, each joint's
// model-matrix difference ΔM = reduced - original is formed once; a group of points within a sphere
// moved by joints k with weights up to w_k then moves by at most Σ w_k (|ΔM_k c_k| + ‖ΔM_k‖ ‖B_k‖ r)
// (c_k: the sphere's centre in joint k's space, B_k its inverse bind, r the radius; ‖·‖ of the 3x3
// parts, Frobenius, which bounds the largest stretch), so only groups whose bound exceeds the largest
// error so far (or the bound that attributes errors to joints) are measured point by point, with the
// skin matrices' differences ΔM_k B_k.
#include "convert/animation_error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/sampling.hpp"

namespace aem::convert {
namespace {

/// The top three rows of an affine matrix difference, with the Frobenius norm of its 3x3 part.
struct Difference {
  float m[12];  // column-major 3x4
  float norm;
};

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

float frobenius3(const Mat4& m) {
  float sum = 0.0f;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) sum += m.m[4 * c + r] * m.m[4 * c + r];
  return std::sqrt(sum);
}

/// The skeleton posed by two animations at once (model matrices, as SceneAnimator poses them).
class DualPose {
 public:
  DualPose(const Scene& skeleton, std::size_t original, std::size_t reduced) : joints_(skeleton.joints) {
    const std::size_t nj = joints_.size();
    std::vector<std::int32_t> parents(nj);
    for (std::size_t j = 0; j < nj; ++j) parents[j] = joints_[j].parent;
    order_ = parents_first_order(parents);
    a_.assign(nj, nullptr), b_.assign(nj, nullptr);
    for (const Channel& ch : skeleton.animations[original].channels)
      if (ch.joint < nj) a_[ch.joint] = &ch;
    for (const Channel& ch : skeleton.animations[reduced].channels)
      if (ch.joint < nj) b_[ch.joint] = &ch;
    kept_all_.assign(nj, 0);
    for (std::size_t j = 0; j < nj; ++j)  // the reduced keys are a subset of the original ones
      kept_all_[j] = (!a_[j] && !b_[j]) ||
                     (a_[j] && b_[j] && a_[j]->translation.size() == b_[j]->translation.size() &&
                      a_[j]->rotation.size() == b_[j]->rotation.size() && a_[j]->scale.size() == b_[j]->scale.size() &&
                      a_[j]->translation_interpolation == b_[j]->translation_interpolation &&
                      a_[j]->rotation_interpolation == b_[j]->rotation_interpolation &&
                      a_[j]->scale_interpolation == b_[j]->scale_interpolation);
    model_a_.resize(nj), model_b_.resize(nj);
    same_.assign(nj, 1);
    cursors_a_.resize(nj), cursors_b_.resize(nj);
  }

  /// Poses both at `time`; joints on cycles keep identity in both.
  void pose(float time) {
    for (std::uint32_t j : order_) {
      const Transform& rest = joints_[j].rest;
      const Transform ta = a_[j] ? sample_channel(*a_[j], rest, time, cursors_a_[j].c) : rest;
      const Mat4 la = trs_matrix(ta.translation, ta.rotation, ta.scale);
      const std::int32_t p = joints_[j].parent;
      const bool has_parent = p >= 0 && static_cast<std::size_t>(p) < joints_.size();
      model_a_[j] = has_parent ? affine_multiply(model_a_[p], la) : la;
      if (kept_all_[j] && (!has_parent || same_[p])) {
        model_b_[j] = model_a_[j];
        same_[j] = 1;
        continue;
      }
      Mat4 lb = la;
      if (!kept_all_[j]) {
        const Transform tb = b_[j] ? sample_channel(*b_[j], rest, time, cursors_b_[j].c) : rest;
        lb = trs_matrix(tb.translation, tb.rotation, tb.scale);
      }
      model_b_[j] = has_parent ? affine_multiply(model_b_[p], lb) : lb;
      same_[j] = model_b_[j] == model_a_[j];
    }
  }

  const Mat4& original(std::size_t j) const { return model_a_[j]; }
  const Mat4& reduced(std::size_t j) const { return model_b_[j]; }
  bool same(std::size_t j) const { return same_[j] != 0; }
  bool all_same() const {
    return std::all_of(same_.begin(), same_.end(), [](std::uint8_t s) { return s != 0; });
  }

 private:
  struct Cursors {
    std::uint32_t c[3] = {0, 0, 0};
  };
  const std::vector<Joint>& joints_;
  std::vector<std::uint32_t> order_;
  std::vector<const Channel*> a_, b_;
  std::vector<std::uint8_t> kept_all_, same_;
  std::vector<Mat4> model_a_, model_b_;
  std::vector<Cursors> cursors_a_, cursors_b_;
};

/// What the bounds of a group need per skin joint, computed once: the group's centre in the joint's
/// space and its radius stretched by the inverse bind.
struct GroupFrames {
  std::vector<std::uint32_t> first;  // per group: where its joints' entries start
  std::vector<Vec3> centre;
  std::vector<float> radius;
};

GroupFrames group_frames(const ErrorPoints& points, const std::vector<Joint>& joints) {
  GroupFrames f;
  for (const PointGroup& g : points.groups) {
    f.first.push_back(static_cast<std::uint32_t>(f.centre.size()));
    if (g.joint_space) {
      f.centre.push_back(g.center), f.radius.push_back(g.radius);
      continue;
    }
    std::vector<std::uint32_t> moved = g.joints;
    if (g.joints.empty()) moved.push_back(static_cast<std::uint32_t>(g.rigid));
    for (std::uint32_t j : moved) {
      const Mat4& ib = joints[j].inverse_bind;
      f.centre.push_back(transform_point(ib, g.center));
      f.radius.push_back(g.radius * frobenius3(ib));
    }
  }
  return f;
}

/// Per time: each joint's model-matrix difference, and its skin-matrix difference when a group needs it.
class Differences {
 public:
  Differences(const std::vector<Joint>& joints, const DualPose& pose)
      : joints_(joints), pose_(pose), model_(joints.size()), skin_(joints.size()), skin_at_(joints.size(), 0) {}
  void next_time() {
    ++stamp_;
    for (std::size_t j = 0; j < joints_.size(); ++j)
      model_[j] = pose_.same(j) ? Difference{} : difference(pose_.reduced(j), pose_.original(j));
  }
  const Difference& model(std::size_t j) const { return model_[j]; }
  const Difference& skin(std::size_t j) {
    if (skin_at_[j] != stamp_) {
      skin_[j] = difference(pose_.reduced(j) * joints_[j].inverse_bind, pose_.original(j) * joints_[j].inverse_bind);
      skin_at_[j] = stamp_;
    }
    return skin_[j];
  }
  Mat4 skin_original(std::size_t j) const { return pose_.original(j) * joints_[j].inverse_bind; }
  Mat4 skin_reduced(std::size_t j) const { return pose_.reduced(j) * joints_[j].inverse_bind; }

 private:
  const std::vector<Joint>& joints_;
  const DualPose& pose_;
  std::vector<Difference> model_, skin_;
  std::vector<std::uint64_t> skin_at_;
  std::uint64_t stamp_ = 0;
};

float moved(const Difference& d, const Vec3& centre, float stretched_radius) {
  return length(apply(d.m, centre)) + d.norm * stretched_radius;
}

/// The bound on a group's distances, or infinity where there is none (a rigid joint under a skin).
float group_bound(const PointGroup& g, std::size_t gi, const GroupFrames& frames, const Differences& d) {
  const std::uint32_t f = frames.first[gi];
  if (g.joint_space) return moved(d.model(g.joints[0]), frames.centre[f], frames.radius[f]);
  if (g.joints.empty()) return moved(d.model(static_cast<std::uint32_t>(g.rigid)), frames.centre[f], frames.radius[f]);
  if (g.rigid >= 0) return std::numeric_limits<float>::infinity();
  float b = 0.0f;
  for (std::size_t k = 0; k < g.joints.size(); ++k)
    b += g.max_weight[k] * moved(d.model(g.joints[k]), frames.centre[f + k], frames.radius[f + k]);
  return b;
}

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
  std::vector<const Difference*> joint_d;
  for (std::uint32_t j : g.joints) joint_d.push_back(&d.skin(j));
  // Σ w_k D_k applied once per point: the difference of the two blended skins.
  for (std::uint32_t i = 0; i < g.count; ++i, w += g.joints.size()) {
    float blend[12] = {};
    for (std::size_t k = 0; k < g.joints.size(); ++k)
      for (int e = 0; e < 12; ++e) blend[e] += w[k] * joint_d[k]->m[e];
    largest = std::max(largest, length(apply(blend, p[i])));
  }
  return largest;
}

}  // namespace

std::vector<float> check_times(const Animation& animation) {
  std::vector<float> times;
  // Channels usually share one time list: a list equal to the previous one adds nothing.
  std::vector<float> previous;
  auto add = [&](const auto& keys) {
    if (keys.size() == previous.size() &&
        std::equal(keys.begin(), keys.end(), previous.begin(), [](const auto& k, float t) { return k.time == t; }))
      return;
    previous.clear();
    for (const auto& k : keys) previous.push_back(k.time);
    times.insert(times.end(), previous.begin(), previous.end());
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
                             std::size_t reduced, float bound) {
  const std::size_t nj = skeleton.joints.size();
  AnimationError out;
  out.by_joint.assign(nj, 0.0f);
  DualPose pose(skeleton, original, reduced);
  Differences d(skeleton.joints, pose);
  const GroupFrames frames = group_frames(points, skeleton.joints);
  for (float t : check_times(skeleton.animations[original])) {
    pose.pose(t);
    if (pose.all_same()) continue;
    d.next_time();
    for (std::size_t gi = 0; gi < points.groups.size(); ++gi) {
      const PointGroup& g = points.groups[gi];
      if (group_bound(g, gi, frames, d) <= std::min(out.largest, bound)) continue;
      const float e = group_error(points, gi, d);
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
  }
  return out;
}

}  // namespace aem::convert
