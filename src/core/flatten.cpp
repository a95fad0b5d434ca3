// Instancing: one model-space mesh per (node, mesh) pair.
#include "core/flatten.hpp"

#include <utility>

namespace aem {
namespace {

/// Target deltas follow the mesh: position deltas by the matrix without its translation, normal deltas
/// by the normal matrix, scaled as the normal they add to was when it was made unit again.
void place_targets(Mesh& m, const Mat4& world, const Mat4& normal_matrix, const std::vector<Vec3>& unplaced_normals) {
  for (auto& t : m.targets) {
    for (auto& d : t.positions) d = transform_vector(world, d);
    for (std::size_t v = 0; v < t.normals.size(); ++v) {
      const float len =
          v < unplaced_normals.size() ? length(transform_vector(normal_matrix, unplaced_normals[v])) : 0.0f;
      t.normals[v] = transform_vector(normal_matrix, t.normals[v]) * (len > 0.0f ? 1.0f / len : 1.0f);
    }
  }
}

}  // namespace

Mesh place_mesh(Mesh m, const Mat4& world, std::int32_t joint) {
  // Normals go through the inverse-transpose so non-uniform scale keeps them perpendicular. Most
  // meshes sit at the origin: the identity moves nothing (directions are still normalised), and
  // skipping its products saves a pass of matrix arithmetic over every vertex.
  const bool moves = !(world == Mat4{});
  const Mat4 normal_matrix = transpose(inverse(world));
  const std::vector<Vec3> unplaced_normals = moves && !m.targets.empty() ? m.normals : std::vector<Vec3>{};
  const auto place_direction = [&](const Mat4& matrix, Vec3 d) {
    return normalize(moves ? transform_vector(matrix, d) : d);
  };
  if (moves)
    for (auto& p : m.positions) p = transform_point(world, p);
  for (auto& n : m.normals) n = place_direction(normal_matrix, n);
  for (auto& t : m.tangents) {
    Vec3 v = place_direction(world, {t.x, t.y, t.z});
    t = {v.x, v.y, v.z, t.w};
  }
  for (auto& b : m.bitangents) b = place_direction(world, b);
  for (auto& f : m.frames) {
    if (moves)
      for (auto& p : f.positions) p = transform_point(world, p);
    for (auto& n : f.normals) n = place_direction(normal_matrix, n);
  }
  if (moves) place_targets(m, world, normal_matrix, unplaced_normals);
  Vec3 c0{world.m[0], world.m[1], world.m[2]}, c1{world.m[4], world.m[5], world.m[6]},
      c2{world.m[8], world.m[9], world.m[10]};
  if (dot(cross(c0, c1), c2) < 0) {
    auto flip = [](std::vector<std::uint32_t>& idx) {
      for (std::size_t i = 0; i + 2 < idx.size(); i += 3) std::swap(idx[i + 1], idx[i + 2]);
    };
    flip(m.indices);
    for (auto& lod : m.lod_indices) flip(lod);
  }
  // Skinned meshes follow their own joints; only rigid meshes take the node's joint.
  if (joint >= 0 && m.rigid_joints.empty() && m.skin.empty()) m.rigid_joints.assign(m.positions.size(), joint);
  return m;
}

Scene flatten_nodes(const Scene& scene) { return flatten_nodes(Scene(scene)); }

Scene flatten_nodes(Scene&& scene) {
  if (scene.nodes.empty()) return std::move(scene);
  const auto world = node_world_matrices(scene);
  std::vector<Mesh> meshes = std::move(scene.meshes);
  const std::vector<Node> nodes = std::move(scene.nodes);
  scene.meshes.clear();
  scene.nodes.clear();
  std::vector<std::size_t> uses_left(meshes.size(), 0);
  std::vector<std::uint32_t> placed_from;  // the source mesh of each placed one, for the weight tracks
  for (const Node& node : nodes)
    for (std::uint32_t mi : node.meshes)
      if (mi < meshes.size()) ++uses_left[mi];
  for (std::size_t n = 0; n < nodes.size(); ++n)
    for (std::uint32_t mi : nodes[n].meshes) {
      if (mi >= meshes.size()) continue;
      placed_from.push_back(mi);
      if (--uses_left[mi] == 0)
        scene.meshes.push_back(place_mesh(std::move(meshes[mi]), world[n], nodes[n].joint));
      else
        scene.meshes.push_back(place_mesh(meshes[mi], world[n], nodes[n].joint));
    }
  for (Animation& a : scene.animations) {
    std::vector<WeightTrack> tracks;
    for (std::uint32_t placed = 0; placed < placed_from.size(); ++placed)
      for (const WeightTrack& w : a.weight_tracks)
        if (w.mesh == placed_from[placed]) {
          tracks.push_back(w);
          tracks.back().mesh = placed;
        }
    a.weight_tracks = std::move(tracks);
  }
  return std::move(scene);
}

}  // namespace aem
