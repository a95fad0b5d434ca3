// Part of the FBX reader's one translation unit (reader.cpp): meshes the file shows smoothed (Maya's
// smooth mesh preview, Blender's Subdivision Surface exported as such) are subdivided to the level the
// artist saw, with ufbx's Catmull-Clark; skins and vertex animation follow the new vertices.

namespace aem::formats::fbx {
namespace {

using MeshPtr = std::unique_ptr<ufbx_mesh, void (*)(ufbx_mesh*)>;

/// Most triangle corners a subdivided mesh may have; past it the mesh keeps its cage (with a warning).
inline constexpr std::uint64_t kMaxSubdividedCorners = 1ull << 24;

/// The level the file shows `mesh` at: its preview level when smoothing is displayed, else 0.
std::uint32_t shown_subdivision(const ufbx_mesh& mesh) {
  const bool smooth = mesh.subdivision_display_mode == UFBX_SUBDIVISION_DISPLAY_SMOOTH ||
                      mesh.subdivision_display_mode == UFBX_SUBDIVISION_DISPLAY_HULL_AND_SMOOTH;
  return smooth ? mesh.subdivision_preview_levels : 0;
}

/// `mesh` subdivided `levels` times, with each new vertex's weights over the file's vertices (for
/// vertex animation) and over its skin's clusters; null, with a warning, when it fails or grows past
/// kMaxSubdividedCorners.
MeshPtr subdivide(Build& b, const ufbx_mesh& mesh, std::uint32_t levels, const std::string& name) {
  MeshPtr none(nullptr, ufbx_free_mesh);
  const std::uint64_t corners = static_cast<std::uint64_t>(mesh.num_indices) << std::min<std::uint32_t>(2 * levels, 40);
  if (levels > 8 || corners > kMaxSubdividedCorners) {
    b.warn("FBX_SUBDIVISION_SKIPPED", name,
           "the file shows the mesh subdivided " + std::to_string(levels) + " times, which would make about " +
               std::to_string(corners) + " corners; the cage is kept");
    return none;
  }
  ufbx_subdivide_opts opts{};
  opts.temp_allocator = opts.result_allocator = b.allocator();
  // UVs keep their borders where faces meet UV seams, as Maya's and Blender's previews draw them.
  opts.uv_boundary = UFBX_SUBDIVISION_BOUNDARY_SHARP_BOUNDARY;
  opts.evaluate_source_vertices = mesh.blend_deformers.count > 0 || mesh.cache_deformers.count > 0;
  opts.evaluate_skin_weights = mesh.skin_deformers.count > 0;
  opts.max_skin_weights = kMaxInfluences * 2;
  ufbx_error error{};
  MeshPtr out(ufbx_subdivide_mesh(&mesh, levels, &opts, &error), ufbx_free_mesh);
  if (!out || !out->subdivision_result)
    b.warn("FBX_SUBDIVISION_SKIPPED", name,
           "the mesh could not be subdivided (" + to_string(error.description) + "); the cage is kept");
  return out && out->subdivision_result ? std::move(out) : std::move(none);
}

/// Per-vertex values of the file's mesh carried to the subdivided one: each new vertex is the weighted
/// sum of the file's vertices subdivision made it from.
std::vector<Vec3> through_subdivision(const ufbx_subdivision_result& r, const std::vector<Vec3>& original) {
  std::vector<Vec3> out(r.source_vertex_ranges.count);
  for (std::size_t v = 0; v < out.size(); ++v) {
    const ufbx_subdivision_weight_range range = r.source_vertex_ranges.data[v];
    Vec3 sum{};
    for (std::uint32_t k = 0; k < range.num_weights && range.weight_begin + k < r.source_vertex_weights.count; ++k) {
      const ufbx_subdivision_weight w = r.source_vertex_weights.data[range.weight_begin + k];
      if (w.index < original.size()) sum = sum + original[w.index] * static_cast<float>(w.weight);
    }
    out[v] = sum;
  }
  return out;
}

}  // namespace
}  // namespace aem::formats::fbx
