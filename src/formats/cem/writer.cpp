// Scene -> CEM v2 laid out like the game's own files (docs/formats/cem.md §3): one model per node (root
// first, children after their parent), materials tiling the vertex array, running selection totals,
// exact per-frame bounds, centre = mean of frame box centres, radius = max distance to the centre.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/skinning.hpp"
#include "core/flatten.hpp"
#include "core/influences.hpp"
#include "formats/cem/cem_format.hpp"
#include "formats/cem/cem_model.hpp"
#include "formats/cem/lod_generation.hpp"

namespace aem::formats {
namespace {

Warning cem_warning(const char* code, std::string message) {
  return Warning{.code = code, .format = "CEM", .message = std::move(message)};
}

float bake_rate(float fps) { return fps > 0 ? fps : 30.0f; }

/// Frames a baked animation gets at `rate`: one every 1/rate s from 0 to the duration, both ends
/// included. A double: a hostile duration must reach the size check, not overflow a count.
double baked_frames(const Animation& anim, float rate) { return std::floor(double(anim.duration) * rate + 0.5) + 1; }

/// Skeletal and mesh animation cannot live in CEM: the first animation becomes vertex frames.
Scene bake_animation(const Scene& source, float fps, std::vector<Warning>& warnings) {
  Scene s = flatten_nodes(source);
  // Weights are made to sum 1 before posing, as every other consumer does (the renderer, the AEM
  // writer's 4-influence limit): importers can lose weight mass (Assimp leaves CesiumMan vertices at
  // 0.18), and posing with it as it is pulls those vertices towards the origin.
  for (auto& mesh : s.meshes)
    for (auto& v : mesh.skin) v = strongest_influences(v, kMaxInfluences);
  const Animation& anim = s.animations[0];
  const float rate = bake_rate(fps);
  const auto frames = static_cast<std::uint32_t>(baked_frames(anim, rate));
  SceneAnimator animator(s);
  std::vector<Mat4> skin(s.joints.size());
  for (std::uint32_t f = 0; f < frames; ++f) {
    animator.evaluate(0, std::min(f / rate, anim.duration), skin);
    for (auto& mesh : s.meshes) {
      MorphFrame mf;
      pose_mesh(mesh, skin, mf.positions, mf.normals);
      mesh.frames.push_back(std::move(mf));
    }
  }
  s.vertex_animation = {anim.name, rate, frames};
  warnings.push_back(cem_warning(
      "CEM_ANIMATION_BAKED", "animation \"" + anim.name + "\" baked into " + std::to_string(frames) + " frames at " +
                                 std::to_string(rate) + " fps" +
                                 (s.animations.size() > 1 ? "; the other " + std::to_string(s.animations.size() - 1) +
                                                                " animations are not stored"
                                                          : "")));
  return s;
}

/// Which scene meshes and tags make up each model, in file order (parents before children).
struct ModelPlan {
  std::int32_t node = -1;  ///< -1: a model with no node (scene without nodes, or a synthetic root)
  std::int32_t parent = -1;
  std::vector<std::uint32_t> meshes;
  std::uint32_t children = 0;
};

std::vector<ModelPlan> plan_models(const Scene& s, std::vector<Warning>& warnings) {
  std::vector<ModelPlan> plan;
  if (s.nodes.empty()) {
    ModelPlan root;
    for (std::uint32_t m = 0; m < s.meshes.size(); ++m) root.meshes.push_back(m);
    return {root};
  }
  std::vector<std::vector<std::uint32_t>> children(s.nodes.size());
  std::vector<std::uint32_t> roots;
  for (std::uint32_t n = 0; n < s.nodes.size(); ++n) {
    const auto p = s.nodes[n].parent;
    (p >= 0 && static_cast<std::size_t>(p) < s.nodes.size() ? children[p] : roots).push_back(n);
  }
  std::int32_t top = -1;
  if (roots.size() != 1) {  // CEM has exactly one root model
    plan.push_back({-1, -1, {}, static_cast<std::uint32_t>(roots.size())});
    top = 0;
    warnings.push_back(cem_warning(
        "CEM_ROOT_ADDED", std::to_string(roots.size()) + " root nodes placed under an empty \"Scene Root\" model"));
  }
  // Depth-first, each model followed by its subtree (iterative: the node tree may be deep).
  std::vector<std::pair<std::uint32_t, std::int32_t>> stack;
  for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.push_back({*it, top});
  std::vector<bool> seen(s.nodes.size(), false);
  while (!stack.empty()) {
    auto [n, parent] = stack.back();
    stack.pop_back();
    if (seen[n]) continue;
    seen[n] = true;
    ModelPlan mp{static_cast<std::int32_t>(n), parent, {}, static_cast<std::uint32_t>(children[n].size())};
    for (auto m : s.nodes[n].meshes)
      if (m < s.meshes.size()) mp.meshes.push_back(m);
    plan.push_back(std::move(mp));
    const auto self = static_cast<std::int32_t>(plan.size() - 1);
    for (auto it = children[n].rbegin(); it != children[n].rend(); ++it) stack.push_back({*it, self});
  }
  return plan;
}

cem::Vertex frame_vertex(const Mesh& m, std::size_t f, std::size_t v) {
  const MorphFrame* mf = m.frames.empty() ? nullptr : &m.frames[std::min(f, m.frames.size() - 1)];
  cem::Vertex out;
  out.position = mf && v < mf->positions.size() ? mf->positions[v] : m.positions[v];
  out.normal = mf && v < mf->normals.size() ? mf->normals[v] : (v < m.normals.size() ? m.normals[v] : Vec3{});
  out.uv = mf && v < mf->uvs.size() ? mf->uvs[v] : (!m.uvs.empty() && v < m.uvs[0].size() ? m.uvs[0][v] : Vec2{});
  return out;
}

bool same(const Vec3& a, const Vec3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

/// Frame bounds, centre and radii from the geometry, or the stored ones while they still describe it.
void fill_bounds(cem::Model& model, const StoredValues* stored) {
  double cx = 0, cy = 0, cz = 0;
  for (auto& f : model.frames) {
    Bounds b;
    for (const auto& v : f.vertices) b.add(v.position);
    if (b.empty()) b.min = b.max = Vec3{};
    f.lower = b.min;
    f.upper = b.max;
    cx += (double(b.min.x) + b.max.x) / 2;
    cy += (double(b.min.y) + b.max.y) / 2;
    cz += (double(b.min.z) + b.max.z) / 2;
  }
  const double n = static_cast<double>(model.frames.size());
  model.center = {static_cast<float>(cx / n), static_cast<float>(cy / n), static_cast<float>(cz / n)};
  bool keep = stored && stored->center && stored->frames.size() == model.frames.size();
  for (std::size_t f = 0; keep && f < model.frames.size(); ++f)
    keep = same(stored->frames[f].lower, model.frames[f].lower) && same(stored->frames[f].upper, model.frames[f].upper);
  if (keep) model.center = *stored->center;
  for (std::size_t f = 0; f < model.frames.size(); ++f) {
    if (keep) {
      model.frames[f].radius = stored->frames[f].radius;
      continue;
    }
    double r2 = 0;
    for (const auto& v : model.frames[f].vertices) {
      const double dx = double(v.position.x) - model.center.x, dy = double(v.position.y) - model.center.y,
                   dz = double(v.position.z) - model.center.z;
      r2 = std::max(r2, dx * dx + dy * dy + dz * dz);
    }
    model.frames[f].radius = static_cast<float>(std::sqrt(r2));
  }
}

/// Each model has its own LOD and frame counts: the most any of its meshes (or tags) has, at least 1.
std::pair<std::size_t, std::size_t> lod_and_frame_counts(const Scene& s, const ModelPlan& plan) {
  std::size_t lods = 1, frames = 1;
  for (auto mi : plan.meshes) {
    lods = std::max(lods, s.meshes[mi].lod_indices.size() + 1);
    frames = std::max(frames, s.meshes[mi].frames.size());
  }
  for (const auto& t : s.tags)
    if (t.node == plan.node || (t.node < 0 && plan.parent < 0)) frames = std::max(frames, t.positions.size());
  return {lods, frames};
}

cem::Model build_model(const Scene& s, const ModelPlan& plan) {
  const auto [lod_count, frame_count] = lod_and_frame_counts(s, plan);
  cem::Model model;
  model.parent = plan.parent;
  model.child_models = plan.children;
  const Node* node = plan.node >= 0 ? &s.nodes[plan.node] : nullptr;
  model.name = node ? node->name : "Scene Root";
  model.lods.resize(lod_count);
  std::uint32_t vertex_offset = 0;
  for (auto mi : plan.meshes) {
    const Mesh& mesh = s.meshes[mi];
    cem::Material mat;
    const bool has_material = mesh.material >= 0 && static_cast<std::size_t>(mesh.material) < s.materials.size();
    if (has_material) {
      const Material& sm = s.materials[mesh.material];
      mat.name = sm.name;
      mat.texture_index = sm.flags;
      const auto t = sm.textures.base_color;
      if (t >= 0 && static_cast<std::size_t>(t) < s.textures.size()) mat.texture_name = s.textures[t].name;
    }
    for (std::size_t l = 0; l < lod_count; ++l) {
      const std::vector<std::uint32_t>* list =
          l == 0 ? &mesh.indices : (l - 1 < mesh.lod_indices.size() ? &mesh.lod_indices[l - 1] : nullptr);
      const auto before = static_cast<std::uint32_t>(model.lods[l].size() / 3);
      if (list) model.lods[l].insert(model.lods[l].end(), list->begin(), list->begin() + list->size() / 3 * 3);
      mat.selections.push_back({before, static_cast<std::uint32_t>(model.lods[l].size() / 3) - before});
    }
    mat.vertex_offset = vertex_offset;
    mat.vertex_count = static_cast<std::uint32_t>(mesh.positions.size());
    vertex_offset += mat.vertex_count;
    model.materials.push_back(std::move(mat));
  }
  model.header_triangles = static_cast<std::uint32_t>(model.lods[0].size() / 3);

  Mat4 matrix = node ? compose(node->local) : Mat4{};
  // The reader keeps the stored matrix beside its decomposition; while the node's transform is still
  // that decomposition, the stored matrix goes back as it was (skew and rounding included).
  if (node && node->stored.matrix && decompose(*node->stored.matrix) == node->local) matrix = *node->stored.matrix;
  std::vector<const TagPoint*> tags;
  for (const auto& t : s.tags)
    if (t.node == plan.node || (t.node < 0 && plan.parent < 0)) tags.push_back(&t);
  for (const auto* t : tags) model.tag_names.push_back(t->name);

  model.frames.resize(frame_count);
  for (std::size_t f = 0; f < frame_count; ++f) {
    cem::Frame& frame = model.frames[f];
    for (auto mi : plan.meshes)
      for (std::size_t v = 0; v < s.meshes[mi].positions.size(); ++v)
        frame.vertices.push_back(frame_vertex(s.meshes[mi], f, v));
    for (const auto* t : tags)
      frame.tags.push_back(t->positions.empty() ? Vec3{} : t->positions[std::min(f, t->positions.size() - 1)]);
    frame.matrix = cem::from_mat4(matrix);
  }
  fill_bounds(model, node ? &node->stored : nullptr);
  return model;
}

/// True when writing `s` bakes its first skeletal animation into vertex frames.
bool bakes_animation(const Scene& s) {
  const bool has_frames =
      std::any_of(s.meshes.begin(), s.meshes.end(), [](const Mesh& m) { return !m.frames.empty(); });
  return !has_frames && !s.animations.empty() && !s.joints.empty();
}

/// Vertices and triangles of every mesh instance, as flatten_nodes lays them out.
std::pair<std::uint64_t, std::uint64_t> placed_counts(const Scene& s) {
  std::uint64_t vertices = 0, triangles = 0;
  auto add = [&](std::size_t mesh) {
    if (mesh >= s.meshes.size()) return;
    vertices += s.meshes[mesh].positions.size();
    triangles += s.meshes[mesh].indices.size() / 3;
  };
  if (s.nodes.empty())
    for (std::size_t m = 0; m < s.meshes.size(); ++m) add(m);
  for (const auto& node : s.nodes)
    for (auto m : node.meshes) add(m);
  return {vertices, triangles};
}

/// "1.9 MB", "1.1 GB" (of 2^20 and 2^30 bytes).
std::string size_text(double bytes) {
  char text[32];
  if (bytes >= 1073741824.0)
    std::snprintf(text, sizeof text, "%.1f GB", bytes / 1073741824.0);
  else
    std::snprintf(text, sizeof text, "%.1f MB", bytes / 1048576.0);
  return text;
}

}  // namespace

std::optional<std::uint64_t> cem_baked_bytes(const Scene& s, const WriteOptions& options) {
  if (!bakes_animation(s)) return std::nullopt;
  // Per frame (docs/formats/cem.md §2): radius, 32 bytes a vertex, 12 a tag, the matrix and the box.
  // Once: the header, each level of detail's triangles (generated ones are coarser: at most as many),
  // the materials with their names.
  const auto [vertices, triangles] = placed_counts(s);
  const double frame = 4 + 32.0 * vertices + 12.0 * s.tags.size() + 64 + 24;
  const double once =
      64 + 12.0 * triangles * (1 + std::max(options.lods, 0)) + 64.0 * s.materials.size() + s.trailing_bytes.size();
  const double total = once + frame * baked_frames(s.animations[0], bake_rate(options.frame_rate));
  return total < 1.8e19 ? static_cast<std::uint64_t>(total) : std::numeric_limits<std::uint64_t>::max();
}

Result<std::vector<std::byte>> cem_write(const Scene& input, const WriteOptions& options) {
  Result<std::vector<std::byte>> result(std::vector<std::byte>{});
  auto& warnings = result.warnings;
  const bool bake = bakes_animation(input);
  if (const auto estimate = cem_baked_bytes(input, options);
      estimate && options.max_output_bytes && *estimate > options.max_output_bytes) {
    const Animation& anim = input.animations[0];
    const float rate = bake_rate(options.frame_rate);
    const std::string what = anim.name.empty() ? "the first animation" : "animation \"" + anim.name + "\"";
    char timing[64];
    std::snprintf(timing, sizeof timing, "%.0f frames (%.4g s at %.4g fps)", baked_frames(anim, rate), anim.duration,
                  rate);
    return Error{.code = "CEM_OUTPUT_TOO_LARGE",
                 .format = "CEM",
                 .path = "animations[0]",
                 .message = "baking " + what + " into " + timing + " would write about " +
                            size_text(double(*estimate)) + ", above the limit of " +
                            size_text(double(options.max_output_bytes)) + "; a lower frame rate bakes fewer frames"};
  }
  Scene s = bake ? bake_animation(input, options.frame_rate, warnings) : input;
  if (options.lods > 0) generate_lods(s, options.lods, warnings);

  auto plan = plan_models(s, warnings);
  std::vector<cem::Model> models;
  for (const auto& p : plan) models.push_back(build_model(s, p));
  for (const auto& m : models)
    if (!m.frames.empty() && m.frames[0].vertices.size() > 2442)
      warnings.push_back(cem_warning("CEM_GAME_VERTEX_LIMIT",
                                     "model \"" + m.name + "\" has " + std::to_string(m.frames[0].vertices.size()) +
                                         " vertices; the unpatched game crashes above about 2442 per part"));
  if (!input.joints.empty() && !bake)
    warnings.push_back(cem_warning("CEM_SKELETON_DROPPED", "CEM has no skeleton; joints were not written"));

  detail::ByteWriter w;
  cem::write_models(w, models);
  w.bytes(std::as_bytes(std::span(input.trailing_bytes.data(), input.trailing_bytes.size())));
  result.value() = w.take();
  return result;
}

}  // namespace aem::formats
