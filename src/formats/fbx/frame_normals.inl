// Part of the FBX reader's one translation unit (reader.cpp): the normals of a mesh its blend shapes or
// vertex cache move. The file's normals belong to the mesh without any shape; at rest (channels at
// stored weights) and at each frame they gain the shapes' normal offsets when the shapes carry them,
// and otherwise turn as the faces around each corner turn: authored normals (hard edges, split or
// custom ones) keep their character, and a shape that moves nothing leaves them as they are.

namespace aem::formats::fbx {
namespace {

/// The corners (ufbx mesh indices) of a mesh grouped as they share a normal: corners of one logical
/// vertex whose file normals agree within kQuantisedDirectionTolerance are one group, smooth over the
/// faces they join; a hard edge or a split normal gives each side a group of its own.
class NormalGroups {
 public:
  /// Most groups of one vertex a corner is compared with: past them (a vertex hundreds of faces meet
  /// at with as many normals, which only a hostile file has) a corner starts a group of its own, so
  /// that grouping stays in proportion to the corners.
  static constexpr std::size_t kMaxGroupsCompared = 16;

  explicit NormalGroups(const ufbx_mesh& mesh) : mesh_(mesh), group_(mesh.num_indices) {
    // The corners of each logical vertex, by a counting sort on the vertex.
    std::vector<std::uint32_t> first(mesh.vertices.count + 1, 0);
    for (std::size_t i = 0; i < mesh.num_indices; ++i) ++first[mesh.vertex_indices.data[i] + 1];
    for (std::size_t v = 0; v < mesh.vertices.count; ++v) first[v + 1] += first[v];
    std::vector<std::uint32_t> corners(mesh.num_indices);
    std::vector<std::uint32_t> next(first.begin(), first.end() - 1);
    for (std::uint32_t i = 0; i < mesh.num_indices; ++i) corners[next[mesh.vertex_indices.data[i]]++] = i;
    std::vector<std::pair<Vec3, std::uint32_t>> made;  // this vertex's groups: their first normal, their id
    for (std::size_t v = 0; v < mesh.vertices.count; ++v) {
      made.clear();
      for (std::uint32_t k = first[v]; k < first[v + 1]; ++k) {
        const Vec3 n = normalize(to_vec3(ufbx_get_vertex_vec3(&mesh.vertex_normal, corners[k])));
        const auto searched = made.begin() + static_cast<std::ptrdiff_t>(std::min(made.size(), kMaxGroupsCompared));
        const auto same = std::find_if(made.begin(), searched, [&](const auto& g) { return agree(g.first, n); });
        group_[corners[k]] = same != searched ? same->second : made.emplace_back(n, count_++).second;
      }
    }
  }

  std::uint32_t group(std::uint32_t corner) const { return group_[corner]; }

  /// Each group's normal with the logical vertices at `positions`: the sum of its faces' normals
  /// weighted by their areas (Newell's, so polygons need not be planar), made unit; zero where the
  /// faces have no area.
  std::vector<Vec3> normals(const std::vector<Vec3>& positions) const {
    std::vector<Vec3> sums(count_);
    for (std::size_t f = 0; f < mesh_.faces.count; ++f) {
      const ufbx_face face = mesh_.faces.data[f];
      if (face.num_indices == 0) continue;
      const auto at = [&](std::uint32_t k) { return positions[mesh_.vertex_indices.data[face.index_begin + k]]; };
      // Taken from the first corner, so that a face far from the origin keeps its precision.
      const Vec3 origin = at(0);
      Vec3 area{};
      for (std::uint32_t k = 1; k + 1 < face.num_indices; ++k) area = area + cross(at(k) - origin, at(k + 1) - origin);
      for (std::uint32_t k = 0; k < face.num_indices; ++k)
        sums[group_[face.index_begin + k]] = sums[group_[face.index_begin + k]] + area;
    }
    for (Vec3& n : sums) n = normalize(n);
    return sums;
  }

 private:
  static bool agree(const Vec3& a, const Vec3& b) {
    const Vec3 d = a - b;
    return std::abs(d.x) <= kQuantisedDirectionTolerance && std::abs(d.y) <= kQuantisedDirectionTolerance &&
           std::abs(d.z) <= kQuantisedDirectionTolerance;
  }

  const ufbx_mesh& mesh_;
  std::vector<std::uint32_t> group_;
  std::uint32_t count_ = 0;
};

/// `v` turned by the shortest rotation that takes unit `from` to unit `to`; unturned when either is
/// zero (faces without area) or they are opposite (no shortest rotation).
Vec3 turned(const Vec3& v, const Vec3& from, const Vec3& to) {
  const Vec3 axis = cross(from, to);
  const float w = 1.0f + dot(from, to);
  if (!(w > 1e-6f) || dot(from, from) == 0 || dot(to, to) == 0) return v;
  return rotate(normalize(Quat{axis.x, axis.y, axis.z, w}), v);
}

/// How a mesh's poses turn its normals, worked out once for all its material parts: for each pose the
/// shapes give no normal offsets, the area-weighted normal of every group in the file and in the pose.
struct GroupTurns {
  std::optional<NormalGroups> groups;     ///< made when some pose has no normal offsets
  std::vector<Vec3> file;                 ///< each group's normal with the file's vertices
  std::vector<Vec3> rest;                 ///< each group's normal at rest, or empty (no rest, or offsets)
  std::vector<std::vector<Vec3>> frames;  ///< per frame, each group's normal, or empty (offsets)
};

/// The group normals of every pose of `shapes` without normal offsets (`mesh` must have normals).
GroupTurns group_turns(const ufbx_mesh& mesh, const LogicalShapes& shapes) {
  GroupTurns turns;
  const auto pose = [&](const std::vector<Vec3>& positions) {
    if (!turns.groups) {
      turns.groups.emplace(mesh);
      std::vector<Vec3> file_positions(mesh.vertices.count);
      for (std::size_t v = 0; v < file_positions.size(); ++v) file_positions[v] = to_vec3(mesh.vertices.data[v]);
      turns.file = turns.groups->normals(file_positions);
    }
    return turns.groups->normals(positions);
  };
  if (!shapes.rest.empty() && shapes.rest_normal_offsets.empty()) turns.rest = pose(shapes.rest);
  // A vertex cache's frames have no offsets even where the rest shape's blend shapes do.
  turns.frames.resize(shapes.frames.size());
  for (std::size_t f = 0; f < shapes.frames.size(); ++f)
    if (f >= shapes.frame_normal_offsets.size()) turns.frames[f] = pose(shapes.frames[f]);
  return turns;
}

/// Sets the normals of `out` (one per entry of `corners`, ufbx indices into `mesh`, holding the file's
/// normals) at rest and of each of its frames from `shapes` and their `turns`, as the file comment says.
void follow_shapes_with_normals(const ufbx_mesh& mesh, const LogicalShapes& shapes, const GroupTurns& turns,
                                const std::vector<std::uint32_t>& corners, Mesh& out) {
  const std::vector<Vec3> file = out.normals;
  // One pose: the shapes' normal `offsets` per logical vertex, else each group's normal `moved` there.
  const auto follow = [&](const std::vector<Vec3>& offsets, const std::vector<Vec3>& moved,
                          std::vector<Vec3>& normals) {
    normals.resize(file.size());
    for (std::size_t c = 0; c < file.size(); ++c) {
      if (!offsets.empty()) {
        normals[c] = normalize(file[c] + offsets[mesh.vertex_indices.data[corners[c]]]);
        continue;
      }
      const std::uint32_t g = turns.groups->group(corners[c]);
      normals[c] = turned(file[c], turns.file[g], moved[g]);
    }
  };
  if (!shapes.rest.empty()) follow(shapes.rest_normal_offsets, turns.rest, out.normals);
  const std::vector<Vec3> none;
  for (std::size_t f = 0; f < out.frames.size(); ++f)
    follow(f < shapes.frame_normal_offsets.size() ? shapes.frame_normal_offsets[f] : none, turns.frames[f],
           out.frames[f].normals);
}

}  // namespace
}  // namespace aem::formats::fbx
