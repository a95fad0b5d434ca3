// Nodes aem's writer marks in their extras (docs/formats/gltf.md §4): tag points, empty nodes marked
// "aem_tag", become Scene::tags; coarser levels of detail, child nodes marked "aem_lod", are joined
// back onto the meshes of their parent node. Either node then leaves the scene. A marked node that no
// longer fits its mark (it gained children or a mesh, moved, or its meshes differ) stays a plain node.
#include <algorithm>
#include <cmath>

#include "core/lod_join.hpp"
#include "core/weld.hpp"
#include "formats/gltf/reader_parts.hpp"

namespace aem::formats::gltf {
namespace {

/// Most levels of detail a mesh takes back (CEM files have a handful).
constexpr double kMaxLevel = 64;

std::vector<bool> nodes_with_children(const Scene& scene) {
  std::vector<bool> out(scene.nodes.size(), false);
  for (const Node& n : scene.nodes)
    if (n.parent >= 0) out[static_cast<std::size_t>(n.parent)] = true;
  return out;
}

/// The tag point node `i` stands for: every frame's position from the mark, all moved by as much as
/// the node was moved from the first (an artist who drags the empty moves the tag); the node's own
/// position alone when the mark has none that read.
TagPoint tag_point(Context& ctx, const Scene& scene, std::size_t i, const Json& mark) {
  const Node& node = scene.nodes[i];
  TagPoint tag{node.name, node.parent, {}};
  const Json list = mark["positions"];
  bool usable = list.is_array() && list.size() >= 3 && list.size() % 3 == 0;
  for (std::size_t k = 0; usable && k < list.size(); ++k)
    usable = list[k].is_number() && std::isfinite(list[k].number());
  if (!usable) {
    if (list.exists())
      ctx.warn("GLTF_BAD_EXTRAS", list.path(),
               "tag positions must be 3 finite numbers per frame; the node's position is used");
    tag.positions.push_back(node.local.translation);
    return tag;
  }
  ctx.spend(list.size() * sizeof(float), list.path());
  for (std::size_t k = 0; k < list.size(); k += 3)
    tag.positions.push_back(Vec3{static_cast<float>(list[k].number()), static_cast<float>(list[k + 1].number()),
                                 static_cast<float>(list[k + 2].number())});
  const Vec3 moved = node.local.translation - tag.positions[0];
  if (!(moved == Vec3{}))
    for (Vec3& p : tag.positions) p = p + moved;
  return tag;
}

/// Joins the meshes of LOD node `i` (level `level`) onto those of its parent, pairwise in order.
bool join_level(Context& ctx, Scene& scene, std::size_t i, std::size_t level) {
  const Node& node = scene.nodes[i];
  const Node& parent = scene.nodes[static_cast<std::size_t>(node.parent)];
  const std::string path = "nodes[" + std::to_string(i) + "]";
  bool fits = parent.meshes.size() == node.meshes.size() && nearly_equal(compose(node.local), Mat4{}, 1e-6f);
  for (std::size_t k = 0; fits && k < node.meshes.size(); ++k) {
    const Mesh& base = scene.meshes[parent.meshes[k]];
    fits = base.lod_indices.size() == level - 1 && base.material == scene.meshes[node.meshes[k]].material;
  }
  if (!fits) {
    ctx.warn(
        "GLTF_LOD_NOT_JOINED", path,
        "node \"" + node.name + "\" is marked as level of detail " + std::to_string(level) +
            " of its parent but is moved, has other meshes or materials, or follows a missing level; kept as a node of its own");
    return false;
  }
  for (std::size_t k = 0; k < node.meshes.size(); ++k)
    if (!join_level_of_detail(scene.meshes[parent.meshes[k]], scene.meshes[node.meshes[k]],
                              kQuantisedDirectionTolerance)) {
      ctx.warn(
          "GLTF_LOD_NOT_JOINED", path,
          "node \"" + node.name + "\": its mesh has other vertex arrays than its parent's; kept as a node of its own");
      return false;
    }
  return true;
}

/// The scene without the nodes and meshes marked gone; indices that pointed at kept ones renumbered.
void remove(Scene& scene, const std::vector<bool>& node_gone, const std::vector<bool>& mesh_gone) {
  auto renumbering = [](const std::vector<bool>& gone) {
    std::vector<std::int32_t> to(gone.size(), -1);
    std::int32_t next = 0;
    for (std::size_t i = 0; i < gone.size(); ++i)
      if (!gone[i]) to[i] = next++;
    return to;
  };
  const auto node_to = renumbering(node_gone), mesh_to = renumbering(mesh_gone);
  std::vector<Node> nodes;
  for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
    if (node_gone[i]) continue;
    Node n = std::move(scene.nodes[i]);
    if (n.parent >= 0) n.parent = node_to[static_cast<std::size_t>(n.parent)];
    std::erase_if(n.meshes, [&](std::uint32_t m) { return mesh_gone[m]; });
    for (auto& m : n.meshes) m = static_cast<std::uint32_t>(mesh_to[m]);
    nodes.push_back(std::move(n));
  }
  scene.nodes = std::move(nodes);
  for (TagPoint& t : scene.tags)
    if (t.node >= 0) t.node = node_to[static_cast<std::size_t>(t.node)];
  std::vector<Mesh> meshes;
  for (std::size_t m = 0; m < scene.meshes.size(); ++m)
    if (!mesh_gone[m]) meshes.push_back(std::move(scene.meshes[m]));
  scene.meshes = std::move(meshes);
  for (Animation& a : scene.animations) {
    std::erase_if(a.weight_tracks, [&](const WeightTrack& w) { return mesh_gone[w.mesh]; });
    for (WeightTrack& w : a.weight_tracks) w.mesh = static_cast<std::uint32_t>(mesh_to[w.mesh]);
  }
}

}  // namespace

void take_marked_nodes(Context& ctx, Scene& scene) {
  const Json list = ctx.array(ctx.root, "nodes");
  const std::vector<bool> has_children = nodes_with_children(scene);
  std::vector<bool> node_gone(scene.nodes.size(), false), mesh_gone(scene.meshes.size(), false);
  std::vector<std::pair<std::size_t, std::size_t>> lods;  // (level, node)
  for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
    const Node& node = scene.nodes[i];
    const Json extras = list[i]["extras"];
    const bool plain = !has_children[i] && node.kind == Node::Kind::Plain && node.joint < 0;
    if (const Json tag = extras["aem_tag"]; tag.exists()) {
      if (plain && node.meshes.empty()) {
        scene.tags.push_back(tag_point(ctx, scene, i, tag));
        node_gone[i] = true;
      } else {
        ctx.warn(
            "GLTF_TAG_NOT_TAKEN", list[i].path(),
            "node \"" + node.name + "\" is marked as a tag point but has children, a mesh or a joint; kept as a node");
      }
    }
    if (const Json lod = extras["aem_lod"]; lod.exists()) {
      const double level = lod.number();
      if (plain && !node.meshes.empty() && node.parent >= 0 && level >= 1 && level <= kMaxLevel &&
          level == std::floor(level))
        lods.emplace_back(static_cast<std::size_t>(level), i);
      else
        ctx.warn("GLTF_LOD_NOT_JOINED", list[i].path(),
                 "node \"" + node.name +
                     "\" is marked as a level of detail but is no child node with meshes, or its level is not 1.." +
                     std::to_string(static_cast<int>(kMaxLevel)) + "; kept as a node of its own");
    }
  }
  std::sort(lods.begin(), lods.end());
  std::vector<std::size_t> instances(scene.meshes.size(), 0);
  for (const Node& n : scene.nodes)
    for (auto m : n.meshes) ++instances[m];
  for (const auto& [level, i] : lods) {
    if (!join_level(ctx, scene, i, level)) continue;
    node_gone[i] = true;
    for (auto m : scene.nodes[i].meshes)
      if (instances[m] == 1) mesh_gone[m] = true;
  }
  remove(scene, node_gone, mesh_gone);
}

}  // namespace aem::formats::gltf
