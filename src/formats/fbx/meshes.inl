// Part of the FBX reader's one translation unit (reader.cpp): polygon meshes (and tessellated NURBS
// surfaces) into scene meshes: one per material a mesh uses, triangulated, corners welded.

namespace aem::formats::fbx {
namespace {

/// What a mesh part's corners are made of, shared by the parts of one ufbx mesh.
struct MeshSource {
  const ufbx_mesh& mesh;           ///< the polygons to triangulate (subdivided, when the file shows them so)
  const ufbx_node& instance;       ///< first node placing it (materials, names)
  const ufbx_skin_deformer* skin;  ///< its skin in the file, or null
  const ufbx_subdivision_result* subdivision;       ///< how `mesh`'s vertices come from the file's, when subdivided
  const std::vector<std::int32_t>* cluster_joints;  ///< joint of each skin cluster, or null
  const LogicalShapes* shapes;                      ///< blend shapes at rest and vertex animation, or null
  const GroupTurns* turns;                          ///< how `shapes` turn the normals, with `shapes` and normals
  const std::vector<MorphTarget>* targets;          ///< blend channels kept as targets, per logical vertex, or null
  const std::vector<float>* target_weights;         ///< the channels' stored weights, with `targets`
};

/// Most corners of a polygon triangulated by ear clipping, whose time grows with the square of the
/// corners (a 200 000-corner polygon takes 18 s): larger ones, which no modelling tool writes, are split
/// as a fan, so that reading time stays in proportion to the file's size.
inline constexpr std::uint32_t kMaxClippedCorners = 1u << 12;

/// The corners (ufbx mesh indices) of a part's triangles, three per triangle; counts in `fanned` the
/// polygons past kMaxClippedCorners.
std::vector<std::uint32_t> triangle_corners(const ufbx_mesh& mesh, const ufbx_mesh_part& part, std::size_t& fanned) {
  std::vector<std::uint32_t> corners;
  corners.reserve(part.num_triangles * 3);
  std::vector<std::uint32_t> scratch(std::clamp<std::size_t>(mesh.max_face_triangles, 1, kMaxClippedCorners) * 3);
  for (std::size_t i = 0; i < part.face_indices.count; ++i) {
    const ufbx_face face = mesh.faces.data[part.face_indices.data[i]];
    if (face.num_indices > kMaxClippedCorners) {
      ++fanned;
      for (std::uint32_t k = 1; k + 1 < face.num_indices; ++k)
        corners.insert(corners.end(), {face.index_begin, face.index_begin + k, face.index_begin + k + 1});
      continue;
    }
    const std::uint32_t triangles = ufbx_triangulate_face(scratch.data(), scratch.size(), &mesh, face);
    corners.insert(corners.end(), scratch.begin(), scratch.begin() + 3 * triangles);
  }
  return corners;
}

/// Calls `take(cluster, weight)` for every skin weight of logical vertex `v` of `src.mesh`: the file's
/// skin, or the weights subdivision gave a vertex it made.
template <class Take>
void for_each_skin_weight(const MeshSource& src, std::uint32_t v, Take&& take) {
  if (src.subdivision) {
    const auto& ranges = src.subdivision->skin_cluster_ranges;
    const auto& weights = src.subdivision->skin_cluster_weights;
    if (v >= ranges.count) return;
    for (std::uint32_t k = 0; k < ranges.data[v].num_weights && ranges.data[v].weight_begin + k < weights.count; ++k)
      take(weights.data[ranges.data[v].weight_begin + k].index, weights.data[ranges.data[v].weight_begin + k].weight);
    return;
  }
  const ufbx_skin_deformer& skin = *src.skin;
  if (v >= skin.vertices.count) return;
  const ufbx_skin_vertex sv = skin.vertices.data[v];
  for (std::uint32_t k = 0; k < sv.num_weights && sv.weight_begin + k < skin.weights.count; ++k)
    take(skin.weights.data[sv.weight_begin + k].cluster_index, skin.weights.data[sv.weight_begin + k].weight);
}

/// Up to kMaxInfluences strongest influences of logical vertex `v`, through the cluster -> joint map.
SkinInfluences influences(const MeshSource& src, std::uint32_t v, bool& reduced) {
  SkinInfluences out;
  int kept = 0;  // out's slots [0, kept) hold the strongest so far, strongest first
  for_each_skin_weight(src, v, [&](std::uint32_t cluster, ufbx_real w) {
    const std::int32_t joint = cluster < src.cluster_joints->size() ? (*src.cluster_joints)[cluster] : -1;
    const auto weight = static_cast<float>(w);
    if (joint < 0 || !(weight > 0)) return;
    if (kept == kMaxInfluences) {
      reduced = true;
      if (weight <= out.weights[kMaxInfluences - 1]) return;
      --kept;
    }
    int slot = kept++;
    for (; slot > 0 && out.weights[slot - 1] < weight; --slot) {
      out.weights[slot] = out.weights[slot - 1];
      out.joints[slot] = out.joints[slot - 1];
    }
    out.weights[slot] = weight;
    out.joints[slot] = joint;
  });
  return out;
}

/// Tangent with the bitangent's handedness in w, from FBX's explicit tangent and binormal.
Vec4 tangent_with_sign(const Vec3& normal, const Vec3& tangent, const Vec3& bitangent) {
  return {tangent.x, tangent.y, tangent.z, dot(cross(normal, tangent), bitangent) < 0 ? -1.0f : 1.0f};
}

/// One scene mesh: the triangles of `part`, one vertex per corner, then welded.
Mesh build_part(Build& b, const MeshSource& src, const ufbx_mesh_part& part) {
  const ufbx_mesh& m = src.mesh;
  Mesh out;
  out.name = m.name.length > 0 ? to_string(m.name) : to_string(src.instance.name);
  const ufbx_material* material = part.index < src.instance.materials.count ? src.instance.materials.data[part.index]
                                  : part.index < m.materials.count          ? m.materials.data[part.index]
                                                                            : nullptr;
  if (material) out.material = b.material_of[material->typed_id];
  std::size_t fanned = 0;
  const std::vector<std::uint32_t> corners = triangle_corners(m, part, fanned);
  const std::size_t n = corners.size();
  if (fanned > 0)
    b.warn("FBX_POLYGONS_FANNED", out.name,
           std::to_string(fanned) + " polygons of more than " + std::to_string(kMaxClippedCorners) +
               " corners were split as fans (right for convex ones only)");
  const auto vertex = [&](std::uint32_t corner) { return m.vertex_indices.data[corner]; };

  const std::vector<Vec3>* rest = src.shapes && !src.shapes->rest.empty() ? &src.shapes->rest : nullptr;
  out.positions.resize(n);
  for (std::size_t c = 0; c < n; ++c)
    out.positions[c] =
        rest ? (*rest)[vertex(corners[c])] : to_vec3(ufbx_get_vertex_vec3(&m.vertex_position, corners[c]));
  if (m.vertex_normal.exists) {
    out.normals.resize(n);
    for (std::size_t c = 0; c < n; ++c)
      out.normals[c] = normalize(to_vec3(ufbx_get_vertex_vec3(&m.vertex_normal, corners[c])));
  }
  for (std::size_t s = 0; s < m.uv_sets.count && s < static_cast<std::size_t>(kMaxUvSets); ++s) {
    const ufbx_uv_set& set = m.uv_sets.data[s];
    if (!set.vertex_uv.exists) continue;
    std::vector<Vec2> uv(n);
    for (std::size_t c = 0; c < n; ++c) uv[c] = to_vec2(ufbx_get_vertex_vec2(&set.vertex_uv, corners[c]));
    out.uvs.push_back(std::move(uv));
  }
  if (m.uv_sets.count > static_cast<std::size_t>(kMaxUvSets))
    b.warn("FBX_UV_SETS_DROPPED", out.name,
           std::to_string(m.uv_sets.count - kMaxUvSets) + " UV sets past the first " + std::to_string(kMaxUvSets) +
               " dropped");
  if (m.vertex_tangent.exists && m.vertex_bitangent.exists && m.vertex_normal.exists) {
    out.tangents.resize(n);
    for (std::size_t c = 0; c < n; ++c)
      out.tangents[c] =
          tangent_with_sign(out.normals[c], normalize(to_vec3(ufbx_get_vertex_vec3(&m.vertex_tangent, corners[c]))),
                            to_vec3(ufbx_get_vertex_vec3(&m.vertex_bitangent, corners[c])));
  }
  for (std::size_t s = 0; s < m.color_sets.count; ++s) {
    const ufbx_color_set& set = m.color_sets.data[s];
    if (!set.vertex_color.exists) continue;
    std::vector<Vec4> colors(n);
    for (std::size_t c = 0; c < n; ++c) colors[c] = to_vec4(ufbx_get_vertex_vec4(&set.vertex_color, corners[c]));
    out.colors.push_back(std::move(colors));
  }
  if (src.cluster_joints && src.skin) {
    bool reduced = false;
    out.skin.resize(n);
    for (std::size_t c = 0; c < n; ++c) out.skin[c] = influences(src, vertex(corners[c]), reduced);
    if (reduced)
      b.warn("FBX_INFLUENCES_REDUCED", out.name,
             "vertices with more than " + std::to_string(kMaxInfluences) + " influences keep their strongest");
  }
  if (src.shapes) {
    out.frames.resize(src.shapes->frames.size());
    for (std::size_t f = 0; f < out.frames.size(); ++f) {
      out.frames[f].positions.resize(n);
      for (std::size_t c = 0; c < n; ++c) out.frames[f].positions[c] = src.shapes->frames[f][vertex(corners[c])];
    }
    if (!out.normals.empty()) follow_shapes_with_normals(m, *src.shapes, *src.turns, corners, out);
  }
  if (src.targets) {
    for (const MorphTarget& logical : *src.targets) {
      MorphTarget& target = out.targets.emplace_back();
      target.name = logical.name;
      target.positions.resize(n);
      for (std::size_t c = 0; c < n; ++c) target.positions[c] = logical.positions[vertex(corners[c])];
      if (logical.normals.empty() || out.normals.empty()) continue;  // deltas of normals the mesh has
      target.normals.resize(n);
      for (std::size_t c = 0; c < n; ++c) target.normals[c] = logical.normals[vertex(corners[c])];
    }
    out.target_weights = *src.target_weights;
  }
  out.indices.resize(n);
  for (std::size_t c = 0; c < n; ++c) out.indices[c] = static_cast<std::uint32_t>(c);
  // Exporters store directions quantised (Blender: custom normals with 1e-5 of noise), so a corner's
  // normals come out slightly apart: within a hundredth of a degree they count as one.
  weld_vertices(out, kQuantisedDirectionTolerance);
  return out;
}

/// Scene meshes for `src`, one per material part with triangles; points and lines are counted as dropped.
std::vector<std::uint32_t> add_mesh(Build& b, const MeshSource& src) {
  std::vector<std::uint32_t> added;
  std::size_t points = 0, lines = 0;
  for (std::size_t p = 0; p < src.mesh.material_parts.count; ++p) {
    const ufbx_mesh_part& part = src.mesh.material_parts.data[p];
    points += part.num_point_faces;
    lines += part.num_line_faces;
    if (part.num_triangles == 0) continue;
    added.push_back(static_cast<std::uint32_t>(b.scene.meshes.size()));
    b.scene.meshes.push_back(build_part(b, src, part));
  }
  if (points + lines > 0)
    b.warn(
        "FBX_PRIMITIVES_DROPPED", to_string(src.instance.name),
        std::to_string(points) + " points and " + std::to_string(lines) + " lines dropped (aem keeps triangles only)");
  return added;
}

}  // namespace
}  // namespace aem::formats::fbx
