// Extensions, nodes, scenes and skins (see reader_parts.hpp).
#include <algorithm>
#include <array>
#include <cmath>

#include "core/node_skeleton.hpp"
#include "formats/gltf/reader_accessors.hpp"
#include "formats/gltf/reader_parts.hpp"

namespace aem::formats::gltf {

void check_extensions(Context& ctx) {
  static constexpr std::array<std::string_view, 7> kSupported = {"KHR_mesh_quantization",
                                                                 "KHR_texture_transform",
                                                                 "KHR_materials_emissive_strength",
                                                                 "KHR_lights_punctual",
                                                                 "KHR_draco_mesh_compression",
                                                                 "EXT_meshopt_compression",
                                                                 "KHR_materials_pbrSpecularGlossiness"};
  const Json required = ctx.array(ctx.root, "extensionsRequired");
  for (std::size_t i = 0; i < required.size(); ++i) {
    const std::string name = ctx.string(required[i]);
    if (std::find(kSupported.begin(), kSupported.end(), name) == kSupported.end())
      ctx.fail("GLTF_UNSUPPORTED_EXTENSION", required[i].path(),
               "the file requires extension " + name + ", which aem does not read");
  }
}

namespace {

Transform node_transform(Context& ctx, const Json& n) {
  if (n["matrix"].exists()) {
    const auto m = ctx.numbers(n["matrix"], 16, {});
    Mat4 mat;
    std::copy(m.begin(), m.end(), mat.m.begin());
    return decompose(mat);
  }
  Transform t;
  const auto tr = ctx.numbers(n["translation"], 3, {0, 0, 0});
  const auto r = ctx.numbers(n["rotation"], 4, {0, 0, 0, 1});
  const auto s = ctx.numbers(n["scale"], 3, {1, 1, 1});
  t.translation = {tr[0], tr[1], tr[2]};
  t.rotation = normalize(Quat{r[0], r[1], r[2], r[3]});
  t.scale = {s[0], s[1], s[2]};
  return t;
}

/// Nodes the default scene shows (every node when the file has no scenes).
std::vector<bool> shown_nodes(Context& ctx, const Scene& scene) {
  const std::size_t n = scene.nodes.size();
  const Json scenes = ctx.array(ctx.root, "scenes");
  if (scenes.size() == 0) return std::vector<bool>(n, true);
  const std::uint32_t chosen = ctx.root["scene"].exists() ? ctx.index(ctx.root["scene"], "scenes") : 0;
  if (scenes.size() > 1)
    ctx.warn("GLTF_OTHER_SCENES", "scenes",
             "the file has " + std::to_string(scenes.size()) + " scenes; only scenes[" + std::to_string(chosen) +
                 "] is read");
  std::vector<bool> shown(n, false);
  const Json roots = ctx.array(scenes[chosen], "nodes");
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const std::uint32_t root = ctx.index(roots[i], "nodes");
    if (scene.nodes[root].parent >= 0) ctx.fail("GLTF_BAD_VALUE", roots[i].path(), "a scene's root node has a parent");
    shown[root] = true;
  }
  // Parents come before children only by chance in glTF: propagate until nothing changes (depth passes).
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < n; ++i)
      if (!shown[i] && scene.nodes[i].parent >= 0 && shown[scene.nodes[i].parent]) shown[i] = changed = true;
  }
  return shown;
}

}  // namespace

NodeLinks read_nodes(Context& ctx, Scene& scene) {
  const Json list = ctx.array(ctx.root, "nodes");
  const std::size_t n = list.size();
  NodeLinks links;
  links.mesh.assign(n, -1);
  links.skin.assign(n, -1);
  links.weights.resize(n);
  scene.nodes.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Json j = list[i];
    if (!j.is_object()) ctx.fail("GLTF_BAD_VALUE", j.path(), "must be an object");
    Node& node = scene.nodes[i];
    node.name = ctx.string(j["name"]);
    node.local = node_transform(ctx, j);
    if (auto m = ctx.optional_index(j["mesh"], "meshes")) links.mesh[i] = static_cast<std::int32_t>(*m);
    if (auto s = ctx.optional_index(j["skin"], "skins")) links.skin[i] = static_cast<std::int32_t>(*s);
    if (j["weights"].exists()) links.weights[i] = ctx.numbers(j["weights"], j["weights"].size(), {});
    if (const auto camera = ctx.optional_index(j["camera"], "cameras")) {
      node.kind = Node::Kind::Camera;
      node.camera = static_cast<std::int32_t>(*camera);
    }
    if (const Json light = j["extensions"]["KHR_lights_punctual"]["light"]; light.exists()) {
      const std::size_t lights = scene.lights.size();
      if (!light.is_number() || light.number() < 0 || light.number() >= static_cast<double>(lights) ||
          light.number() != std::floor(light.number()))
        ctx.fail("GLTF_INDEX_OUT_OF_RANGE", light.path(), "names no light of KHR_lights_punctual");
      node.kind = Node::Kind::Light;
      node.light = static_cast<std::int32_t>(light.number());
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    const Json children = ctx.array(list[i], "children");
    for (std::size_t c = 0; c < children.size(); ++c) {
      const std::uint32_t child = ctx.index(children[c], "nodes");
      if (child == i || scene.nodes[child].parent >= 0)
        ctx.fail("GLTF_NODE_CYCLE", children[c].path(),
                 "nodes[" + std::to_string(child) +
                     "] already has a parent or is the node itself: the node tree has a cycle or a shared child");
      scene.nodes[child].parent = static_cast<std::int32_t>(i);
    }
  }
  // One parent each, so a cycle is a loop of parents with no root: walk up at most n steps.
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t steps = 0;
    for (std::int32_t p = scene.nodes[i].parent; p >= 0; p = scene.nodes[p].parent)
      if (++steps > n) ctx.fail("GLTF_NODE_CYCLE", "nodes[" + std::to_string(i) + "]", "the node tree has a cycle");
  }
  const auto shown = shown_nodes(ctx, scene);
  for (std::size_t i = 0; i < n; ++i)
    if (!shown[i]) links.mesh[i] = -1;
  return links;
}

namespace {

/// Nodes that are joints: every skin's joints and every node an animation moves (TRS channels).
std::vector<bool> joint_nodes(Context& ctx, std::size_t node_count) {
  std::vector<bool> wanted(node_count, false);
  const Json skins = ctx.array(ctx.root, "skins");
  for (std::size_t s = 0; s < skins.size(); ++s) {
    const Json joints = ctx.array(skins[s], "joints");
    for (std::size_t k = 0; k < joints.size(); ++k) wanted[ctx.index(joints[k], "nodes")] = true;
  }
  const Json anims = ctx.array(ctx.root, "animations");
  for (std::size_t a = 0; a < anims.size(); ++a) {
    const Json channels = ctx.array(anims[a], "channels");
    for (std::size_t c = 0; c < channels.size(); ++c) {
      const Json target = channels[c]["target"];
      if (target["node"].exists() && ctx.string(target["path"]) != "weights")
        wanted[ctx.index(target["node"], "nodes")] = true;
    }
  }
  return wanted;
}

bool is_identity(const std::vector<std::int32_t>& map) {
  for (std::size_t i = 0; i < map.size(); ++i)
    if (map[i] != static_cast<std::int32_t>(i)) return false;
  return true;
}

/// The largest joint index any vertex names (-1 when none does): a max over every slot, unused ones
/// (-1) included, kept per slot so that the compiler can take a vertex's slots in one vector.
std::int32_t largest_joint(const std::vector<SkinInfluences>& vertices) {
  std::array<std::int32_t, kMaxInfluences> largest;
  largest.fill(-1);
  for (const SkinInfluences& v : vertices)
    for (int k = 0; k < kMaxInfluences; ++k) largest[k] = std::max(largest[k], v.joints[k]);
  return *std::max_element(largest.begin(), largest.end());
}

}  // namespace

void apply_node_weights(Context& ctx, Scene& scene, const NodeLinks& links, const std::vector<std::uint32_t>& first) {
  std::vector<bool> overridden(scene.meshes.size(), false);
  for (std::size_t n = 0; n < links.weights.size(); ++n) {
    const std::vector<float>& weights = links.weights[n];
    if (weights.empty() || links.mesh[n] < 0) continue;
    for (std::uint32_t sm = first[links.mesh[n]]; sm < first[links.mesh[n] + 1]; ++sm) {
      Mesh& mesh = scene.meshes[sm];
      if (overridden[sm]) continue;
      if (weights.size() != mesh.targets.size()) {
        ctx.warn(
            "GLTF_NODE_WEIGHTS_IGNORED", "nodes[" + std::to_string(n) + "].weights",
            std::to_string(weights.size()) + " weights for " + std::to_string(mesh.targets.size()) + " morph targets");
        break;
      }
      mesh.target_weights = weights;
      overridden[sm] = true;
    }
  }
}

std::vector<std::int32_t> build_skeleton(Context& ctx, Scene& scene, const NodeLinks& links,
                                         const std::vector<std::uint32_t>& first) {
  const std::vector<bool> wanted = joint_nodes(ctx, scene.nodes.size());
  if (std::find(wanted.begin(), wanted.end(), true) == wanted.end()) {
    for (Mesh& m : scene.meshes) m.skin.clear();
    return std::vector<std::int32_t>(scene.nodes.size(), -1);
  }
  const auto world = node_world_matrices(scene);
  NodeSkeleton skeleton(scene, world, wanted);
  // Skins no node uses still mark their joints' bind pose (aem's writer lists every joint in one skin).
  std::vector<bool> used(ctx.count("skins"), false);
  for (std::size_t n = 0; n < links.skin.size(); ++n)
    if (links.skin[n] >= 0 && links.mesh[n] >= 0) used[links.skin[n]] = true;
  auto bind = [&](const Json& skin, const Mat4& inverse_mesh_world) {
    const Json joints = ctx.array(skin, "joints");
    if (joints.size() == 0) ctx.fail("GLTF_MISSING", skin.path() + ".joints", "a skin needs at least one joint");
    std::vector<float> ibm;
    if (skin["inverseBindMatrices"].exists()) {
      ibm = read_floats(ctx, accessor_index(ctx, skin["inverseBindMatrices"]), skin.path() + ".inverseBindMatrices",
                        {16});
      if (ibm.size() < joints.size() * 16)
        ctx.fail("GLTF_RANGE", skin.path() + ".inverseBindMatrices", "fewer matrices than joints");
    }
    std::vector<std::int32_t> joint_of(joints.size());
    for (std::size_t k = 0; k < joints.size(); ++k) {
      Mat4 ib;
      if (!ibm.empty()) std::copy_n(ibm.begin() + k * 16, 16, ib.m.begin());
      joint_of[k] = skeleton.joint_with_inverse_bind(static_cast<std::int32_t>(ctx.index(joints[k], "nodes")),
                                                     ib * inverse_mesh_world);
    }
    return joint_of;
  };
  std::vector<bool> mapped(scene.meshes.size(), false);
  for (std::size_t n = 0; n < links.skin.size(); ++n) {
    if (links.skin[n] < 0 || links.mesh[n] < 0) continue;
    const Json skin = ctx.root["skins"][static_cast<std::size_t>(links.skin[n])];
    const std::vector<std::int32_t> joint_of = bind(skin, inverse(world[n]));
    for (std::uint32_t sm = first[links.mesh[n]]; sm < first[links.mesh[n] + 1]; ++sm) {
      if (mapped[sm]) continue;  // a mesh shared by several skinned nodes keeps its first binding
      mapped[sm] = true;
      std::vector<SkinInfluences>& vertices = scene.meshes[sm].skin;
      const auto past = [&](std::int32_t joint) {
        ctx.fail("GLTF_INDEX_OUT_OF_RANGE",
                 "meshes[" + std::to_string(links.mesh[n]) + "].primitives.attributes.JOINTS",
                 "joint " + std::to_string(joint) + " is past " + skin.path() + "'s " +
                     std::to_string(joint_of.size()) + " joints");
      };
      // When the skin lists its joints in skeleton order, which exporters usually do, the indices stay
      // as they are and only the largest is checked: a read of the skin instead of a rewrite.
      if (is_identity(joint_of)) {
        if (const std::int32_t largest = largest_joint(vertices); static_cast<std::size_t>(largest) >= joint_of.size())
          past(largest);
        continue;
      }
      for (SkinInfluences& v : vertices)
        for (int k = 0; k < kMaxInfluences; ++k) {
          if (v.joints[k] < 0) continue;
          if (static_cast<std::size_t>(v.joints[k]) >= joint_of.size()) past(v.joints[k]);
          v.joints[k] = joint_of[v.joints[k]];
        }
    }
  }
  for (std::size_t s = 0; s < used.size(); ++s)
    if (!used[s]) bind(ctx.root["skins"][s], Mat4{});
  for (std::size_t sm = 0; sm < scene.meshes.size(); ++sm)
    if (!mapped[sm]) scene.meshes[sm].skin.clear();
  skeleton.attach_nodes();
  std::vector<std::int32_t> joint_of_node(scene.nodes.size());
  for (std::size_t n = 0; n < joint_of_node.size(); ++n)
    joint_of_node[n] = skeleton.joint_of(static_cast<std::int32_t>(n));
  return joint_of_node;
}

}  // namespace aem::formats::gltf
