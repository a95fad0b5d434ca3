// IDs resolved after the whole file is read (docs/formats/e3d.md §2: sections may come in any order).
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
std::unordered_map<std::int32_t, std::int32_t> index_ids(ReadContext& ctx, const std::vector<Item>& items,
                                                         const char* what) {
  std::unordered_map<std::int32_t, std::int32_t> ids;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].id) continue;
    if (!ids.try_emplace(*items[i].id, static_cast<std::int32_t>(i)).second)
      ctx.warn("E3D_DUPLICATE_ID", items[i].where,
               std::string(what) + " ID " + std::to_string(*items[i].id) + " defined again; the first is used");
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

std::int32_t resolve_texture(ReadContext& ctx, const TextureRef& ref,
                             const std::unordered_map<std::int32_t, std::int32_t>& ids, Scene& s) {
  if (ref.id) {
    const std::int32_t t = lookup(ids, *ref.id);
    if (t < 0)
      ctx.warn("E3D_UNRESOLVED_REFERENCE", ref.where,
               "map refers to texture ID " + std::to_string(*ref.id) + ", which no texture defines; no map");
    return t;
  }
  return texture_by_name(s, ref.name);
}

void add_materials(ReadContext& ctx, const RawFile& file, Scene& s) {
  const auto texture_ids = index_ids(ctx, file.textures, "texture");
  for (const auto& raw : file.materials) {
    Material m = raw.material;
    for (const auto& ref : raw.maps) {
      std::int32_t* slot = nullptr;
      switch (ref.map_type) {
        case kDiffuseMap:
        case kAlbedoMap:
          slot = &m.textures.base_color;
          break;
        case kNormalMap:
          slot = &m.textures.normal;
          break;
        case kSpecularMap:
          slot = &m.textures.specular;
          break;
        case kEmissiveMap:
          slot = &m.textures.emissive;
          break;
        case kOcclusionMap:
          slot = &m.textures.occlusion;
          break;
        case kRoughnessMetalnessMap:
          slot = &m.textures.metallic_roughness;
          break;
        default:
          break;
      }
      if (!slot || *slot >= 0) {
        ctx.warn("E3D_DATA_DROPPED", ref.where,
                 block_label(ref.map_type) + " has no free texture slot in the scene; dropped");
        continue;
      }
      *slot = resolve_texture(ctx, ref, texture_ids, s);
      // The wrap bits are the material's; the scene keeps wraps per texture (a texture shared by
      // materials that disagree takes the last one's).
      if (*slot >= 0) {
        s.textures[*slot].wrap_u = m.flags & kFlagWrapU ? TextureWrap::Repeat : TextureWrap::ClampToEdge;
        s.textures[*slot].wrap_v = m.flags & kFlagWrapV ? TextureWrap::Repeat : TextureWrap::ClampToEdge;
      }
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
    n.local.translation = {static_cast<float>(raw.position[0]), static_cast<float>(raw.position[1]),
                           static_cast<float>(raw.position[2])};
    n.local.rotation = scene_rotation(raw.orientation[0], raw.orientation[1], raw.orientation[2], raw.orientation[3]);
    n.local.scale = raw.scale;
    s.nodes.push_back(std::move(n));
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

/// Which node each skin bone and each animation track refers to (-1: none), found before any joint
/// exists because they decide which nodes become joints.
struct References {
  std::vector<std::vector<std::int32_t>> bone_nodes;   ///< per mesh, per bone
  std::vector<std::vector<std::int32_t>> track_nodes;  ///< per animation, per track
};

/// Skin bones: by name, under the skeleton root named by the node placing the mesh (anywhere when
/// none names one, §6). Tracks: by node ID, or else by name.
References resolve_references(ReadContext& ctx, const RawFile& file, const std::vector<bool>& built,
                              const std::unordered_map<std::int32_t, std::int32_t>& node_ids, const Scene& s) {
  References refs;
  std::unordered_map<std::int32_t, std::int32_t> root_of_mesh;
  for (const auto& n : file.nodes)
    if (n.mesh_id && n.skeleton_root) root_of_mesh[*n.mesh_id] = lookup(node_ids, *n.skeleton_root);
  std::unordered_map<std::int32_t, NameIndex> names;  // per skeleton root
  auto names_for = [&](std::int32_t root) -> const NameIndex& {
    auto it = names.find(root);
    return it != names.end() ? it->second : names.emplace(root, names_under(s, root)).first->second;
  };
  refs.bone_nodes.resize(file.meshes.size());
  for (std::size_t m = 0; m < file.meshes.size(); ++m) {
    const RawMesh& mesh = file.meshes[m];
    if (!built[m] || mesh.bones.empty()) continue;
    auto root = mesh.id ? root_of_mesh.find(*mesh.id) : root_of_mesh.end();
    const NameIndex& index = names_for(root == root_of_mesh.end() ? -1 : root->second);
    for (const auto& bone : mesh.bones) {
      auto it = index.find(bone.node_name);
      refs.bone_nodes[m].push_back(it == index.end() ? -1 : it->second);
      if (it == index.end())
        ctx.warn("E3D_UNRESOLVED_REFERENCE", mesh.where,
                 "skin bone \"" + bone.node_name + "\" names no node; its weights are dropped");
    }
  }
  for (const auto& a : file.animations) {
    auto& nodes = refs.track_nodes.emplace_back();
    for (const auto& t : a.tracks) {
      std::int32_t node = t.node_id ? lookup(node_ids, *t.node_id) : -1;
      if (!t.node_id && !t.node_name.empty()) {
        auto it = names_for(-1).find(t.node_name);
        if (it != names_for(-1).end()) node = it->second;
      }
      if (node < 0) ctx.warn("E3D_UNRESOLVED_REFERENCE", t.where, "animation track refers to no node; dropped");
      nodes.push_back(node);
    }
  }
  return refs;
}

/// A track that only animates morph weights moves no node (without kept targets there are none).
bool moves_node(const RawTrack& t) { return t.morph_keys.empty() || !t.data.empty(); }

/// Joints for the nodes skins and tracks need (§6: bones are nodes): bones and animated nodes, their
/// ancestors (so the joint tree is connected) and everything under an animated node (it moves too).
/// Each rests at its node's transform; inverse binds come from the skins, or the inverse world
/// matrix for joints no skin names.
void add_joints(ReadContext& ctx, const RawFile& file, const References& refs, Scene& s) {
  const std::size_t n = s.nodes.size();
  std::vector<bool> needed(n, false), moving(n, false);
  for (const auto& bones : refs.bone_nodes)
    for (auto b : bones)
      if (b >= 0) needed[b] = true;
  for (std::size_t a = 0; a < refs.track_nodes.size(); ++a)
    for (std::size_t t = 0; t < refs.track_nodes[a].size(); ++t)
      if (const auto node = refs.track_nodes[a][t]; node >= 0 && moves_node(file.animations[a].tracks[t]))
        needed[node] = moving[node] = true;
  // Nodes are depth-first, parents first: a forward pass marks subtrees, a backward one ancestors.
  for (std::size_t i = 0; i < n; ++i) {
    const auto p = s.nodes[i].parent;
    if (p >= 0 && moving[p]) needed[i] = moving[i] = true;
  }
  for (std::size_t i = n; i-- > 0;)
    if (needed[i] && s.nodes[i].parent >= 0) needed[s.nodes[i].parent] = true;
  const auto world = node_world_matrices(s);
  for (std::size_t i = 0; i < n; ++i) {
    if (!needed[i]) continue;
    Joint j;
    j.name = s.nodes[i].name;
    j.parent = s.nodes[i].parent >= 0 ? s.nodes[s.nodes[i].parent].joint : -1;
    j.rest = s.nodes[i].local;
    j.inverse_bind = inverse(world[i]);
    s.nodes[i].joint = static_cast<std::int32_t>(s.joints.size());
    s.joints.push_back(std::move(j));
  }
  // Inverse binds are relative to the skin's bind shape, which applies first (§6).
  std::vector<bool> bind_set(s.joints.size(), false);
  for (std::size_t m = 0; m < refs.bone_nodes.size(); ++m)
    for (std::size_t b = 0; b < refs.bone_nodes[m].size(); ++b) {
      const auto node = refs.bone_nodes[m][b];
      if (node < 0) continue;
      const RawMesh& mesh = file.meshes[m];
      const auto joint = s.nodes[node].joint;
      const Mat4 inverse_bind = mesh.bones[b].inverse_bind * mesh.bind_shape;
      if (bind_set[joint] && s.joints[joint].inverse_bind != inverse_bind)
        ctx.warn(
            "E3D_BIND_CONFLICT", mesh.where,
            "bone \"" + mesh.bones[b].node_name + "\" has another inverse bind in another skin; the first is kept");
      if (!bind_set[joint]) s.joints[joint].inverse_bind = inverse_bind;
      bind_set[joint] = true;
    }
}

/// Meshes the scene gets: all but morph targets that no node places (§4: they become frames only).
std::vector<bool> meshes_to_build(const RawFile& file, const std::unordered_map<std::int32_t, std::int32_t>& mesh_ids,
                                  std::vector<bool>& is_target) {
  std::vector<bool> placed(file.meshes.size(), false), built(file.meshes.size(), true);
  is_target.assign(file.meshes.size(), false);
  for (const auto& n : file.nodes)
    if (n.mesh_id && lookup(mesh_ids, *n.mesh_id) >= 0) placed[lookup(mesh_ids, *n.mesh_id)] = true;
  for (const auto& m : file.meshes)
    for (const auto& morph : m.morphs)
      if (morph.mesh_id && lookup(mesh_ids, *morph.mesh_id) >= 0) is_target[lookup(mesh_ids, *morph.mesh_id)] = true;
  for (std::size_t i = 0; i < built.size(); ++i) built[i] = !is_target[i] || placed[i];
  return built;
}

/// Adds the scene meshes; returns the raw mesh each node places (-1: none).
std::vector<std::int32_t> add_meshes(ReadContext& ctx, RawFile& file,
                                     const std::unordered_map<std::int32_t, std::int32_t>& mesh_ids,
                                     const std::vector<bool>& built, const std::vector<bool>& is_target,
                                     const References& refs, Scene& s) {
  const auto material_ids = index_ids(ctx, file.materials, "material");
  std::vector<std::vector<std::uint32_t>> scene_meshes(file.meshes.size());
  std::vector<std::int32_t> placed(file.nodes.size(), -1);
  for (std::size_t i = 0; i < file.meshes.size(); ++i) {
    const RawMesh& raw = file.meshes[i];
    if (!built[i]) continue;
    MeshLinks links;
    for (auto node : refs.bone_nodes[i]) links.bone_joints.push_back(node < 0 ? -1 : s.nodes[node].joint);
    for (const auto& morph : raw.morphs) {
      const std::int32_t t = morph.mesh_id ? lookup(mesh_ids, *morph.mesh_id) : -1;
      links.morph_targets.push_back(t >= 0 ? &file.meshes[t] : nullptr);
    }
    links.material = [&](std::int32_t id) {
      if (id == 0) return -1;
      const std::int32_t m = lookup(material_ids, id);
      if (m < 0)
        ctx.warn("E3D_UNRESOLVED_REFERENCE", raw.where,
                 "material ID " + std::to_string(id) + " is defined by no material; none used");
      return m;
    };
    // The mesh's arrays are moved out unless another mesh still needs them as a morph target.
    Mesh data = is_target[i] ? raw.mesh : std::move(file.meshes[i].mesh);
    for (auto& mesh : build_meshes(ctx, raw, std::move(data), links, file.meshes[i].target_of_morph)) {
      scene_meshes[i].push_back(static_cast<std::uint32_t>(s.meshes.size()));
      s.meshes.push_back(std::move(mesh));
    }
    if (!raw.morphs.empty() && !ctx.keep_morph_targets)
      s.vertex_animation.frame_count = std::max<std::uint32_t>(s.vertex_animation.frame_count, raw.morphs.size());
  }
  for (std::size_t n = 0; n < file.nodes.size(); ++n) {
    const auto& id = file.nodes[n].mesh_id;
    if (!id) continue;
    const std::int32_t m = lookup(mesh_ids, *id);
    if (m < 0)
      ctx.warn("E3D_UNRESOLVED_REFERENCE", file.nodes[n].where,
               "node refers to mesh ID " + std::to_string(*id) + ", which no mesh defines");
    else {
      ctx.charge(scene_meshes[m].size() * sizeof(std::uint32_t), file.nodes[n].where, "mesh instances");
      s.nodes[n].meshes = scene_meshes[m];
      placed[n] = m;
    }
  }
  return placed;
}

/// The morph weight keys of `t` as one weight track per scene mesh the node shows: keyed targets
/// take their keys, the others hold their default weight.
void add_weight_tracks(ReadContext& ctx, const RawTrack& t, const RawMesh& raw,
                       const std::vector<std::uint32_t>& meshes, Scene& s, Animation& a) {
  for (auto mi : meshes) {
    const Mesh& mesh = s.meshes[mi];
    const std::size_t count = mesh.targets.size();
    if (count == 0) continue;
    const auto& tracks = a.weight_tracks;
    if (std::any_of(tracks.begin(), tracks.end(), [&](const WeightTrack& w) { return w.mesh == mi; })) {
      ctx.warn("E3D_DATA_DROPPED", t.where, "a second track of morph weight keys for one mesh; dropped");
      continue;
    }
    WeightTrack w;
    w.mesh = mi;
    for (auto f : t.frames) w.times.push_back(f / kFramesPerSecond);
    ctx.charge(std::uint64_t(t.frames.size()) * count * sizeof(float), t.where, "morph weight keys");
    for (std::size_t k = 0; k < t.frames.size(); ++k)
      for (std::size_t j = 0; j < count; ++j)
        w.weights.push_back(j < mesh.target_weights.size() ? mesh.target_weights[j] : 0.0f);
    for (const auto& keys : t.morph_keys) {
      const bool known = keys.morph >= 0 && std::size_t(keys.morph) < raw.target_of_morph.size() &&
                         raw.target_of_morph[keys.morph] >= 0;
      if (!known) {
        ctx.warn(
            "E3D_UNRESOLVED_REFERENCE", t.where,
            "morph weight keys name morph " + std::to_string(keys.morph) + ", which the node's mesh lacks; dropped");
        continue;
      }
      const std::size_t j = raw.target_of_morph[keys.morph];
      for (std::size_t k = 0; k < keys.weights.size(); ++k) w.weights[k * count + j] = keys.weights[k];
    }
    a.weight_tracks.push_back(std::move(w));
  }
}

void add_animations(ReadContext& ctx, const RawFile& file, const References& refs,
                    const std::vector<std::int32_t>& placed, Scene& s) {
  for (std::size_t ai = 0; ai < file.animations.size(); ++ai) {
    const RawAnimation& raw = file.animations[ai];
    Animation a;
    std::unordered_map<std::uint32_t, std::size_t> channel_of_joint;
    a.name = raw.name;
    a.frame_rate = kFramesPerSecond;
    std::uint32_t last = raw.has_frames ? static_cast<std::uint32_t>(std::max(raw.end, 0)) : 0;
    for (std::size_t ti = 0; ti < raw.tracks.size(); ++ti) {
      const RawTrack& t = raw.tracks[ti];
      a.loop = a.loop || t.loop;
      for (auto f : t.frames) last = std::max(last, f);
      const std::int32_t node = refs.track_nodes[ai][ti];
      if (node < 0) continue;
      for (auto type : t.ignored)
        ctx.warn("E3D_DATA_DROPPED", t.where,
                 "track data " + block_label(type) + " has no place in the scene; dropped");
      if (!t.morph_keys.empty() && placed[node] >= 0)
        add_weight_tracks(ctx, t, file.meshes[placed[node]], s.nodes[node].meshes, s, a);
      else if (!t.morph_keys.empty())
        ctx.warn("E3D_DATA_DROPPED", t.where, "morph weight keys of a node that shows no mesh; dropped");
      if (!moves_node(t)) continue;
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
  const auto node_ids = index_ids(ctx, file.nodes, "node");
  const auto mesh_ids = index_ids(ctx, file.meshes, "mesh");
  // Morph weight keys play the morphs as targets, which read_scene bakes into the animation's frames
  // when the read does not keep them; without keys each morph is a frame of its own (Ecere's files).
  ctx.keep_morph_targets |= std::any_of(file.animations.begin(), file.animations.end(), [](const RawAnimation& a) {
    return std::any_of(a.tracks.begin(), a.tracks.end(), [](const RawTrack& t) { return !t.morph_keys.empty(); });
  });
  std::vector<bool> is_target;
  const std::vector<bool> built = meshes_to_build(file, mesh_ids, is_target);
  const References refs = resolve_references(ctx, file, built, node_ids, s);
  add_joints(ctx, file, refs, s);
  const auto placed = add_meshes(ctx, file, mesh_ids, built, is_target, refs, s);
  add_animations(ctx, file, refs, placed, s);
  s.source_notes.push_back({"version", std::to_string(file.version >> 8) + "." + std::to_string(file.version & 0xFF)});
  return s;
}

}  // namespace aem::formats::e3d
