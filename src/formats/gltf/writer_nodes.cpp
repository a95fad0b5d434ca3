// Joints and scene nodes -> glTF nodes, plus one skin over every joint. glTF node i is joint i; the
// scene's nodes follow, then the nodes that carry mesh instances.
#include <algorithm>
#include <cmath>

#include "formats/gltf/writer_parts.hpp"

namespace aem::formats::gltf {
namespace {

/// Parent of each item, with parents out of range or on a cycle cut to -1 (so glTF gets a tree).
template <class T>
std::vector<std::int32_t> tree_parents(const std::vector<T>& items) {
  const std::size_t n = items.size();
  std::vector<std::int32_t> parent(n, -1);
  std::vector<std::uint8_t> state(n, 0);  // 0 unseen, 1 on the current path, 2 settled
  for (std::size_t start = 0; start < n; ++start) {
    std::vector<std::size_t> path;
    std::size_t i = start;
    while (state[i] == 0) {
      state[i] = 1;
      path.push_back(i);
      const std::int32_t p = items[i].parent;
      if (p < 0 || static_cast<std::size_t>(p) >= n) break;
      if (state[p] == 1) break;  // i closes a cycle: it stays a root
      parent[i] = p;
      if (state[p] == 2) break;
      i = static_cast<std::size_t>(p);
    }
    for (auto k : path) state[k] = 2;
  }
  return parent;
}

void put_transform(JsonObject& node, const Transform& t) {
  auto finite = [](float v) { return std::isfinite(v) ? v : 0.0f; };
  const Vec3 tr{finite(t.translation.x), finite(t.translation.y), finite(t.translation.z)};
  const Quat q = normalize(t.rotation);
  const Vec3 s{finite(t.scale.x), finite(t.scale.y), finite(t.scale.z)};
  if (!(tr == Vec3{})) node.floats("translation", std::vector<float>{tr.x, tr.y, tr.z});
  if (!(q == Quat{})) node.floats("rotation", std::vector<float>{q.x, q.y, q.z, q.w});
  if (!(s == Vec3{1, 1, 1})) node.floats("scale", std::vector<float>{s.x, s.y, s.z});
}

struct Draft {
  std::string name;
  Transform local;
  std::int32_t mesh = -1;
  bool skin = false;
  std::vector<std::uint32_t> children;
};

}  // namespace

std::vector<std::vector<std::uint32_t>> write_nodes(Document& doc, const Scene& scene, const std::vector<WrittenMesh>& meshes) {
  std::vector<Draft> drafts;
  std::vector<std::uint32_t> roots;
  auto attach = [&](std::int32_t parent, std::uint32_t child) {
    if (parent < 0) roots.push_back(child);
    else drafts[parent].children.push_back(child);
  };

  const std::size_t joint_count = scene.joints.size();
  const auto joint_parent = tree_parents(scene.joints);
  for (std::size_t j = 0; j < joint_count; ++j) drafts.push_back({scene.joints[j].name, scene.joints[j].rest, -1, false, {}});
  std::size_t joint_roots = 0;
  for (std::size_t j = 0; j < joint_count; ++j) joint_roots += joint_parent[j] < 0;
  // Several root joints get a common parent, which glTF skins need.
  std::int32_t skeleton_root = -1;
  if (joint_roots > 1) {
    drafts.push_back({"skeleton", {}, -1, false, {}});
    skeleton_root = static_cast<std::int32_t>(drafts.size() - 1);
    roots.push_back(skeleton_root);
  }
  for (std::size_t j = 0; j < joint_count; ++j) attach(joint_parent[j] >= 0 ? joint_parent[j] : skeleton_root, static_cast<std::uint32_t>(j));

  std::vector<std::vector<std::uint32_t>> mesh_nodes(scene.meshes.size());
  bool skinned = false;
  auto instance = [&](std::uint32_t mi, std::int32_t parent, const std::string& name) {
    if (mi >= meshes.size() || meshes[mi].mesh < 0) return;
    // Skinned meshes ignore node transforms in glTF: they sit at the root (write_gltf baked their placement).
    const bool skin = meshes[mi].skinned;
    drafts.push_back({name, {}, meshes[mi].mesh, skin, {}});
    const auto index = static_cast<std::uint32_t>(drafts.size() - 1);
    attach(skin ? -1 : parent, index);
    mesh_nodes[mi].push_back(index);
    skinned = skinned || skin;
  };

  if (scene.nodes.empty()) {
    for (std::uint32_t mi = 0; mi < scene.meshes.size(); ++mi) instance(mi, -1, scene.meshes[mi].name);
  } else {
    const auto node_parent = tree_parents(scene.nodes);
    const auto world = node_world_matrices(scene);
    // glTF node of each scene node. A node driven by a joint moves with it rigidly: it is the joint's
    // node itself when it sits where the joint's bind pose puts it (readers that make every node a
    // joint), else a child of the joint placed at its own world position in the bind pose
    // (flatten_nodes gives instances the same motion).
    std::vector<std::uint32_t> gltf_node(scene.nodes.size());
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
      const Node& node = scene.nodes[n];
      const bool on_joint = node.joint >= 0 && static_cast<std::size_t>(node.joint) < joint_count;
      const Mat4 offset = on_joint ? scene.joints[node.joint].inverse_bind * world[n] : Mat4{};
      if (on_joint && nearly_equal(offset, Mat4{}, 1e-5f)) {
        gltf_node[n] = static_cast<std::uint32_t>(node.joint);
        continue;
      }
      drafts.push_back({node.name, on_joint ? decompose(offset) : node.local, -1, false, {}});
      gltf_node[n] = static_cast<std::uint32_t>(drafts.size() - 1);
    }
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
      const Node& node = scene.nodes[n];
      if (gltf_node[n] < joint_count) continue;
      const bool on_joint = node.joint >= 0 && static_cast<std::size_t>(node.joint) < joint_count;
      attach(on_joint ? node.joint : node_parent[n] >= 0 ? static_cast<std::int32_t>(gltf_node[node_parent[n]]) : -1, gltf_node[n]);
    }
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
      const Node& node = scene.nodes[n];
      const auto self = static_cast<std::int32_t>(gltf_node[n]);
      // One mesh on a plain node goes on the node itself; otherwise each instance gets a child node.
      const bool own = self >= static_cast<std::int32_t>(joint_count) && node.meshes.size() == 1;
      if (own && node.meshes[0] < meshes.size() && meshes[node.meshes[0]].mesh >= 0 && !meshes[node.meshes[0]].skinned) {
        drafts[self].mesh = meshes[node.meshes[0]].mesh;
        mesh_nodes[node.meshes[0]].push_back(static_cast<std::uint32_t>(self));
        continue;
      }
      for (std::uint32_t mi : node.meshes) instance(mi, self, mi < scene.meshes.size() ? scene.meshes[mi].name : std::string());
    }
  }

  if (skinned) {
    std::vector<float> ibm;
    ibm.reserve(joint_count * 16);
    for (const Joint& j : scene.joints) {
      Mat4 m = is_finite(j.inverse_bind) ? j.inverse_bind : Mat4{};
      m.m[3] = m.m[7] = m.m[11] = 0.0f;  // glTF inverse bind matrices are affine
      m.m[15] = 1.0f;
      ibm.insert(ibm.end(), m.m.begin(), m.m.end());
    }
    std::vector<std::uint32_t> joints(joint_count);
    for (std::size_t j = 0; j < joint_count; ++j) joints[j] = static_cast<std::uint32_t>(j);
    JsonObject skin;
    skin.num("inverseBindMatrices", doc.float_accessor(ibm, 16, false, kNoTarget)).ints("joints", joints);
    doc.skins.push_back(skin.text());
  }

  for (const Draft& d : drafts) {
    JsonObject node;
    if (!d.name.empty()) node.str("name", d.name);
    if (!d.skin) put_transform(node, d.local);
    if (d.mesh >= 0) node.num("mesh", d.mesh);
    if (d.skin) node.num("skin", 0);
    if (!d.children.empty()) node.ints("children", d.children);
    doc.nodes.push_back(node.text());
  }
  for (auto r : roots) doc.scene_roots.push_back(std::to_string(r));
  return mesh_nodes;
}

}  // namespace aem::formats::gltf
