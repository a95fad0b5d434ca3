// One node tree from the scene's node and joint trees.
#include "formats/e3d/node_plan.hpp"

#include <algorithm>

namespace aem::formats::e3d {

NodePlan plan_nodes(const Scene& s) {
  const std::size_t n = s.nodes.size(), nj = s.joints.size();
  auto is_node = [&](std::int64_t i) { return i >= 0 && static_cast<std::size_t>(i) < n; };
  auto is_joint = [&](std::int64_t j) { return j >= 0 && static_cast<std::size_t>(j) < nj; };
  NodePlan plan;
  std::vector<std::int32_t> driver(nj, -1);  // the scene node each joint drives
  for (std::size_t i = 0; i < n; ++i)
    if (is_joint(s.nodes[i].joint) && driver[s.nodes[i].joint] < 0)
      driver[s.nodes[i].joint] = static_cast<std::int32_t>(i);

  // Scene nodes first (same indices), then nodes for joints nobody follows.
  std::vector<Mat4> world = node_world_matrices(s);
  const std::vector<Mat4> joint_world = joint_rest_matrices(s);
  std::vector<bool> placed(s.meshes.size(), false);
  for (const auto& node : s.nodes) {
    WNode w{node.name, node.local, node.kind, {}, {}, 0};
    for (auto m : node.meshes)
      if (m < s.meshes.size()) {
        w.meshes.push_back(m);
        placed[m] = true;
      }
    plan.nodes.push_back(std::move(w));
  }
  plan.joint_node.assign(nj, -1);
  for (std::size_t j = 0; j < nj; ++j) {
    if (driver[j] >= 0) {
      plan.joint_node[j] = driver[j];
      continue;
    }
    plan.joint_node[j] = static_cast<std::int32_t>(plan.nodes.size());
    plan.nodes.push_back({s.joints[j].name, s.joints[j].rest, Node::Kind::Plain, {}, {}, 0});
    world.push_back(joint_world[j]);
  }

  // Parents: through the joint tree for driven nodes and joint nodes, the scene tree otherwise.
  const std::size_t total = plan.nodes.size();
  std::vector<std::int64_t> parent(total, -1), source_parent(total, -1);
  for (std::size_t i = 0; i < n; ++i) {
    source_parent[i] = is_node(s.nodes[i].parent) ? s.nodes[i].parent : -1;
    const auto j = s.nodes[i].joint;
    const bool drives = is_joint(j) && driver[j] == std::int32_t(i);
    parent[i] = drives ? (is_joint(s.joints[j].parent) ? plan.joint_node[s.joints[j].parent] : -1) : source_parent[i];
  }
  for (std::size_t j = 0; j < nj; ++j)
    if (driver[j] < 0) {
      const auto w = static_cast<std::size_t>(plan.joint_node[j]);
      parent[w] = source_parent[w] = is_joint(s.joints[j].parent) ? plan.joint_node[s.joints[j].parent] : -1;
    }
  // Cut parent cycles: a node whose chain comes back to itself becomes top-level.
  std::vector<std::uint8_t> state(total, 0);
  std::vector<std::size_t> chain;
  for (std::size_t i = 0; i < total; ++i) {
    chain.clear();
    std::int64_t cur = static_cast<std::int64_t>(i);
    while (cur >= 0 && state[cur] == 0) {
      state[cur] = 1;
      chain.push_back(static_cast<std::size_t>(cur));
      cur = parent[cur];
    }
    if (cur >= 0 && state[cur] == 1) parent[cur] = -1;  // the chain closed on itself
    for (auto c : chain) state[c] = 2;
  }
  // A node under a new parent keeps its rest-pose place in model space.
  for (std::size_t i = 0; i < total; ++i)
    if (parent[i] != source_parent[i])
      plan.nodes[i].local = decompose(parent[i] >= 0 ? inverse(world[parent[i]]) * world[i] : world[i]);

  std::vector<std::size_t> tops;
  for (std::size_t i = 0; i < total; ++i)
    if (parent[i] < 0)
      tops.push_back(i);
    else
      plan.nodes[parent[i]].children.push_back(i);
  const bool unplaced = std::count(placed.begin(), placed.end(), false) > 0;
  if (tops.size() == 1 && !unplaced) {
    plan.root = tops[0];
  } else {
    plan.root = plan.nodes.size();
    plan.nodes.push_back({});
    plan.nodes[plan.root].children = tops;
    for (std::uint32_t m = 0; m < s.meshes.size(); ++m)
      if (!placed[m]) plan.nodes[plan.root].meshes.push_back(m);
  }
  return plan;
}

}  // namespace aem::formats::e3d
