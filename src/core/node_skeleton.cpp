// Joints from nodes (see node_skeleton.hpp).
#include "core/node_skeleton.hpp"

#include <cmath>
#include <string>

namespace aem {
namespace {

bool is_identity(const Transform& t) {
  return t.translation == Vec3{} && normalize(t.rotation) == Quat{} && t.scale == Vec3{1, 1, 1};
}

}  // namespace

NodeSkeleton::NodeSkeleton(Scene& scene, const std::vector<Mat4>& world, const std::vector<bool>& wanted)
    : scene_(scene), world_(world), joint_of_(scene.nodes.size(), -1), first_joint_(scene.joints.size()) {
  const std::size_t n = scene.nodes.size();
  std::vector<bool> keep = wanted.empty() ? std::vector<bool>(n, true) : wanted;
  // Readers refuse cyclic trees, so each walk up ends; the step bound keeps a hostile scene finite.
  for (std::size_t i = 0; i < n; ++i) {
    if (!keep[i]) continue;
    std::size_t steps = 0;
    for (std::int32_t p = scene.nodes[i].parent; p >= 0 && ++steps <= n; p = scene.nodes[p].parent)
      if (!is_identity(scene.nodes[p].local)) keep[p] = true;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (keep[i]) {
      joint_of_[i] = static_cast<std::int32_t>(first_joint_ + ib_set_.size());
      ib_set_.push_back(false);
    }
  for (std::size_t i = 0; i < n; ++i) {
    if (!keep[i]) continue;
    Joint j;
    j.name = scene.nodes[i].name;
    j.rest = scene.nodes[i].local;
    j.inverse_bind = inverse(world[i]);
    std::size_t steps = 0;
    for (std::int32_t p = scene.nodes[i].parent; p >= 0 && ++steps <= n; p = scene.nodes[p].parent)
      if (keep[p]) {
        j.parent = joint_of_[p];
        break;
      }
    scene.joints.push_back(std::move(j));
  }
  first_extra_ = scene.joints.size();
}

std::int32_t NodeSkeleton::joint_with_inverse_bind(std::int32_t node, const Mat4& ib) {
  auto same = [&](const Mat4& a) {
    for (int k = 0; k < 16; ++k)
      if (std::fabs(a.m[k] - ib.m[k]) > 1e-5f * (1.0f + std::fabs(ib.m[k]))) return false;
    return true;
  };
  const std::int32_t joint = joint_of_[node];
  if (!ib_set_[joint - first_joint_]) {
    scene_.joints[joint].inverse_bind = ib;
    ib_set_[joint - first_joint_] = true;
    return joint;
  }
  if (same(scene_.joints[joint].inverse_bind)) return joint;
  for (std::size_t j = first_extra_; j < scene_.joints.size(); ++j)
    if (scene_.joints[j].parent == joint && same(scene_.joints[j].inverse_bind)) return static_cast<std::int32_t>(j);
  Joint extra;
  extra.name = scene_.joints[joint].name + " (bind " + std::to_string(scene_.joints.size()) + ")";
  extra.parent = joint;
  extra.inverse_bind = ib;
  scene_.joints.push_back(extra);
  ib_set_.push_back(true);
  return static_cast<std::int32_t>(scene_.joints.size() - 1);
}

void NodeSkeleton::attach_nodes() {
  const std::size_t n = scene_.nodes.size();
  for (std::size_t i = 0; i < n; ++i) {
    Node& node = scene_.nodes[i];
    if (node.meshes.empty()) {
      node.joint = joint_of_[i];
      continue;
    }
    std::int32_t holder = static_cast<std::int32_t>(i);
    std::size_t steps = 0;
    while (holder >= 0 && joint_of_[holder] < 0 && ++steps <= n) holder = scene_.nodes[holder].parent;
    if (holder >= 0 && joint_of_[holder] >= 0) node.joint = joint_with_inverse_bind(holder, inverse(world_[holder]));
  }
}

}  // namespace aem
