// Skin influences, morph frames and the split by material ranges.
#include "formats/e3d/mesh_build.hpp"

#include <algorithm>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace aem::formats::e3d {
namespace {

void add_skin(ReadContext& ctx, const RawMesh& raw, const MeshLinks& links, Mesh& mesh) {
  if (raw.bone_slots == 0 || raw.bones.empty()) return;
  const int slots = raw.bone_slots;
  mesh.skin.assign(raw.vertex_count, SkinInfluences{});
  bool reduced = false;
  std::vector<std::pair<float, std::int32_t>> found;
  for (std::uint32_t v = 0; v < raw.vertex_count; ++v) {
    found.clear();
    for (int s = 0; s < slots; ++s) {
      const std::uint8_t bone = raw.bone_index[std::size_t(v) * slots + s];
      if (bone == 255) break;  // NO_BONE ends the list (§6)
      const std::uint8_t w = raw.bone_weight[std::size_t(v) * slots + s];
      const std::int32_t joint = links.bone_joints[bone];
      if (w > 0 && joint >= 0) found.push_back({w / 255.0f, joint});
    }
    if (found.size() > std::size_t(kMaxInfluences)) {
      std::partial_sort(found.begin(), found.begin() + kMaxInfluences, found.end(),
                        [](const auto& a, const auto& b) { return a.first > b.first; });
      found.resize(kMaxInfluences);
      reduced = true;
    }
    float sum = 0;
    for (const auto& f : found) sum += f.first;
    SkinInfluences& inf = mesh.skin[v];
    for (std::size_t k = 0; k < found.size(); ++k) {
      inf.joints[k] = found[k].second;
      inf.weights[k] = found[k].first / sum;  // Ecere's skinning divides by the sum too
    }
  }
  // Skins are defined for the originals (§6): a duplicate moves with the vertex it repeats.
  const std::size_t originals = raw.vertex_count - raw.duplicates.size();
  for (std::size_t k = 0; k < raw.duplicates.size(); ++k) mesh.skin[originals + k] = mesh.skin[raw.duplicates[k]];
  if (reduced)
    ctx.warn("E3D_INFLUENCES_REDUCED", raw.where, "vertices with more than " + std::to_string(kMaxInfluences) + " bones keep the largest");
}

/// A per-original array extended over the duplicates (each copies its original).
template <class T>
std::vector<T> with_duplicates(std::vector<T> values, const RawMesh& raw) {
  for (auto d : raw.duplicates) values.push_back(values[d]);
  return values;
}

void add_morphs(ReadContext& ctx, const RawMesh& raw, const MeshLinks& links, Mesh& mesh) {
  const std::size_t all = raw.vertex_count, originals = all - raw.duplicates.size();
  for (std::size_t k = 0; k < links.morph_targets.size(); ++k) {
    const RawMesh* target = links.morph_targets[k];
    const RawMorph& morph = raw.morphs[k];
    if (!target) {
      ctx.warn("E3D_UNRESOLVED_REFERENCE", morph.where, "morph \"" + morph.name + "\" refers to no mesh; dropped");
      continue;
    }
    const auto& p = target->mesh.positions;
    const auto& n = target->mesh.normals;
    MorphFrame frame;
    if (p.size() == all) {
      frame.positions = p;
      if (n.size() == all) frame.normals = n;
    } else if (p.size() == originals) {
      frame.positions = with_duplicates(p, raw);
      if (n.size() == originals) frame.normals = with_duplicates(n, raw);
    } else {
      ctx.warn("E3D_COUNT_MISMATCH", morph.where,
               "morph \"" + morph.name + "\" target has " + std::to_string(p.size()) + " vertices, the mesh " + std::to_string(all) + "; dropped");
      continue;
    }
    mesh.frames.push_back(std::move(frame));
  }
}

/// Material ID of every triangle: the first range covering it wins (a "next unassigned" chain keeps
/// this linear however many ranges overlap), uncovered triangles get 0.
std::vector<std::int32_t> triangle_materials(ReadContext& ctx, const RawMesh& raw, std::size_t tris) {
  std::vector<std::int32_t> mat(tris, 0);
  std::vector<std::size_t> next(tris + 1);
  std::iota(next.begin(), next.end(), 0);
  auto find = [&](std::size_t t) {
    std::size_t root = t;
    while (next[root] != root) root = next[root];
    while (next[t] != root) t = std::exchange(next[t], root);
    return root;
  };
  bool fixed = false;
  for (const FaceRange& r : raw.ranges) {
    const std::int64_t first = std::clamp<std::int64_t>(r.first, 0, std::int64_t(tris));
    const std::int64_t end = std::clamp<std::int64_t>(r.first + r.count, first, std::int64_t(tris));
    std::int64_t assigned = 0;
    for (std::size_t t = find(first); t < std::size_t(end); t = find(t), ++assigned) {
      mat[t] = r.material;
      next[t] = t + 1;
    }
    if (first != r.first || end != r.first + r.count || assigned != end - first) fixed = true;
  }
  if (fixed)
    ctx.warn("E3D_FACE_RANGES_FIXED", raw.where,
             "facesMaterials ranges overlap, repeat or run past the " + std::to_string(tris) +
                 " triangles; each triangle keeps the first range that covers it");
  return mat;
}

template <class T>
std::vector<T> gather(const std::vector<T>& src, const std::vector<std::uint32_t>& order) {
  if (src.empty()) return {};
  std::vector<T> out;
  out.reserve(order.size());
  for (auto v : order) out.push_back(src[v]);
  return out;
}

/// The part of `mesh` that `triangles` use, with only their vertices (kept in their order, so that
/// meshes the writer merged come back as they were).
Mesh sub_mesh(const Mesh& mesh, const std::vector<std::uint32_t>& triangles) {
  std::vector<std::uint32_t> remap(mesh.positions.size(), UINT32_MAX), order;
  for (auto t : triangles)
    for (int k = 0; k < 3; ++k) remap[mesh.indices[3 * std::size_t(t) + k]] = 0;
  for (std::uint32_t v = 0; v < remap.size(); ++v)
    if (remap[v] == 0) {
      remap[v] = static_cast<std::uint32_t>(order.size());
      order.push_back(v);
    }
  Mesh out;
  for (auto t : triangles)
    for (int k = 0; k < 3; ++k) out.indices.push_back(remap[mesh.indices[3 * std::size_t(t) + k]]);
  out.name = mesh.name;
  out.positions = gather(mesh.positions, order);
  out.normals = gather(mesh.normals, order);
  out.tangents = gather(mesh.tangents, order);
  out.bitangents = gather(mesh.bitangents, order);
  for (const auto& set : mesh.uvs) out.uvs.push_back(gather(set, order));
  for (const auto& set : mesh.colors) out.colors.push_back(gather(set, order));
  out.skin = gather(mesh.skin, order);
  for (const auto& f : mesh.frames) out.frames.push_back({gather(f.positions, order), gather(f.normals, order), gather(f.uvs, order)});
  return out;
}

}  // namespace

std::vector<Mesh> build_meshes(ReadContext& ctx, const RawMesh& raw, const MeshLinks& links) {
  Mesh mesh = raw.mesh;
  add_skin(ctx, raw, links, mesh);
  add_morphs(ctx, raw, links, mesh);
  const std::size_t tris = mesh.triangle_count();
  const std::vector<std::int32_t> mat = triangle_materials(ctx, raw, tris);
  std::vector<std::int32_t> ids;  // material IDs in order of first use
  std::unordered_map<std::int32_t, std::size_t> group_of;
  std::vector<std::vector<std::uint32_t>> groups;
  for (std::size_t t = 0; t < tris; ++t) {
    auto [it, added] = group_of.try_emplace(mat[t], groups.size());
    if (added) {
      ids.push_back(mat[t]);
      groups.emplace_back();
    }
    groups[it->second].push_back(static_cast<std::uint32_t>(t));
  }
  if (groups.size() <= 1) {
    mesh.material = links.material(ids.empty() ? (raw.ranges.empty() ? 0 : raw.ranges[0].material) : ids[0]);
    return {std::move(mesh)};
  }
  std::vector<Mesh> out;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    out.push_back(sub_mesh(mesh, groups[g]));
    out.back().material = links.material(ids[g]);
  }
  return out;
}

}  // namespace aem::formats::e3d
