// measure_error (see animation_error.hpp). Per time, each joint's matrix difference D = reduced -
// original is formed once; a group of points within a sphere (centre c, radius r) moved by joints k
// with weights up to w_k then moves by at most Σ w_k (|D_k c| + ‖D_k‖ r) (‖·‖ of the 3x3 part,
// Frobenius, which bounds its largest stretch), so only groups whose bound exceeds the largest error
// found so far (or the bound that attributes errors to joints) are measured point by point.
#include "convert/animation_error.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "aem/animation.hpp"

namespace aem::convert {
namespace {

/// The top three rows of a difference of two affine matrices, with the Frobenius norm of its 3x3 part.
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

float moved(const Difference& d, const Vec3& center, float radius) { return length(apply(d.m, center)) + d.norm * radius; }

/// Where a point of a skinned group goes under one pose's matrices (rigid joint first, as pose_mesh).
Vec3 skinned(const PointGroup& g, const float* w, const Vec3& p0, const Mat4* skin) {
  const Vec3 p = g.rigid >= 0 ? transform_point(skin[g.rigid], p0) : p0;
  Vec3 sum{};
  for (std::size_t k = 0; k < g.joints.size(); ++k) sum = sum + transform_point(skin[g.joints[k]], p) * w[k];
  return sum;
}

/// Distances of a group's points between the two poses; the largest.
float group_error(const ErrorPoints& pts, std::size_t gi, const std::vector<Difference>& skin_d, const std::vector<Difference>& model_d,
                  const Mat4* skin_a, const Mat4* skin_b) {
  const PointGroup& g = pts.groups[gi];
  const Vec3* p = pts.positions.data() + g.first;
  float largest = 0.0f;
  if (g.joint_space) {
    const Difference& d = model_d[g.joints[0]];
    for (std::uint32_t i = 0; i < g.count; ++i) largest = std::max(largest, length(apply(d.m, p[i])));
  } else if (g.joints.empty()) {
    const Difference& d = skin_d[static_cast<std::uint32_t>(g.rigid)];
    for (std::uint32_t i = 0; i < g.count; ++i) largest = std::max(largest, length(apply(d.m, p[i])));
  } else if (g.rigid >= 0) {
    const float* w = pts.weights.data() + pts.weight_offset[gi];
    for (std::uint32_t i = 0; i < g.count; ++i, w += g.joints.size())
      largest = std::max(largest, length(skinned(g, w, p[i], skin_b) - skinned(g, w, p[i], skin_a)));
  } else {
    // Σ w_k D_k applied once per point: the difference of the two blended skins.
    const float* w = pts.weights.data() + pts.weight_offset[gi];
    for (std::uint32_t i = 0; i < g.count; ++i, w += g.joints.size()) {
      float blend[12] = {};
      for (std::size_t k = 0; k < g.joints.size(); ++k)
        for (int e = 0; e < 12; ++e) blend[e] += w[k] * skin_d[g.joints[k]].m[e];
      largest = std::max(largest, length(apply(blend, p[i])));
    }
  }
  return largest;
}

/// The bound on a group's distances, or infinity where there is none (a rigid joint under a skin).
float group_bound(const PointGroup& g, const std::vector<Difference>& skin_d, const std::vector<Difference>& model_d) {
  if (g.joint_space) return moved(model_d[g.joints[0]], g.center, g.radius);
  if (g.joints.empty()) return moved(skin_d[static_cast<std::uint32_t>(g.rigid)], g.center, g.radius);
  if (g.rigid >= 0) return std::numeric_limits<float>::infinity();
  float b = 0.0f;
  for (std::size_t k = 0; k < g.joints.size(); ++k) b += g.max_weight[k] * moved(skin_d[g.joints[k]], g.center, g.radius);
  return b;
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

AnimationError measure_error(const ErrorPoints& points, const Scene& skeleton, std::size_t original, std::size_t reduced, float bound) {
  const std::size_t nj = skeleton.joints.size();
  AnimationError out;
  out.by_joint.assign(nj, 0.0f);
  SceneAnimator pose_a(skeleton), pose_b(skeleton);
  std::vector<Mat4> skin_a(nj), skin_b(nj);
  std::vector<Difference> skin_d(nj), model_d(nj);
  std::vector<std::uint8_t> virtual_joint(nj, 0);
  for (const PointGroup& g : points.groups)
    if (g.joint_space) virtual_joint[g.joints[0]] = 1;
  for (float t : check_times(skeleton.animations[original])) {
    pose_a.evaluate(static_cast<std::int32_t>(original), t, skin_a);
    pose_b.evaluate(static_cast<std::int32_t>(reduced), t, skin_b);
    for (std::size_t j = 0; j < nj; ++j) {
      skin_d[j] = difference(skin_b[j], skin_a[j]);
      if (virtual_joint[j]) model_d[j] = difference(pose_b.model()[j], pose_a.model()[j]);
    }
    for (std::size_t gi = 0; gi < points.groups.size(); ++gi) {
      const PointGroup& g = points.groups[gi];
      if (group_bound(g, skin_d, model_d) <= std::min(out.largest, bound)) continue;
      const float e = group_error(points, gi, skin_d, model_d, skin_a.data(), skin_b.data());
      if (e > out.largest) {
        out.largest = e;
        out.time = t;
      }
      if (e > bound) {
        for (std::uint32_t j : g.joints) out.by_joint[j] = std::max(out.by_joint[j], e);
        if (g.rigid >= 0) out.by_joint[static_cast<std::uint32_t>(g.rigid)] = std::max(out.by_joint[static_cast<std::uint32_t>(g.rigid)], e);
      }
    }
  }
  return out;
}

}  // namespace aem::convert
