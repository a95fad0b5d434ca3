// Posed distances between two versions of a model (see animation_distance.hpp).
#include "support/animation_distance.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "support/posed_geometry.hpp"

namespace aem::test {
namespace {

/// Origins and the ends of three bone-long axes per joint, posed: the bone is the longest from the
/// joint to a child, or a leaf's own.
std::vector<Vec3> joint_points(const Scene& s, std::size_t animation, float time) {
  SceneAnimator animator(s);
  std::vector<Mat4> skin(s.joints.size());
  animator.evaluate(static_cast<std::int32_t>(animation), time, skin);
  std::vector<Vec3> out;
  for (std::size_t j = 0; j < s.joints.size(); ++j) {
    float bone = 0.0f;
    bool parent_of_any = false;
    for (const Joint& c : s.joints)
      if (c.parent == static_cast<std::int32_t>(j))
        bone = std::max(bone, length(c.rest.translation)), parent_of_any = true;
    if (!parent_of_any) bone = length(s.joints[j].rest.translation);
    const Mat4& m = animator.model()[j];
    for (const Vec3& p : {Vec3{}, Vec3{bone, 0, 0}, Vec3{-bone, 0, 0}, Vec3{0, bone, 0}, Vec3{0, -bone, 0},
                          Vec3{0, 0, bone}, Vec3{0, 0, -bone}})
      out.push_back(transform_point(m, p));
  }
  return out;
}

}  // namespace

std::vector<float> key_times_and_midpoints(const Animation& animation) {
  std::vector<float> t;
  for (const Channel& ch : animation.channels) {
    for (const auto& k : ch.translation) t.push_back(k.time);
    for (const auto& k : ch.rotation) t.push_back(k.time);
    for (const auto& k : ch.scale) t.push_back(k.time);
  }
  std::sort(t.begin(), t.end());
  t.erase(std::unique(t.begin(), t.end()), t.end());
  const std::size_t n = t.size();
  for (std::size_t i = 0; i + 1 < n; ++i) t.push_back(0.5f * (t[i] + t[i + 1]));
  std::sort(t.begin(), t.end());
  return t;
}

double largest_animation_distance(const Scene& a, const Scene& b) {
  double largest = 0.0;
  for (std::size_t i = 0; i < a.animations.size(); ++i)
    for (float t : key_times_and_midpoints(a.animations[i])) {
      auto p = posed_vertices(a, PoseAt::animated(i, t));
      auto q = posed_vertices(b, PoseAt::animated(i, t));
      if (p.empty()) {
        p = joint_points(a, i, t);
        q = joint_points(b, i, t);
      }
      EXPECT_EQ(p.size(), q.size());
      for (std::size_t k = 0; k < std::min(p.size(), q.size()); ++k)
        largest = std::max(largest, double(length(p[k] - q[k])));
    }
  return largest;
}

}  // namespace aem::test
