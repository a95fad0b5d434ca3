// Joints and scene nodes -> glTF nodes, plus one skin over every joint (when a mesh is skinned or
// animations alone would not bring every joint back). glTF node i is joint i; the
// scene's nodes that are not a joint's own node follow, then the nodes that carry mesh instances, then
// a common root when the joints would otherwise sit in several trees.
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
  std::int32_t camera = -1, light = -1;
  std::string extras = {};  ///< JSON object text, or empty
};

bool is_identity(const Transform& t) {
  return t.translation == Vec3{} && t.rotation == Quat{} && t.scale == Vec3{1, 1, 1};
}

/// Readers rebuild the joints of a scene no mesh skins from the nodes its animations move and their
/// ancestors with a transform, so a skin no mesh uses is written only when that would lose a joint:
/// Blender, for one, turns every skin into an armature, where node animation should move objects.
bool skin_needed(const Scene& scene, const std::vector<WrittenMesh>& meshes,
                 const std::vector<std::int32_t>& joint_parent) {
  if (std::any_of(meshes.begin(), meshes.end(), [](const WrittenMesh& m) { return m.skinned; })) return true;
  const std::size_t n = scene.joints.size();
  std::vector<bool> kept(n, false);
  for (const auto& a : scene.animations)
    for (const auto& ch : a.channels)
      if (ch.joint < n && (!ch.translation.empty() || !ch.rotation.empty() || !ch.scale.empty())) kept[ch.joint] = true;
  for (std::size_t j = 0; j < n; ++j) {
    if (!kept[j]) continue;
    for (std::int32_t p = joint_parent[j]; p >= 0; p = joint_parent[p])
      if (!is_identity(scene.joints[p].rest)) kept[p] = true;
  }
  return std::find(kept.begin(), kept.end(), false) != kept.end();
}

}  // namespace

std::vector<std::vector<std::uint32_t>> write_nodes(Document& doc, const Scene& scene,
                                                    const std::vector<WrittenMesh>& meshes) {
  std::vector<Draft> drafts;
  std::vector<std::int32_t> parent_of;  // per draft, -1 = root
  auto add = [&](Draft d) {
    drafts.push_back(std::move(d));
    parent_of.push_back(-1);
    return static_cast<std::uint32_t>(drafts.size() - 1);
  };

  const std::size_t joint_count = scene.joints.size();
  const auto joint_parent = tree_parents(scene.joints);
  for (std::size_t j = 0; j < joint_count; ++j) {
    add({scene.joints[j].name, scene.joints[j].rest, -1, false, {}});
    parent_of[j] = joint_parent[j];
  }
  const std::vector<Mat4> joint_world = joint_rest_matrices(scene);

  std::vector<std::vector<std::uint32_t>> mesh_nodes(scene.meshes.size());
  // Draft `d` shows mesh `mi`; each coarser level of it goes on a child node marked for aem's reader.
  auto show = [&](std::uint32_t mi, std::uint32_t d) {
    mesh_nodes[mi].push_back(d);
    for (std::size_t level = 1; level <= meshes[mi].lods.size(); ++level) {
      const std::string name = drafts[d].name + "_LOD" + std::to_string(level);
      const auto lod = add({name,
                            {},
                            meshes[mi].lods[level - 1],
                            false,
                            {},
                            -1,
                            -1,
                            JsonObject().num("aem_lod", static_cast<double>(level)).text()});
      parent_of[lod] = static_cast<std::int32_t>(d);
      mesh_nodes[mi].push_back(lod);
    }
  };
  auto instance = [&](std::uint32_t mi, std::int32_t parent, const std::string& name) {
    if (mi >= meshes.size() || meshes[mi].mesh < 0) return;
    // Skinned meshes ignore node transforms in glTF: they sit at the root (write_gltf baked their placement).
    const bool skin = meshes[mi].skinned;
    const auto index = add({name, {}, meshes[mi].mesh, skin, {}});
    parent_of[index] = skin ? -1 : parent;
    show(mi, index);
  };
  std::vector<std::uint32_t> gltf_node(scene.nodes.size());

  if (scene.nodes.empty()) {
    for (std::uint32_t mi = 0; mi < scene.meshes.size(); ++mi) instance(mi, -1, scene.meshes[mi].name);
  } else {
    const auto node_parent = tree_parents(scene.nodes);
    const auto world = node_world_matrices(scene);
    // glTF node of each scene node. A node driven by a joint is the joint's node itself when it sits
    // where the joint puts it: for a node with meshes, where the joint's bind pose puts it (its meshes
    // move rigidly with the joint); for one without, at the joint's rest pose. Otherwise it is a child of
    // the joint at its own world position in the bind pose (flatten_nodes gives instances the same motion).
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
      const Node& node = scene.nodes[n];
      const bool on_joint = node.joint >= 0 && static_cast<std::size_t>(node.joint) < joint_count;
      const Mat4 offset = on_joint ? scene.joints[node.joint].inverse_bind * world[n] : Mat4{};
      const bool at_rest = on_joint && node.meshes.empty() && nearly_equal(joint_world[node.joint], world[n], 1e-5f);
      if (on_joint && (at_rest || nearly_equal(offset, Mat4{}, 1e-5f))) {
        gltf_node[n] = static_cast<std::uint32_t>(node.joint);
        continue;
      }
      gltf_node[n] = add({node.name, on_joint ? decompose(offset) : node.local, -1, false, {}});
    }
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
      const Node& node = scene.nodes[n];
      Draft& d = drafts[gltf_node[n]];
      if (node.camera >= 0 && static_cast<std::size_t>(node.camera) < scene.cameras.size()) d.camera = node.camera;
      if (node.light >= 0 && static_cast<std::size_t>(node.light) < scene.lights.size()) d.light = node.light;
      const std::int32_t above = node_parent[n] >= 0 ? static_cast<std::int32_t>(gltf_node[node_parent[n]]) : -1;
      if (gltf_node[n] >= joint_count) {
        const bool on_joint = node.joint >= 0 && static_cast<std::size_t>(node.joint) < joint_count;
        parent_of[gltf_node[n]] = on_joint ? node.joint : above;
      } else if (joint_parent[gltf_node[n]] < 0 && above >= static_cast<std::int32_t>(joint_count)) {
        // A root joint keeps the plain node above it (a reader skipped it as an untransformed
        // ancestor) when that node and those above it hang from no joint, so nothing moves or cycles.
        bool plain = true;
        for (std::int32_t p = node_parent[n]; p >= 0 && plain; p = node_parent[p])
          plain = gltf_node[p] >= joint_count && scene.nodes[p].joint < 0 && nearly_equal(world[p], Mat4{}, 1e-6f);
        if (plain) parent_of[gltf_node[n]] = above;
      }
    }
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
      const Node& node = scene.nodes[n];
      const auto self = static_cast<std::int32_t>(gltf_node[n]);
      // One mesh on a plain node goes on the node itself; otherwise each instance gets a child node.
      const bool own = self >= static_cast<std::int32_t>(joint_count) && node.meshes.size() == 1;
      if (own && node.meshes[0] < meshes.size() && meshes[node.meshes[0]].mesh >= 0 &&
          !meshes[node.meshes[0]].skinned) {
        drafts[self].mesh = meshes[node.meshes[0]].mesh;
        show(node.meshes[0], static_cast<std::uint32_t>(self));
        continue;
      }
      for (std::uint32_t mi : node.meshes)
        instance(mi, self, mi < scene.meshes.size() ? scene.meshes[mi].name : std::string());
    }
  }
  // Tag points: an empty node each at the first frame's position, every frame's in its extras.
  for (const TagPoint& tag : scene.tags) {
    std::vector<float> positions;
    for (const Vec3& p : tag.positions) positions.insert(positions.end(), {p.x, p.y, p.z});
    Transform at;
    if (!tag.positions.empty()) at.translation = tag.positions[0];
    const bool on_node = tag.node >= 0 && static_cast<std::size_t>(tag.node) < scene.nodes.size();
    const auto index = add({tag.name,
                            at,
                            -1,
                            false,
                            {},
                            -1,
                            -1,
                            JsonObject().raw("aem_tag", JsonObject().floats("positions", positions).text()).text()});
    parent_of[index] = on_node ? static_cast<std::int32_t>(gltf_node[tag.node]) : -1;
  }

  const bool skin = joint_count > 0 && skin_needed(scene, meshes, joint_parent);
  // The skin's joints need a common root: trees holding joints get one above them when there are several.
  std::vector<std::uint32_t> joint_trees;
  for (std::size_t j = 0; j < joint_count; ++j) {
    std::uint32_t top = static_cast<std::uint32_t>(j);
    while (parent_of[top] >= 0) top = static_cast<std::uint32_t>(parent_of[top]);
    if (std::find(joint_trees.begin(), joint_trees.end(), top) == joint_trees.end()) joint_trees.push_back(top);
  }
  if (skin && joint_trees.size() > 1) {
    const auto root = add({"skeleton", {}, -1, false, {}});
    for (auto top : joint_trees) parent_of[top] = static_cast<std::int32_t>(root);
  }
  std::vector<std::uint32_t> roots;
  for (std::size_t d = 0; d < drafts.size(); ++d) {
    if (parent_of[d] < 0)
      roots.push_back(static_cast<std::uint32_t>(d));
    else
      drafts[parent_of[d]].children.push_back(static_cast<std::uint32_t>(d));
  }

  if (skin) {
    std::vector<float> ibm;
    ibm.reserve(joint_count * 16);
    for (const Joint& j : scene.joints) {
      Mat4 m = is_finite(j.inverse_bind) ? j.inverse_bind : Mat4{};
      m.m[3] = m.m[7] = m.m[11] = 0.0f;  // glTF inverse bind matrices are affine
      m.m[15] = 1.0f;
      ibm.insert(ibm.end(), m.m.begin(), m.m.end());
    }
    // Every joint is listed, used by a mesh or not, so readers see the same skeleton.
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
    if (d.camera >= 0) node.num("camera", d.camera);
    if (d.light >= 0)
      node.raw("extensions", JsonObject().raw("KHR_lights_punctual", JsonObject().num("light", d.light).text()).text());
    if (d.skin) node.num("skin", 0);
    if (!d.children.empty()) node.ints("children", d.children);
    if (!d.extras.empty()) node.raw("extras", d.extras);
    doc.nodes.push_back(node.text());
  }
  for (auto r : roots) doc.scene_roots.push_back(std::to_string(r));
  return mesh_nodes;
}

}  // namespace aem::formats::gltf
