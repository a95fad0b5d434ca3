// Scene -> E3D as Ecere's reader needs it (docs/formats/e3d.md §11): the version block, then textures,
// materials, meshes, nodes (one root, IDs 1..N depth-first) and animations, optionally in one LZMA
// block. Joints without a node of their own become nodes, so that skins and tracks can name them.
#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "core/image.hpp"
#include "core/parse_error.hpp"
#include "formats/e3d/block_walker.hpp"
#include "formats/e3d/block_writer.hpp"
#include "formats/e3d/e3d_format.hpp"
#include "formats/e3d/lzma_codec.hpp"
#include "formats/e3d/node_plan.hpp"
#include "formats/e3d/write_mesh.hpp"

namespace aem::formats {
namespace {

using e3d::BlockWriter;

using e3d::warning;

using e3d::NodePlan;
using e3d::WNode;

/// Skins find their bones' nodes by name (§6): the nodes of joints that skins use get unique,
/// non-empty names; other names stay as they are.
std::vector<std::string> unique_bone_names(NodePlan& plan, const Scene& s, std::vector<Warning>& warnings) {
  std::vector<bool> is_bone(s.joints.size(), false);
  for (const auto& m : s.meshes)
    for (const auto& inf : m.skin)
      for (int k = 0; k < kMaxInfluences; ++k)
        if (inf.joints[k] >= 0 && static_cast<std::size_t>(inf.joints[k]) < is_bone.size() && inf.weights[k] > 0)
          is_bone[inf.joints[k]] = true;
  std::unordered_map<std::string, int> count;
  for (const auto& n : plan.nodes) ++count[n.name];
  std::vector<std::string> names(plan.joint_node.size());
  for (std::size_t j = 0; j < plan.joint_node.size(); ++j) {
    std::string& name = plan.nodes[plan.joint_node[j]].name;
    if (is_bone[j] && (name.empty() || count[name] > 1)) {
      const std::string old = name;
      for (int k = 0; name.empty() || count[name] > 0; ++k)
        name = (old.empty() ? "joint" : old + "#") + std::to_string(j) + (k ? "_" + std::to_string(k) : "");
      --count[old];
      ++count[name];
      warnings.push_back(warning("E3D_NAME_CHANGED", "joint " + std::to_string(j) + " \"" + old +
                                                         "\" written as node \"" + name +
                                                         "\" (skins find bones by unique name)"));
    }
    names[j] = name;
  }
  return names;
}

void write_textures(BlockWriter& w, const Scene& s, std::vector<Warning>& warnings) {
  if (s.textures.empty()) return;
  w.block(e3d::kTextures, [&] {
    for (std::size_t i = 0; i < s.textures.size(); ++i) {
      const Texture& t = s.textures[i];
      w.block(e3d::kTexture, [&] {
        w.i32_block(e3d::kTextureId, static_cast<std::int32_t>(i + 1));
        if (t.data.empty()) return w.string_block(e3d::kTextureName, t.name);
        // The embedding blocks hold whole PNG, JPEG or JPEG 2000 files (docs/formats/e3d.md §9): those are
        // written as they are, anything else decoded and encoded as PNG.
        const auto embed = [&](e3d::Block type, std::span<const std::byte> bytes) {
          w.block(type, [&] { w.out.bytes(bytes); });
        };
        switch (image_encoding(t.data)) {
          case ImageEncoding::Png:
            return embed(e3d::kTexturePng, std::as_bytes(std::span(t.data)));
          case ImageEncoding::Jpeg:
            return embed(e3d::kTextureJpg, std::as_bytes(std::span(t.data)));
          case ImageEncoding::Jpeg2000:
            return embed(e3d::kTextureJpg2k, std::as_bytes(std::span(t.data)));
          case ImageEncoding::Other:
            break;
        }
        const std::string which = "texture " + std::to_string(i) + " \"" + t.name + "\"";
        const std::vector<std::byte> png = reencode_as_png(t.data);
        if (png.empty()) {
          warnings.push_back(warning(
              "E3D_TEXTURE_TYPE",
              which + " is neither PNG, JPEG nor JPEG 2000, and does not decode; written by name only, not embedded"));
          return w.string_block(e3d::kTextureName, t.name);
        }
        warnings.push_back(
            warning("E3D_TEXTURE_REENCODED", which + " re-encoded as PNG (E3D embeds PNG, JPEG and JPEG 2000)"));
        embed(e3d::kTexturePng, png);
      });
    }
  });
}

/// E3D wraps per material, tile or clamp: the first texture the material uses decides (mirrored
/// repeat is written as tile; write_scene warns). Without a texture the bits pass through.
std::uint32_t wrap_flags(std::uint32_t flags, const Material& m, const Scene& s) {
  const MaterialTextures& t = m.textures;
  for (std::int32_t i : {t.base_color, t.normal, t.specular, t.emissive, t.occlusion, t.metallic_roughness, t.orm}) {
    if (i < 0 || static_cast<std::size_t>(i) >= s.textures.size()) continue;
    const Texture& tex = s.textures[i];
    flags &= ~(e3d::kFlagWrapU | e3d::kFlagWrapV);
    if (tex.wrap_u != TextureWrap::ClampToEdge) flags |= e3d::kFlagWrapU;
    if (tex.wrap_v != TextureWrap::ClampToEdge) flags |= e3d::kFlagWrapV;
    break;
  }
  return flags;
}

void write_materials(BlockWriter& w, const Scene& s, std::vector<Warning>& warnings) {
  if (s.materials.empty()) return;
  w.block(e3d::kMaterials, [&] {
    for (std::size_t i = 0; i < s.materials.size(); ++i) {
      const Material& m = s.materials[i];
      if (m.metallic != 0.0f || m.roughness != 1.0f)
        warnings.push_back(
            warning("E3D_DATA_DROPPED", "E3D has no metallic/roughness factors", "material \"" + m.name + "\""));
      w.block(e3d::kMaterial, [&] {
        w.i32_block(e3d::kMaterialId, static_cast<std::int32_t>(i + 1));
        if (!m.name.empty()) w.string_block(e3d::kMaterialName, m.name);
        // Bit 2 (translucent) passes through from E3D sources; bits 0-1 follow the fields, bits 3-4 the wraps.
        std::uint32_t flags = (m.flags & ~3u) | (m.double_sided ? 1u : 0u);
        flags = wrap_flags(flags, m, s);
        if (!m.alpha_blend) flags &= ~4u;
        if (m.alpha_blend && !(flags & 4u)) flags |= 2u;
        w.block(e3d::kMaterialFlags, [&] { w.out.u32(flags); });
        const Vec3 diffuse = m.has_phong ? m.diffuse : Vec3{m.base_color.x, m.base_color.y, m.base_color.z};
        w.f32_block(e3d::kOpacity, m.has_phong ? m.opacity : m.opacity * m.base_color.w);
        w.vec3_block(e3d::kDiffuse, diffuse);
        w.vec3_block(e3d::kAmbient, m.has_phong ? m.ambient : Vec3{1, 1, 1});
        w.vec3_block(e3d::kSpecular, m.has_phong ? m.specular : Vec3{});
        w.vec3_block(e3d::kEmissive, m.emissive);
        if (m.has_phong) w.f32_block(e3d::kShininess, m.shininess);
        const MaterialTextures& t = m.textures;
        const std::pair<std::uint16_t, std::int32_t> maps[] = {
            {e3d::kDiffuseMap, t.base_color},
            {e3d::kNormalMap, t.normal},
            {e3d::kSpecularMap, t.specular},
            {e3d::kEmissiveMap, t.emissive},
            {e3d::kOcclusionMap, t.occlusion},
            {e3d::kRoughnessMetalnessMap, t.metallic_roughness >= 0 ? t.metallic_roughness : t.orm}};
        for (const auto& map : maps)
          if (map.second >= 0 && static_cast<std::size_t>(map.second) < s.textures.size())
            w.block(map.first, [&] { w.i32_block(e3d::kTextureId, map.second + 1); });
      });
    }
  });
}

void write_node(BlockWriter& w, const NodePlan& plan, std::size_t index,
                const std::map<std::vector<std::uint32_t>, std::int32_t>& mesh_ids, const Scene& s) {
  // Recursion as deep as the tree, which number_nodes bounded.
  const WNode& n = plan.nodes[index];
  const std::uint16_t type = n.kind == Node::Kind::Camera  ? e3d::kCameraNode
                             : n.kind == Node::Kind::Light ? e3d::kLightNode
                                                           : e3d::kMeshNode;
  w.block(type, [&] {
    w.i32_block(e3d::kNodeId, n.id);
    if (!n.name.empty()) w.string_block(e3d::kNodeName, n.name);
    if (auto mesh = mesh_ids.find(n.meshes); mesh != mesh_ids.end()) w.i32_block(e3d::kMeshId, mesh->second);
    const bool skinned =
        std::any_of(n.meshes.begin(), n.meshes.end(), [&](auto m) { return !s.meshes[m].skin.empty(); });
    if (skinned)
      w.block(e3d::kSkeleton, [&] {
        w.out.i32(1);  // bones are looked up under the root, which holds every node
        w.string("");
      });
    const Transform& t = n.local;
    if (t.scale != Vec3{1, 1, 1}) w.vec3_block(e3d::kScaling, t.scale);
    if (t.rotation != Quat{}) {
      // Ecere rotates row vectors by the matrix of q: the scene's column-vector rotation is conj(q) (§8).
      const Quat q = normalize(t.rotation);
      w.block(e3d::kOrientation, [&] {
        for (double v : {double(q.w), -double(q.x), -double(q.y), -double(q.z)}) w.out.f64(v);
      });
    }
    if (t.translation != Vec3{})
      w.block(e3d::kPosition, [&] {
        for (double v : {double(t.translation.x), double(t.translation.y), double(t.translation.z)}) w.out.f64(v);
      });
    for (auto c : n.children) write_node(w, plan, c, mesh_ids, s);
  });
}

std::uint32_t frame_of(float time, bool& off_frame) {
  const float f = std::max(0.0f, time) * e3d::kFramesPerSecond;
  const float rounded = std::round(f);
  if (std::fabs(f - rounded) > 1e-3f) off_frame = true;
  return static_cast<std::uint32_t>(std::min(rounded, 4.0e9f));
}

template <class V, class F>
void write_track(BlockWriter& w, const std::vector<Key<V>>& keys, bool loop, std::uint16_t type, std::int32_t node_id,
                 bool& off_frame, F&& value) {
  if (keys.empty()) return;
  w.block(e3d::kAnimationTrack, [&] {
    w.out.u32(static_cast<std::uint32_t>(keys.size()));
    w.out.u8(loop ? 1 : 0);
    for (const auto& k : keys) w.out.u32(frame_of(k.time, off_frame));
    w.block(type, [&] {
      for (const auto& k : keys) value(k.value);
    });
    w.i32_block(e3d::kNodeId, node_id);
  });
}

/// A track of morph weight keys (ftkMorph, one block per target) on every node that shows the mesh.
void write_weight_track(BlockWriter& w, const WeightTrack& t, bool loop, const NodePlan& plan, bool& off_frame) {
  const std::size_t keys = t.times.size();
  if (keys == 0) return;
  const std::size_t targets = t.weights.size() / keys;
  for (const auto& node : plan.nodes) {
    if (std::find(node.meshes.begin(), node.meshes.end(), t.mesh) == node.meshes.end()) continue;
    w.block(e3d::kAnimationTrack, [&] {
      w.out.u32(static_cast<std::uint32_t>(keys));
      w.out.u8(loop ? 1 : 0);
      for (float time : t.times) w.out.u32(frame_of(time, off_frame));
      for (std::size_t j = 0; j < targets; ++j)
        w.block(e3d::kTrackMorph, [&] {
          w.out.i32(static_cast<std::int32_t>(j));
          for (std::size_t k = 0; k < keys; ++k) w.out.f32(t.weights[k * targets + j]);
        });
      w.i32_block(e3d::kNodeId, node.id);
    });
  }
}

void write_animations(BlockWriter& w, const Scene& s, const NodePlan& plan, std::vector<Warning>& warnings) {
  if (s.animations.empty()) return;
  bool off_frame = false;
  w.block(e3d::kAnimations, [&] {
    for (const Animation& a : s.animations)
      w.block(e3d::kAnimation, [&] {
        if (!a.name.empty()) w.string_block(e3d::kAnimationName, a.name);
        w.block(e3d::kAnimationFrames, [&] {
          w.out.i32(0);
          w.out.i32(static_cast<std::int32_t>(frame_of(a.duration, off_frame)));
          w.out.i32(0);
        });
        for (const Channel& ch : a.channels) {
          if (ch.joint >= plan.joint_node.size()) continue;
          const std::int32_t id = plan.nodes[plan.joint_node[ch.joint]].id;
          write_track(w, ch.translation, a.loop, e3d::kTrackPosition, id, off_frame, [&](const Vec3& v) { w.vec3(v); });
          write_track(w, ch.rotation, a.loop, e3d::kTrackRotation, id, off_frame, [&](const Quat& q) {
            for (float v : {q.w, -q.x, -q.y, -q.z}) w.out.f32(v);
          });
          write_track(w, ch.scale, a.loop, e3d::kTrackScaling, id, off_frame, [&](const Vec3& v) { w.vec3(v); });
        }
        for (const WeightTrack& t : a.weight_tracks) write_weight_track(w, t, a.loop, plan, off_frame);
      });
  });
  if (off_frame)
    warnings.push_back(warning("E3D_KEYS_ROUNDED", "key times were rounded to whole frames at " +
                                                       std::to_string(static_cast<int>(e3d::kFramesPerSecond)) +
                                                       " fps (E3D stores frame numbers)"));
}

/// Depth-first IDs from 1 (the root), the numbering Ecere's writer uses. Fails when the tree is
/// deeper than readers accept (blocks nest one level per node).
void number_nodes(NodePlan& plan) {
  std::int32_t next = 1;
  std::vector<std::pair<std::size_t, int>> stack{{plan.root, 0}};
  while (!stack.empty()) {
    const auto [i, depth] = stack.back();
    stack.pop_back();
    if (depth > e3d::kMaxDepth - 8)
      detail::fail_at(
          "E3D", "E3D_TOO_DEEP", 0,
          "the node tree is deeper than the " + std::to_string(e3d::kMaxDepth - 8) + " levels E3D readers accept");
    plan.nodes[i].id = next++;
    for (auto it = plan.nodes[i].children.rbegin(); it != plan.nodes[i].children.rend(); ++it)
      stack.push_back({*it, depth + 1});
  }
}

/// Nodes placing several meshes that cannot share one E3D mesh keep the first; the others go on
/// untransformed child nodes (an E3D node places one mesh).
void split_mesh_lists(NodePlan& plan, const Scene& s) {
  for (std::size_t i = 0; i < plan.nodes.size(); ++i) {
    if (plan.nodes[i].meshes.size() < 2 || e3d::can_merge(s, plan.nodes[i].meshes)) continue;
    const std::vector<std::uint32_t> rest(plan.nodes[i].meshes.begin() + 1, plan.nodes[i].meshes.end());
    plan.nodes[i].meshes.resize(1);
    for (auto m : rest) {
      plan.nodes[i].children.push_back(plan.nodes.size());
      plan.nodes.push_back({{}, {}, Node::Kind::Plain, {m}, {}, 0});
    }
  }
}

std::vector<std::byte> write_body(const Scene& s, std::vector<Warning>& warnings) {
  NodePlan plan = e3d::plan_nodes(s);
  split_mesh_lists(plan, s);
  number_nodes(plan);
  e3d::MeshContext ctx{s, unique_bone_names(plan, s, warnings), warnings};
  BlockWriter w;
  write_textures(w, s, warnings);
  write_materials(w, s, warnings);
  // One E3D mesh per distinct list of meshes a node places (several merged: the reader splits them
  // by material again).
  std::map<std::vector<std::uint32_t>, std::int32_t> mesh_ids;
  std::int32_t next_id = 1;
  w.block(e3d::kMeshes, [&] {
    for (const auto& n : plan.nodes)
      if (!n.meshes.empty() && !mesh_ids.count(n.meshes))
        mesh_ids[n.meshes] = e3d::write_mesh(w, ctx, n.meshes, next_id);
  });
  w.block(e3d::kNodes, [&] { write_node(w, plan, plan.root, mesh_ids, s); });
  write_animations(w, s, plan, warnings);
  return w.out.take();
}

}  // namespace

Result<std::vector<std::byte>> e3d_write(const Scene& scene, const WriteOptions& options) {
  Result<std::vector<std::byte>> result(std::vector<std::byte>{});
  std::vector<std::byte> body;
  try {
    body = write_body(scene, result.warnings);
  } catch (detail::ParseError& e) {
    e.diagnostic.offset.reset();
    return e.diagnostic;
  }
  if (body.size() > 0xFFFFFFFFu - 64)
    return Error{.code = "E3D_TOO_LARGE",
                 .format = "E3D",
                 .message = "the scene needs " + std::to_string(body.size()) + " bytes; E3D blocks hold at most 4 GiB"};
  BlockWriter w;
  w.block(e3d::kVersion, [&] {
    w.out.bytes(std::as_bytes(std::span("E3DF", 4)));
    w.out.u16(0x0100);
  });
  e3d::LzmaEncoded packed;
  if (options.compress && e3d::lzma_encode(body, packed))
    w.block(e3d::kLzma, [&] {
      w.out.u32(static_cast<std::uint32_t>(body.size()));
      w.out.bytes(packed.props);
      w.out.bytes(packed.stream);
    });
  else
    w.out.bytes(body);
  result.value() = w.out.take();
  return result;
}

}  // namespace aem::formats
