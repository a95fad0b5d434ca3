// Joints from nodes (see node_skeleton.hpp).
#include "core/node_skeleton.hpp"

#include <cmath>
#include <string>

namespace aem {

NodeSkeleton::NodeSkeleton(Scene& scene, const std::vector<Mat4>& world) : scene_(scene), world_(world), ib_set_(scene.nodes.size(), false) {
  for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
    Joint j;
    j.name = scene.nodes[n].name;
    j.parent = scene.nodes[n].parent;
    j.rest = scene.nodes[n].local;
    j.inverse_bind = inverse(world[n]);
    scene.joints.push_back(std::move(j));
  }
}

std::int32_t NodeSkeleton::joint_with_inverse_bind(std::int32_t node, const Mat4& ib) {
  auto same = [&](const Mat4& a) {
    for (int k = 0; k < 16; ++k)
      if (std::fabs(a.m[k] - ib.m[k]) > 1e-5f * (1.0f + std::fabs(ib.m[k]))) return false;
    return true;
  };
  if (!ib_set_[node]) {
    scene_.joints[node].inverse_bind = ib;
    ib_set_[node] = true;
    return node;
  }
  if (same(scene_.joints[node].inverse_bind)) return node;
  for (std::size_t j = scene_.nodes.size(); j < scene_.joints.size(); ++j)
    if (scene_.joints[j].parent == node && same(scene_.joints[j].inverse_bind)) return static_cast<std::int32_t>(j);
  Joint extra;
  extra.name = scene_.joints[node].name + " (bind " + std::to_string(scene_.joints.size()) + ")";
  extra.parent = node;
  extra.inverse_bind = ib;
  scene_.joints.push_back(extra);
  ib_set_.push_back(true);
  return static_cast<std::int32_t>(scene_.joints.size() - 1);
}

void NodeSkeleton::attach_rigid_meshes() {
  for (std::size_t n = 0; n < scene_.nodes.size(); ++n)
    if (!scene_.nodes[n].meshes.empty())
      scene_.nodes[n].joint = joint_with_inverse_bind(static_cast<std::int32_t>(n), inverse(world_[n]));
}

}  // namespace aem
