// Scene meshes -> glTF meshes: one triangle primitive each, every vertex stream the mesh has, skin
// influences normalised for glTF, morph targets (or else vertex-animation frames as targets), each
// coarser level of detail a glTF mesh of its own over the same vertex accessors.
#include <algorithm>
#include <cmath>

#include "formats/gltf/writer_parts.hpp"

namespace aem::formats::gltf {
namespace {

float finite(float v) { return std::isfinite(v) ? v : 0.0f; }

template <class V, class F>
std::vector<float> flat(const std::vector<V>& items, int components, F&& fn) {
  std::vector<float> out;
  out.reserve(items.size() * components);
  for (const auto& item : items) fn(item, out);
  return out;
}

std::vector<float> vec3s(const std::vector<Vec3>& v) {
  return flat(v, 3, [](const Vec3& p, std::vector<float>& o) {
    o.insert(o.end(), {finite(p.x), finite(p.y), finite(p.z)});
  });
}

/// glTF wants unit normals; a zero or broken normal becomes +Z rather than an invalid file.
Vec3 unit(const Vec3& v) {
  const Vec3 f{finite(v.x), finite(v.y), finite(v.z)};
  const float len = length(f);
  return len > 1e-12f ? f * (1.0f / len) : Vec3{0, 0, 1};
}

struct Influences {
  std::vector<std::uint32_t> joints;
  std::vector<float> weights;
  int sets = 0;  // 1 or 2 sets of four
};

/// Per vertex: the skin's joints with positive weight (duplicates merged), or the rigid joint when the
/// vertex has no skin; the largest first, weights summing to 1. A vertex with neither follows joint 0.
Influences influences(Document& doc, const Mesh& mesh, std::size_t joint_count, const std::string& path) {
  const std::size_t n = mesh.positions.size();
  std::vector<std::vector<std::pair<std::uint32_t, float>>> per(n);
  std::size_t widest = 1, unbound = 0, rigid_dropped = 0;
  for (std::size_t v = 0; v < n; ++v) {
    auto& list = per[v];
    if (v < mesh.skin.size())
      for (int k = 0; k < kMaxInfluences; ++k) {
        const auto j = mesh.skin[v].joints[k];
        const float w = mesh.skin[v].weights[k];
        if (j < 0 || static_cast<std::size_t>(j) >= joint_count || !(w > 0.0f) || !std::isfinite(w)) continue;
        auto same = std::find_if(list.begin(), list.end(),
                                 [&](const auto& p) { return p.first == static_cast<std::uint32_t>(j); });
        if (same != list.end())
          same->second += w;
        else
          list.emplace_back(j, w);
      }
    const std::int32_t rigid = v < mesh.rigid_joints.size() ? mesh.rigid_joints[v] : -1;
    if (rigid >= 0 && static_cast<std::size_t>(rigid) < joint_count) {
      if (list.empty())
        list.emplace_back(rigid, 1.0f);
      else
        ++rigid_dropped;
    }
    if (list.empty()) {
      list.emplace_back(0, 1.0f);
      ++unbound;
    }
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    widest = std::max(widest, list.size());
  }
  if (unbound)
    doc.warn("GLTF_WRITE_UNBOUND_VERTICES", path,
             std::to_string(unbound) + " vertices of a skinned mesh have no joint; they follow joint 0");
  if (rigid_dropped)
    doc.warn("GLTF_WRITE_RIGID_JOINT_DROPPED", path,
             std::to_string(rigid_dropped) + " vertices have both a skin and a rigid joint; glTF keeps the skin only");
  Influences out;
  out.sets = widest > 4 ? 2 : 1;
  const std::size_t slots = 4 * static_cast<std::size_t>(out.sets);
  out.joints.assign(n * slots, 0);
  out.weights.assign(n * slots, 0.0f);
  for (std::size_t v = 0; v < n; ++v) {
    const auto& list = per[v];
    float sum = 0.0f;
    for (const auto& p : list) sum += p.second;
    float rest = 0.0f;
    for (std::size_t k = 1; k < list.size(); ++k) {
      out.joints[v * slots + k] = list[k].first;
      out.weights[v * slots + k] = list[k].second / sum;
      rest += out.weights[v * slots + k];
    }
    // The largest weight takes what is left, so the float sum is 1 as closely as floats allow.
    out.joints[v * slots] = list[0].first;
    out.weights[v * slots] = 1.0f - rest;
  }
  return out;
}

/// The slots of set `s` (four per vertex) out of `values` laid out `slots` per vertex.
template <class T>
std::vector<T> set_of(const std::vector<T>& values, int s, std::size_t slots) {
  std::vector<T> out;
  out.reserve(values.size() / slots * 4);
  for (std::size_t i = 0; i < values.size(); i += slots)
    out.insert(out.end(), values.begin() + i + 4 * s, values.begin() + i + 4 * s + 4);
  return out;
}

/// The index list as whole triangles, or empty when an index is past the `n` vertices.
std::vector<std::uint32_t> whole_triangles(const std::vector<std::uint32_t>& list, std::size_t n) {
  std::vector<std::uint32_t> out(list.begin(), list.end() - static_cast<std::ptrdiff_t>(list.size() % 3));
  if (std::any_of(out.begin(), out.end(), [&](std::uint32_t i) { return i >= n; })) out.clear();
  return out;
}

/// Vertex-animation frames as one morph target each (the weights animation counts on the order):
/// all or none, named "frame<n>".
void write_frame_targets(Document& doc, const Mesh& mesh, const std::string& path, bool normals,
                         std::vector<std::string>& targets, std::vector<std::string>& names) {
  const std::size_t n = mesh.positions.size();
  const bool frames_fit =
      std::all_of(mesh.frames.begin(), mesh.frames.end(), [&](const MorphFrame& f) { return f.positions.size() == n; });
  if (!frames_fit)
    doc.warn("GLTF_WRITE_FRAMES_SKIPPED", path,
             "vertex-animation frames with the wrong vertex count; no morph targets written");
  for (std::size_t f = 0; frames_fit && f < mesh.frames.size(); ++f) {
    const MorphFrame& frame = mesh.frames[f];
    std::vector<Vec3> delta(n);
    for (std::size_t v = 0; v < n; ++v) delta[v] = frame.positions[v] - mesh.positions[v];
    JsonObject target;
    target.num("POSITION", doc.float_accessor(vec3s(delta), 3, true, kVertices));
    if (normals && frame.normals.size() == n) {
      for (std::size_t v = 0; v < n; ++v) delta[v] = unit(frame.normals[v]) - unit(mesh.normals[v]);
      target.num("NORMAL", doc.float_accessor(vec3s(delta), 3, false, kVertices));
    }
    targets.push_back(target.text());
    names.push_back(detail::json_quote("frame" + std::to_string(f)));
  }
}

/// The mesh's morph targets as they are: POSITION deltas (with the bounds glTF requires), NORMAL deltas
/// where the mesh has normals, names as given. A target without position deltas gets zeros (a glTF
/// target needs an attribute, and the mesh's others carry POSITION).
void write_morph_targets(Document& doc, const Mesh& mesh, const std::string& path, bool normals,
                         std::vector<std::string>& targets, std::vector<std::string>& names) {
  const std::size_t n = mesh.positions.size();
  for (std::size_t t = 0; t < mesh.targets.size(); ++t) {
    const MorphTarget& source = mesh.targets[t];
    const bool fits = (source.positions.empty() || source.positions.size() == n) &&
                      (source.normals.empty() || source.normals.size() == mesh.normals.size());
    if (!fits) {
      doc.warn("GLTF_WRITE_TARGETS_SKIPPED", path + ".targets[" + std::to_string(t) + "]",
               "morph target \"" + source.name + "\" has another vertex count than its mesh; no morph targets written");
      targets.clear();
      names.clear();
      return;
    }
    JsonObject target;
    target.num("POSITION", doc.float_accessor(vec3s(source.positions.empty() ? std::vector<Vec3>(n) : source.positions),
                                              3, true, kVertices));
    if (normals && !source.normals.empty())
      target.num("NORMAL", doc.float_accessor(vec3s(source.normals), 3, false, kVertices));
    targets.push_back(target.text());
    names.push_back(detail::json_quote(source.name));
  }
}

WrittenMesh write_mesh(Document& doc, const Scene& scene, std::size_t index) {
  const Mesh& mesh = scene.meshes[index];
  const std::string path = "meshes[" + std::to_string(index) + "] \"" + mesh.name + "\"";
  const std::size_t n = mesh.positions.size();
  WrittenMesh written;
  if (n == 0 || mesh.indices.size() < 3) {
    doc.warn("GLTF_WRITE_EMPTY_MESH", path, "the mesh has no triangles; not written");
    return written;
  }
  const std::vector<std::uint32_t> indices = whole_triangles(mesh.indices, n);
  if (indices.empty()) {
    doc.warn("GLTF_WRITE_BAD_INDICES", path, "the mesh has indices past its vertices; not written");
    return written;
  }

  JsonObject attributes;
  attributes.num("POSITION", doc.float_accessor(vec3s(mesh.positions), 3, true, kVertices));
  const bool normals = mesh.normals.size() == n;
  if (normals) {
    auto v = flat(mesh.normals, 3, [](const Vec3& p, std::vector<float>& o) {
      const Vec3 u = unit(p);
      o.insert(o.end(), {u.x, u.y, u.z});
    });
    attributes.num("NORMAL", doc.float_accessor(v, 3, false, kVertices));
  }
  if (normals && mesh.tangents.size() == n) {
    auto v = flat(mesh.tangents, 4, [](const Vec4& t, std::vector<float>& o) {
      const Vec3 u = unit({t.x, t.y, t.z});
      o.insert(o.end(), {u.x, u.y, u.z, t.w < 0 ? -1.0f : 1.0f});
    });
    attributes.num("TANGENT", doc.float_accessor(v, 4, false, kVertices));
  }
  int uv_set = 0;
  for (const auto& uvs : mesh.uvs) {
    if (uvs.size() != n) continue;
    auto v = flat(uvs, 2, [](const Vec2& t, std::vector<float>& o) { o.insert(o.end(), {finite(t.x), finite(t.y)}); });
    attributes.num("TEXCOORD_" + std::to_string(uv_set++), doc.float_accessor(v, 2, false, kVertices));
  }
  // A textured material needs TEXCOORD_0 on every primitive that uses it: zeros (one texel) stand in.
  if (uv_set == 0 && mesh.material >= 0 && static_cast<std::size_t>(mesh.material) < scene.materials.size() &&
      !(scene.materials[mesh.material].textures == MaterialTextures{}))
    attributes.num("TEXCOORD_0", doc.float_accessor(std::vector<float>(2 * n, 0.0f), 2, false, kVertices));
  int color_set = 0;
  for (const auto& colors : mesh.colors) {
    if (colors.size() != n) continue;
    auto v = flat(colors, 4, [](const Vec4& c, std::vector<float>& o) {
      for (float x : {c.x, c.y, c.z, c.w}) o.push_back(std::clamp(finite(x), 0.0f, 1.0f));
    });
    attributes.num("COLOR_" + std::to_string(color_set++), doc.float_accessor(v, 4, false, kVertices));
  }
  const bool has_rigid =
      std::any_of(mesh.rigid_joints.begin(), mesh.rigid_joints.end(), [](std::int32_t j) { return j >= 0; });
  if (!scene.joints.empty() && (!mesh.skin.empty() || has_rigid)) {
    const Influences inf = influences(doc, mesh, scene.joints.size(), path);
    const ComponentType joint_type = scene.joints.size() <= 256 ? kByte : kShort;
    for (int s = 0; s < inf.sets; ++s) {
      attributes.num("JOINTS_" + std::to_string(s),
                     doc.uint_accessor(set_of(inf.joints, s, 4 * inf.sets), 4, joint_type, kVertices));
      attributes.num("WEIGHTS_" + std::to_string(s),
                     doc.float_accessor(set_of(inf.weights, s, 4 * inf.sets), 4, false, kVertices));
    }
    written.skinned = true;
  }

  std::vector<std::string> targets, target_names;
  std::vector<float> default_weights;
  if (!mesh.targets.empty()) {
    write_morph_targets(doc, mesh, path, normals, targets, target_names);
    default_weights = mesh.target_weights;
    default_weights.resize(targets.size(), 0.0f);
  } else {
    write_frame_targets(doc, mesh, path, normals, targets, target_names);
    default_weights.assign(targets.size(), 0.0f);
    written.frame_targets = !targets.empty();
  }
  const ComponentType index_type = n <= 65535 ? kShort : kUint;
  auto primitive_over = [&](const std::vector<std::uint32_t>& triangles) {
    JsonObject primitive;
    primitive.raw("attributes", attributes.text());
    primitive.num("indices", doc.uint_accessor(triangles, 1, index_type, kIndices));
    if (mesh.material >= 0 && static_cast<std::size_t>(mesh.material) < scene.materials.size())
      primitive.num("material", mesh.material);
    primitive.num("mode", 4);
    if (!targets.empty()) primitive.raw("targets", json_array(targets));
    return primitive;
  };
  auto add_mesh = [&](const std::string& name, const JsonObject& drawn) {
    JsonObject out;
    if (!name.empty()) out.str("name", name);
    out.raw("primitives", "[" + drawn.text() + "]");
    if (!targets.empty()) {
      out.floats("weights", default_weights);
      out.raw("extras", JsonObject().raw("targetNames", json_array(target_names)).text());
    }
    doc.meshes.push_back(out.text());
    return static_cast<std::int32_t>(doc.meshes.size() - 1);
  };
  written.mesh = add_mesh(mesh.name, primitive_over(indices));
  written.targets = targets.size();
  // A skinned level would need its own node beside the armature, where a reader could not tell its parent.
  if (written.skinned) {
    if (!mesh.lod_indices.empty())
      doc.warn("GLTF_WRITE_LODS_DROPPED", path,
               std::to_string(mesh.lod_indices.size()) + " coarser level(s) of detail dropped; glTF gets the finest");
    return written;
  }
  for (std::size_t level = 0; level < mesh.lod_indices.size(); ++level) {
    const std::vector<std::uint32_t> lod = whole_triangles(mesh.lod_indices[level], n);
    if (lod.empty()) {
      doc.warn("GLTF_WRITE_LODS_DROPPED", path + ".lod_indices[" + std::to_string(level) + "]",
               "level of detail " + std::to_string(level + 1) +
                   " is empty or has indices past the vertices; it and the coarser ones dropped");
      break;
    }
    written.lods.push_back(add_mesh(mesh.name + "_LOD" + std::to_string(level + 1), primitive_over(lod)));
  }
  return written;
}

}  // namespace

std::vector<WrittenMesh> write_meshes(Document& doc, const Scene& scene) {
  std::vector<WrittenMesh> out;
  for (std::size_t i = 0; i < scene.meshes.size(); ++i) out.push_back(write_mesh(doc, scene, i));
  return out;
}

}  // namespace aem::formats::gltf
