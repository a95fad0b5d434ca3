// Skin influences, morph frames or targets and the split by material ranges.
#include "formats/e3d/mesh_build.hpp"

#include <algorithm>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace aem::formats::e3d {
namespace {

/// The scene's influences from the stored bone slots: bone indices mapped to joints (unresolved
/// bones dropped), weights as fractions of their sum (Ecere's skinning divides by it too).
/// Duplicates take their original's influences: skins are defined for originals (§6).
void resolve_skin(const RawMesh& raw, const MeshLinks& links, Mesh& mesh) {
  if (raw.bone_slots.empty()) return;
  const auto& map = links.bone_joints;
  mesh.skin.clear();
  mesh.skin.reserve(raw.bone_slots.size());
  for (const auto& b : raw.bone_slots) {
    SkinInfluences& inf = mesh.skin.emplace_back();
    int n = 0;
    float sum = 0;
    for (int k = 0; k < b.count; ++k) {
      const std::int32_t joint = map[b.bone[k]];
      if (joint < 0) continue;
      inf.joints[n] = joint;
      inf.weights[n++] = b.weight[k];
      sum += b.weight[k];
    }
    for (int k = 0; k < n; ++k) inf.weights[k] = n == 1 ? 1.0f : inf.weights[k] / sum;
  }
  const std::size_t originals = raw.vertex_count - raw.duplicates.size();
  for (std::size_t k = 0; k < raw.duplicates.size(); ++k) mesh.skin[originals + k] = mesh.skin[raw.duplicates[k]];
}

/// A per-original array extended over the duplicates (each copies its original).
template <class T>
std::vector<T> with_duplicates(std::vector<T> values, const RawMesh& raw) {
  for (auto d : raw.duplicates) values.push_back(values[d]);
  return values;
}

/// The difference of two arrays of one size, or nothing when either is missing.
std::vector<Vec3> deltas(const std::vector<Vec3>& target, const std::vector<Vec3>& base) {
  if (target.empty() || target.size() != base.size()) return {};
  std::vector<Vec3> out(target.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = target[i] - base[i];
  return out;
}

/// Morph target meshes (§4) as frames, or, when the read keeps targets, as targets over the mesh at
/// the morph's weight; `target_of_morph` gets each morph's target (-1 when dropped or baked).
void add_morphs(ReadContext& ctx, const RawMesh& raw, const MeshLinks& links, Mesh& mesh,
                std::vector<std::int32_t>& target_of_morph) {
  const std::size_t all = raw.vertex_count, originals = all - raw.duplicates.size();
  target_of_morph.assign(links.morph_targets.size(), -1);
  for (std::size_t k = 0; k < links.morph_targets.size(); ++k) {
    const RawMesh* target = links.morph_targets[k];
    const RawMorph& morph = raw.morphs[k];
    if (!target) {
      ctx.warn("E3D_UNRESOLVED_REFERENCE", morph.where, "morph \"" + morph.name + "\" refers to no mesh; dropped");
      continue;
    }
    const auto& p = target->mesh.positions;
    const auto& n = target->mesh.normals;
    ctx.charge(std::uint64_t(all) * sizeof(Vec3) * (n.empty() ? 1 : 2), morph.where, "a morph frame");
    MorphFrame frame;
    if (p.size() == all) {
      frame.positions = p;
      if (n.size() == all) frame.normals = n;
    } else if (p.size() == originals) {
      frame.positions = with_duplicates(p, raw);
      if (n.size() == originals) frame.normals = with_duplicates(n, raw);
    } else {
      ctx.warn("E3D_COUNT_MISMATCH", morph.where,
               "morph \"" + morph.name + "\" target has " + std::to_string(p.size()) + " vertices, the mesh " +
                   std::to_string(all) + "; dropped");
      continue;
    }
    if (!ctx.keep_morph_targets) {
      mesh.frames.push_back(std::move(frame));
      continue;
    }
    target_of_morph[k] = static_cast<std::int32_t>(mesh.targets.size());
    mesh.targets.push_back({morph.name, deltas(frame.positions, mesh.positions), deltas(frame.normals, mesh.normals)});
    mesh.target_weights.push_back(morph.weight);
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
/// meshes the writer merged come back as they were). `slot` is scratch of one entry per vertex,
/// shared by the calls for one mesh so that splitting costs time for the triangles only.
Mesh sub_mesh(const Mesh& mesh, const std::vector<std::uint32_t>& triangles, std::vector<std::uint32_t>& slot) {
  std::vector<std::uint32_t> order;
  order.reserve(3 * triangles.size());
  for (auto t : triangles)
    for (int k = 0; k < 3; ++k) order.push_back(mesh.indices[3 * std::size_t(t) + k]);
  std::sort(order.begin(), order.end());
  order.erase(std::unique(order.begin(), order.end()), order.end());
  for (std::uint32_t i = 0; i < order.size(); ++i) slot[order[i]] = i;
  Mesh out;
  out.indices.reserve(3 * triangles.size());
  for (auto t : triangles)
    for (int k = 0; k < 3; ++k) out.indices.push_back(slot[mesh.indices[3 * std::size_t(t) + k]]);
  out.name = mesh.name;
  out.positions = gather(mesh.positions, order);
  out.normals = gather(mesh.normals, order);
  out.tangents = gather(mesh.tangents, order);
  out.bitangents = gather(mesh.bitangents, order);
  for (const auto& set : mesh.uvs) out.uvs.push_back(gather(set, order));
  for (const auto& set : mesh.colors) out.colors.push_back(gather(set, order));
  out.skin = gather(mesh.skin, order);
  for (const auto& f : mesh.frames)
    out.frames.push_back({gather(f.positions, order), gather(f.normals, order), gather(f.uvs, order)});
  for (const auto& t : mesh.targets)
    out.targets.push_back({t.name, gather(t.positions, order), gather(t.normals, order)});
  out.target_weights = mesh.target_weights;
  return out;
}

/// The whole mesh as the only result (not `return {std::move(mesh)}`: an initializer list copies).
std::vector<Mesh> whole(Mesh&& mesh, std::int32_t material) {
  mesh.material = material;
  std::vector<Mesh> one;
  one.push_back(std::move(mesh));
  return one;
}

}  // namespace

std::vector<Mesh> build_meshes(ReadContext& ctx, const RawMesh& raw, Mesh mesh, const MeshLinks& links,
                               std::vector<std::int32_t>& target_of_morph) {
  resolve_skin(raw, links, mesh);
  add_morphs(ctx, raw, links, mesh, target_of_morph);
  const std::size_t tris = mesh.triangle_count();
  if (raw.ranges.empty()) return whole(std::move(mesh), links.material(0));
  if (raw.ranges.size() == 1 && raw.ranges[0].first == 0 && std::uint64_t(raw.ranges[0].count) == tris)
    return whole(std::move(mesh), links.material(raw.ranges[0].material));
  const std::vector<std::int32_t> mat = triangle_materials(ctx, raw, tris);
  std::vector<std::int32_t> ids;  // material IDs in order of first use
  std::unordered_map<std::int32_t, std::size_t> group_of;
  std::vector<std::vector<std::uint32_t>> groups;
  std::size_t group = 0;
  for (std::size_t t = 0; t < tris; ++t) {
    if (groups.empty() || ids[group] != mat[t]) {  // runs of one material are the rule
      auto [it, added] = group_of.try_emplace(mat[t], groups.size());
      if (added) {
        ids.push_back(mat[t]);
        groups.emplace_back();
      }
      group = it->second;
    }
    groups[group].push_back(static_cast<std::uint32_t>(t));
  }
  if (groups.size() <= 1) return whole(std::move(mesh), links.material(ids.empty() ? raw.ranges[0].material : ids[0]));
  ctx.charge(groups.size() * sizeof(Mesh), raw.where, "splitting a mesh by material");
  std::vector<Mesh> out;
  std::vector<std::uint32_t> slot(mesh.positions.size());
  for (std::size_t g = 0; g < groups.size(); ++g) {
    out.push_back(sub_mesh(mesh, groups[g], slot));
    out.back().material = links.material(ids[g]);
  }
  return out;
}

}  // namespace aem::formats::e3d
