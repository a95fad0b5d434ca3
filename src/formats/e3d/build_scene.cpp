// IDs resolved after the whole file is read (e3d-notes.md §2: sections may come in any order).
#include "formats/e3d/build_scene.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>

#include "formats/e3d/e3d_blocks.hpp"
#include "formats/e3d/mesh_build.hpp"

namespace aem::formats::e3d {
namespace {

/// ID -> index of the first item defining it; later duplicates are reported and ignored.
template <class Item>
std::unordered_map<std::int32_t, std::int32_t> index_ids(ReadContext& ctx, const std::vector<Item>& items, const char* what) {
  std::unordered_map<std::int32_t, std::int32_t> ids;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].id) continue;
    if (!ids.try_emplace(*items[i].id, static_cast<std::int32_t>(i)).second)
      ctx.warn("E3D_DUPLICATE_ID", items[i].where, std::string(what) + " ID " + std::to_string(*items[i].id) + " defined again; the first is used");
  }
  return ids;
}

std::int32_t lookup(const std::unordered_map<std::int32_t, std::int32_t>& ids, std::int32_t id) {
  auto it = ids.find(id);
  return it == ids.end() ? -1 : it->second;
}

/// Ecere multiplies row vectors by the matrix of q, i.e. rotates column vectors by conj(q) (§8).
Quat scene_rotation(double w, double x, double y, double z) {
  return normalize(Quat{static_cast<float>(-x), static_cast<float>(-y), static_cast<float>(-z), static_cast<float>(w)});
}

void add_textures(ReadContext& ctx, const RawFile& file, Scene& s) {
  for (const auto& t : file.textures) {
    if (t.texture.data.empty() && t.texture.name.empty())
      ctx.warn("E3D_EMPTY_TEXTURE", t.where, "texture has neither embedded data nor a name");
    s.textures.push_back(t.texture);
  }
}

std::int32_t resolve_texture(ReadContext& ctx, const TextureRef& ref, const std::unordered_map<std::int32_t, std::int32_t>& ids, Scene& s) {
  if (ref.id) {
    const std::int32_t t = lookup(ids, *ref.id);
    if (t < 0) ctx.warn("E3D_UNRESOLVED_REFERENCE", ref.where, "map refers to texture ID " + std::to_string(*ref.id) + ", which no texture defines; no map");
    return t;
  }
  if (ref.name.empty()) return -1;
  for (std::size_t i = 0; i < s.textures.size(); ++i)
    if (s.textures[i].name == ref.name) return static_cast<std::int32_t>(i);
  s.textures.push_back({ref.name, {}, {}});
  return static_cast<std::int32_t>(s.textures.size() - 1);
}

void add_materials(ReadContext& ctx, const RawFile& file, Scene& s) {
  const auto texture_ids = index_ids(ctx, file.textures, "texture");
  for (const auto& raw : file.materials) {
    Material m = raw.material;
    for (const auto& ref : raw.maps) {
      std::int32_t* slot = nullptr;
      switch (ref.map_type) {
        case kDiffuseMap:
        case kAlbedoMap: slot = &m.textures.base_color; break;
        case kNormalMap: slot = &m.textures.normal; break;
        case kSpecularMap: slot = &m.textures.specular; break;
        case kEmissiveMap: slot = &m.textures.emissive; break;
        case kOcclusionMap: slot = &m.textures.occlusion; break;
        case kRoughnessMetalnessMap: slot = &m.textures.metallic_roughness; break;
        default: break;
      }
      if (!slot || *slot >= 0) {
        ctx.warn("E3D_DATA_DROPPED", ref.where, block_label(ref.map_type) + " has no free texture slot in the scene; dropped");
        continue;
      }
      *slot = resolve_texture(ctx, ref, texture_ids, s);
    }
    s.materials.push_back(std::move(m));
  }
}

void add_nodes(const RawFile& file, Scene& s) {
  for (const auto& raw : file.nodes) {
    Node n;
    n.name = raw.name;
    n.parent = raw.parent;
    n.kind = raw.kind;
    n.local.translation = {static_cast<float>(raw.position[0]), static_cast<float>(raw.position[1]), static_cast<float>(raw.position[2])};
    n.local.rotation = scene_rotation(raw.orientation[0], raw.orientation[1], raw.orientation[2], raw.orientation[3]);
    n.local.scale = raw.scale;
    s.nodes.push_back(std::move(n));
  }
}

/// Every node becomes the joint of the same index, resting at its transform (§6: bones are nodes).
void add_joints(Scene& s) {
  const auto world = node_world_matrices(s);
  for (std::size_t i = 0; i < s.nodes.size(); ++i) {
    Joint j;
    j.name = s.nodes[i].name;
    j.parent = s.nodes[i].parent;
    j.rest = s.nodes[i].local;
    j.inverse_bind = inverse(world[i]);
    s.joints.push_back(std::move(j));
    s.nodes[i].joint = static_cast<std::int32_t>(i);
  }
}

/// Node names under one skeleton root (the whole scene for -1): the first node of each name.
using NameIndex = std::unordered_map<std::string, std::int32_t>;

NameIndex names_under(const Scene& s, std::int32_t root) {
  // Parents come before their children (depth-first order), so one pass marks the subtree.
  std::vector<bool> inside(s.nodes.size(), root < 0);
  NameIndex names;
  for (std::size_t i = 0; i < s.nodes.size(); ++i) {
    const auto p = s.nodes[i].parent;
    if (root >= 0) inside[i] = std::int32_t(i) == root || (p >= 0 && std::size_t(p) < i && inside[p]);
    if (inside[i]) names.try_emplace(s.nodes[i].name, static_cast<std::int32_t>(i));
  }
  return names;
}

/// Finds skin bones' nodes: by name, under the skeleton root named by the node placing the mesh.
class BoneResolver {
 public:
  BoneResolver(const RawFile& file, const std::unordered_map<std::int32_t, std::int32_t>& node_ids, Scene& s)
      : scene_(s), bind_set_(s.joints.size(), false) {
    for (const auto& n : file.nodes)
      if (n.mesh_id && n.skeleton_root) root_of_mesh_[*n.mesh_id] = lookup(node_ids, *n.skeleton_root);
  }

  /// Joint of each bone of `mesh` (-1 if unresolved); sets each bone joint's inverse bind, bind
  /// shape applied first (§6).
  std::vector<std::int32_t> resolve(ReadContext& ctx, const RawMesh& mesh) {
    std::int32_t root = -1;
    if (mesh.id && root_of_mesh_.count(*mesh.id)) root = root_of_mesh_[*mesh.id];
    auto cached = names_.find(root);
    if (cached == names_.end()) cached = names_.emplace(root, names_under(scene_, root)).first;
    std::vector<std::int32_t> joints;
    for (const auto& bone : mesh.bones) {
      auto it = cached->second.find(bone.node_name);
      const std::int32_t found = it == cached->second.end() ? -1 : scene_.nodes[it->second].joint;
      joints.push_back(found);
      if (found < 0) {
        ctx.warn("E3D_UNRESOLVED_REFERENCE", mesh.where, "skin bone \"" + bone.node_name + "\" names no node; its weights are dropped");
        continue;
      }
      const Mat4 inverse_bind = bone.inverse_bind * mesh.bind_shape;
      if (bind_set_[found] && scene_.joints[found].inverse_bind != inverse_bind)
        ctx.warn("E3D_BIND_CONFLICT", mesh.where, "bone \"" + bone.node_name + "\" has another inverse bind in another skin; the first is kept");
      if (!bind_set_[found]) scene_.joints[found].inverse_bind = inverse_bind;
      bind_set_[found] = true;
    }
    return joints;
  }

 private:
  Scene& scene_;
  std::vector<bool> bind_set_;
  std::unordered_map<std::int32_t, std::int32_t> root_of_mesh_;
  std::unordered_map<std::int32_t, NameIndex> names_;
};

void add_meshes(ReadContext& ctx, RawFile& file, const std::unordered_map<std::int32_t, std::int32_t>& node_ids, Scene& s) {
  const auto mesh_ids = index_ids(ctx, file.meshes, "mesh");
  const auto material_ids = index_ids(ctx, file.materials, "material");
  // Morph targets are meshes of their own that no node places (§4): they become frames only.
  std::vector<bool> is_target(file.meshes.size(), false), placed(file.meshes.size(), false);
  for (const auto& n : file.nodes)
    if (n.mesh_id && lookup(mesh_ids, *n.mesh_id) >= 0) placed[lookup(mesh_ids, *n.mesh_id)] = true;
  for (const auto& m : file.meshes)
    for (const auto& morph : m.morphs)
      if (morph.mesh_id && lookup(mesh_ids, *morph.mesh_id) >= 0) is_target[lookup(mesh_ids, *morph.mesh_id)] = true;

  BoneResolver bones(file, node_ids, s);
  std::vector<std::vector<std::uint32_t>> scene_meshes(file.meshes.size());
  for (std::size_t i = 0; i < file.meshes.size(); ++i) {
    const RawMesh& raw = file.meshes[i];
    if (is_target[i] && !placed[i]) continue;
    MeshLinks links;
    if (!raw.bones.empty()) links.bone_joints = bones.resolve(ctx, raw);
    for (const auto& morph : raw.morphs) {
      const std::int32_t t = morph.mesh_id ? lookup(mesh_ids, *morph.mesh_id) : -1;
      links.morph_targets.push_back(t >= 0 ? &file.meshes[t] : nullptr);
    }
    links.material = [&](std::int32_t id) {
      if (id == 0) return -1;
      const std::int32_t m = lookup(material_ids, id);
      if (m < 0) ctx.warn("E3D_UNRESOLVED_REFERENCE", raw.where, "material ID " + std::to_string(id) + " is defined by no material; none used");
      return m;
    };
    // The mesh's arrays are moved out unless another mesh still needs them as a morph target.
    Mesh data = is_target[i] ? raw.mesh : std::move(file.meshes[i].mesh);
    for (auto& mesh : build_meshes(ctx, raw, std::move(data), links)) {
      scene_meshes[i].push_back(static_cast<std::uint32_t>(s.meshes.size()));
      s.meshes.push_back(std::move(mesh));
    }
    if (!raw.morphs.empty()) s.vertex_animation.frame_count = std::max<std::uint32_t>(s.vertex_animation.frame_count, raw.morphs.size());
  }
  for (std::size_t n = 0; n < file.nodes.size(); ++n) {
    const auto& id = file.nodes[n].mesh_id;
    if (!id) continue;
    const std::int32_t m = lookup(mesh_ids, *id);
    if (m < 0)
      ctx.warn("E3D_UNRESOLVED_REFERENCE", file.nodes[n].where, "node refers to mesh ID " + std::to_string(*id) + ", which no mesh defines");
    else {
      ctx.charge(scene_meshes[m].size() * sizeof(std::uint32_t), file.nodes[n].where, "mesh instances");
      s.nodes[n].meshes = scene_meshes[m];
    }
  }
}

void add_animations(ReadContext& ctx, const RawFile& file, const std::unordered_map<std::int32_t, std::int32_t>& node_ids, Scene& s) {
  std::optional<NameIndex> by_name;  // tracks may name their node instead of giving its ID
  for (const auto& raw : file.animations) {
    Animation a;
    std::unordered_map<std::uint32_t, std::size_t> channel_of_joint;
    a.name = raw.name;
    a.frame_rate = kFramesPerSecond;
    std::uint32_t last = raw.has_frames ? static_cast<std::uint32_t>(std::max(raw.end, 0)) : 0;
    for (const auto& t : raw.tracks) {
      a.loop = a.loop || t.loop;
      for (auto f : t.frames) last = std::max(last, f);
      std::int32_t node = t.node_id ? lookup(node_ids, *t.node_id) : -1;
      if (!t.node_id && !t.node_name.empty()) {
        if (!by_name) by_name = names_under(s, -1);
        auto it = by_name->find(t.node_name);
        if (it != by_name->end()) node = it->second;
      }
      if (node < 0) {
        ctx.warn("E3D_UNRESOLVED_REFERENCE", t.where, "animation track refers to no node; dropped");
        continue;
      }
      for (auto type : t.ignored)
        ctx.warn("E3D_DATA_DROPPED", t.where, "track data " + block_label(type) + " has no place in the scene; dropped");
      const auto joint = static_cast<std::uint32_t>(s.nodes[node].joint);
      auto [slot, added] = channel_of_joint.try_emplace(joint, a.channels.size());
      if (added) a.channels.push_back(Channel{joint, {}, {}, {}});
      Channel& ch = a.channels[slot->second];
      for (const auto& d : t.data)
        for (std::size_t k = 0; k < t.frames.size(); ++k) {
          const float time = t.frames[k] / kFramesPerSecond;
          const float* v = d.values.data() + k * (d.type == kTrackRotation ? 4 : 3);
          if (d.type == kTrackPosition) ch.translation.push_back({time, {v[0], v[1], v[2]}});
          if (d.type == kTrackScaling) ch.scale.push_back({time, {v[0], v[1], v[2]}});
          if (d.type == kTrackRotation) ch.rotation.push_back({time, scene_rotation(v[0], v[1], v[2], v[3])});
        }
    }
    a.duration = last / kFramesPerSecond;
    s.animations.push_back(std::move(a));
  }
}

}  // namespace

Scene build_scene(ReadContext& ctx, RawFile& file) {
  Scene s;
  s.source_format = "E3D";
  add_textures(ctx, file, s);
  add_materials(ctx, file, s);
  add_nodes(file, s);
  const bool skinned = std::any_of(file.meshes.begin(), file.meshes.end(), [](const RawMesh& m) { return !m.bones.empty(); });
  const bool animated = std::any_of(file.animations.begin(), file.animations.end(), [](const RawAnimation& a) { return !a.tracks.empty(); });
  if (skinned || animated) add_joints(s);
  const auto node_ids = index_ids(ctx, file.nodes, "node");
  add_meshes(ctx, file, node_ids, s);
  add_animations(ctx, file, node_ids, s);
  s.source_notes.push_back({"version", std::to_string(file.version >> 8) + "." + std::to_string(file.version & 0xFF)});
  return s;
}

}  // namespace aem::formats::e3d
