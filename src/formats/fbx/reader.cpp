// FBX -> scene. The reader is one translation unit because ufbx is compiled into it with internal
// linkage (ufbx_unit.hpp); its steps live in the .inl files included below, one job each.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "core/image.hpp"
#include "core/metallic_roughness.hpp"
#include "core/node_skeleton.hpp"
#include "core/parse_error.hpp"
#include "core/side_files.hpp"
#include "core/side_textures.hpp"
#include "core/text_position.hpp"
#include "core/source_space.hpp"
#include "core/file.hpp"
#include "core/weld.hpp"
#include "formats/fbx/fbx_format.hpp"
#include "formats/fbx/ufbx_unit.hpp"

// clang-format off
#include "formats/fbx/build_context.inl"
#include "formats/fbx/load.inl"
#include "formats/fbx/nodes.inl"
#include "formats/fbx/materials.inl"
#include "formats/fbx/animations.inl"
#include "formats/fbx/skeleton.inl"
#include "formats/fbx/deformations.inl"
#include "formats/fbx/frame_normals.inl"
#include "formats/fbx/subdivision.inl"
#include "formats/fbx/meshes.inl"
#include "formats/fbx/source_space.inl"
// clang-format on

namespace aem::formats {
namespace fbx {
namespace {

/// Whether `mesh`'s blend shapes stay morph targets: when the read keeps them, and each channel is one
/// shape (plain_blend_channels) of a mesh with no vertex cache, not shown subdivided. Other meshes are
/// baked into frames as when targets are not kept.
bool keeps_targets(const Build& b, const ufbx_mesh& mesh) {
  return b.input.options.keep_morph_targets && !point_cache(mesh) && plain_blend_channels(mesh) &&
         shown_subdivision(mesh) == 0;
}

/// Bakes the default take's blend-shape weights or vertex caches (a file without takes: the time its
/// caches cover) into Mesh::frames of the meshes they move, within the read's memory budget; the scene
/// holds one vertex animation. Returns, per ufbx mesh (typed_id), its frames (none when it does not
/// move). Meshes that keep their targets get, in `tracks`, the take's weights sampled at the frames'
/// times instead.
std::vector<LogicalShapes> vertex_animation(Build& b, SideFileOpener& opener,
                                            std::vector<std::optional<WeightTrack>>& tracks) {
  tracks.assign(b.fbx.meshes.count, std::nullopt);
  std::vector<LogicalShapes> frames(b.fbx.meshes.count);
  const std::optional<Timeline> timeline = vertex_timeline(b);
  if (!timeline) return frames;
  const std::optional<std::vector<double>> frames_at = frame_times(timeline->begin, timeline->end, b.frame_rate());
  if (!frames_at) {
    b.warn("FBX_VERTEX_ANIMATION_DROPPED", timeline->name,
           "the take's time span is not finite or too long to bake frame by frame; meshes keep their rest shape");
    return frames;
  }
  const std::vector<double>& times = *frames_at;
  std::uint64_t budget = b.input.options.max_decoded_bytes;
  bool any = false;
  for (std::size_t i = 0; i < b.fbx.meshes.count; ++i) {
    const ufbx_mesh& mesh = *b.fbx.meshes.data[i];
    if (mesh.instances.count == 0 || (!point_cache(mesh) && !blend_animated(mesh, timeline->anim, times))) continue;
    if (keeps_targets(b, mesh)) {
      tracks[mesh.typed_id] = channel_weights(mesh, timeline->anim, times, timeline->begin);
      b.weight_take = timeline->name;
      continue;
    }
    // Each corner of each frame: a position, a normal and its group's normal now, a position and a
    // normal kept again by the scene and its writers; a mesh the file shows subdivided has four times
    // the corners a level.
    const double corners = static_cast<double>(mesh.num_indices) *
                           std::ldexp(1.0, 2 * static_cast<int>(std::min(shown_subdivision(mesh), 16u)));
    const double bytes = corners * static_cast<double>(times.size()) * sizeof(Vec3) * 5;
    if (bytes > static_cast<double>(budget)) {
      b.warn("FBX_VERTEX_ANIMATION_DROPPED", to_string(mesh.name),
             "baking its " + std::to_string(times.size()) + " frames would take " +
                 std::to_string(static_cast<std::uint64_t>(bytes / 1048576)) +
                 " MB, past the read's budget (ReadOptions::max_decoded_bytes); the mesh keeps its rest shape");
      continue;
    }
    budget -= static_cast<std::uint64_t>(bytes);
    deform_frames(b, mesh, timeline->anim, times, opener, frames[mesh.typed_id]);
    any |= !frames[mesh.typed_id].frames.empty();
  }
  if (!any) return frames;
  b.scene.vertex_animation =
      VertexAnimation{timeline->name, static_cast<float>(b.frame_rate()), static_cast<std::uint32_t>(times.size())};
  // Without takes, the vertex animation gets an animation of its own to play it by.
  if (!b.default_stack)
    b.scene.animations.push_back(Animation{timeline->name,
                                           static_cast<float>(timeline->end - timeline->begin),
                                           static_cast<float>(b.frame_rate()),
                                           false,
                                           {},
                                           {}});
  return frames;
}

/// Meshes of every node: polygon meshes with their skins, blend shapes and caches; NURBS surfaces
/// tessellated. Fills Node::meshes.
void read_meshes(Build& b, const std::vector<std::vector<std::int32_t>>& cluster_joints, SideFileOpener& opener) {
  std::vector<std::optional<WeightTrack>> tracks;
  std::vector<LogicalShapes> shapes = vertex_animation(b, opener, tracks);
  b.meshes_of.assign(b.fbx.meshes.count, {});
  for (std::size_t i = 0; i < b.fbx.meshes.count; ++i) {
    const ufbx_mesh& mesh = *b.fbx.meshes.data[i];
    const ufbx_node* instance = first_instance(mesh);
    if (!instance) continue;
    const ufbx_skin_deformer* skin = mesh.skin_deformers.count > 0 ? mesh.skin_deformers.data[0] : nullptr;
    const std::vector<std::int32_t>* joints =
        skin && !cluster_joints[skin->typed_id].empty() ? &cluster_joints[skin->typed_id] : nullptr;
    LogicalShapes& mesh_shapes = shapes[mesh.typed_id];
    std::vector<MorphTarget> targets;
    std::vector<float> target_weights;
    const auto stored_weight = [](const ufbx_blend_channel& c) { return c.weight; };
    const auto channels = blend_channels(mesh);
    if (keeps_targets(b, mesh)) {
      targets = logical_targets(mesh);
      for (const ufbx_blend_channel* c : channels) target_weights.push_back(static_cast<float>(c->weight));
    } else if (std::any_of(channels.begin(), channels.end(),
                           [](const ufbx_blend_channel* c) { return c->weight != 0; })) {
      mesh_shapes.rest = blended_vertices(mesh, stored_weight);
      if (shapes_carry_normals(mesh)) mesh_shapes.rest_normal_offsets = blended_normal_offsets(mesh, stored_weight);
    }
    MeshPtr subdivided(nullptr, ufbx_free_mesh);
    if (const std::uint32_t levels = shown_subdivision(mesh))
      subdivided = subdivide(b, mesh, levels, to_string(instance->name));
    const ufbx_subdivision_result* subdivision = subdivided ? subdivided->subdivision_result : nullptr;
    if (subdivision) {
      for (std::vector<Vec3>* values : {&mesh_shapes.rest, &mesh_shapes.rest_normal_offsets})
        if (!values->empty()) *values = through_subdivision(*subdivision, *values);
      for (auto* lists : {&mesh_shapes.frames, &mesh_shapes.frame_normal_offsets})
        for (auto& values : *lists) values = through_subdivision(*subdivision, values);
    }
    const ufbx_mesh& shown = subdivided ? *subdivided : mesh;
    const bool deformed = !mesh_shapes.rest.empty() || !mesh_shapes.frames.empty();
    const GroupTurns turns = deformed && shown.vertex_normal.exists ? group_turns(shown, mesh_shapes) : GroupTurns{};
    b.meshes_of[mesh.typed_id] =
        add_mesh(b, MeshSource{shown, *instance, skin, subdivision, joints, deformed ? &mesh_shapes : nullptr, &turns,
                               targets.empty() ? nullptr : &targets, &target_weights});
    if (tracks[mesh.typed_id])
      for (std::uint32_t sm : b.meshes_of[mesh.typed_id]) {
        b.weight_tracks.push_back(*tracks[mesh.typed_id]);
        b.weight_tracks.back().mesh = sm;
      }
  }
  std::vector<std::string> curves;
  for (std::size_t i = 0; i < b.fbx.nodes.count; ++i) {
    const ufbx_node& n = *b.fbx.nodes.data[i];
    const std::int32_t node = b.node_of[n.typed_id];
    if (node < 0) continue;
    if (n.mesh) {
      for (std::uint32_t m : b.meshes_of[n.mesh->typed_id]) b.scene.nodes[node].meshes.push_back(m);
    } else if (const ufbx_nurbs_surface* surface = ufbx_as_nurbs_surface(n.attrib)) {
      ufbx_tessellate_surface_opts opts{};
      opts.temp_allocator = opts.result_allocator = b.allocator();
      ufbx_error error{};
      std::unique_ptr<ufbx_mesh, void (*)(ufbx_mesh*)> tessellated(
          ufbx_tessellate_nurbs_surface(surface, &opts, &error), ufbx_free_mesh);
      if (!tessellated) {
        b.warn("FBX_NURBS_DROPPED", to_string(n.name),
               "the NURBS surface could not be tessellated: " + to_string(error.description));
        continue;
      }
      for (std::uint32_t m :
           add_mesh(b, MeshSource{*tessellated, n, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr}))
        b.scene.nodes[node].meshes.push_back(m);
    } else if (n.attrib_type == UFBX_ELEMENT_NURBS_CURVE || n.attrib_type == UFBX_ELEMENT_LINE_CURVE) {
      curves.push_back(to_string(n.name));
    }
  }
  // One warning for all of them: rigs hold dozens of control curves.
  if (!curves.empty()) {
    std::string names;
    for (std::size_t i = 0; i < curves.size() && i < 5; ++i) names += (i ? ", " : "") + curves[i];
    if (curves.size() > 5) names += " and " + std::to_string(curves.size() - 5) + " more";
    b.warn("FBX_CURVE_DROPPED", {},
           std::to_string(curves.size()) + " curves dropped (aem keeps triangles only): " + names);
  }
}

/// A joint whose rest pose scales an axis to zero (an object that grows in from nothing) has no inverse
/// bind, and what it carries could not follow it: such a scale is kept at kLeastRestScale instead.
void keep_rest_invertible(Build& b, const std::vector<bool>& joints) {
  constexpr float kLeastRestScale = 1e-3f;
  for (std::size_t n = 0; n < joints.size(); ++n) {
    if (!joints[n]) continue;
    Vec3& s = b.scene.nodes[n].local.scale;
    bool changed = false;
    for (float* c : {&s.x, &s.y, &s.z})
      if (std::abs(*c) < kLeastRestScale) *c = std::copysign(kLeastRestScale, *c), changed = true;
    if (changed)
      b.warn(
          "FBX_ZERO_SCALE_REST", b.scene.nodes[n].name,
          "the rest pose scales the node to nothing; kept at 1/1000 so that what it carries can follow its animation");
  }
}

/// ufbx's own notes about what it repaired, skipped or could not find.
void ufbx_warnings(Build& b) {
  for (std::size_t i = 0; i < b.fbx.metadata.warnings.count; ++i) {
    const ufbx_warning& w = b.fbx.metadata.warnings.data[i];
    const char* code = w.type == UFBX_WARNING_MISSING_EXTERNAL_FILE   ? "FBX_SIDE_FILE_MISSING"
                       : w.type == UFBX_WARNING_UNSUPPORTED_VERSION   ? "FBX_VERSION_UNTESTED"
                       : w.type == UFBX_WARNING_BAD_UNICODE           ? "FBX_BAD_TEXT"
                       : w.type == UFBX_WARNING_INDEX_CLAMPED         ? "FBX_INDEX_CLAMPED"
                       : w.type == UFBX_WARNING_UNKNOWN_OBJ_DIRECTIVE ? "OBJ_DIRECTIVE_SKIPPED"
                                                                      : "FBX_REPAIRED";
    std::string message = to_string(w.description);
    // ufbx names no cause; in an OBJ the usual one is a line or point of an object whose faces have
    // texture coordinates or normals (Blender's loose edges), whose corners then have none.
    if (b.format == SourceFormat::Obj && w.type == UFBX_WARNING_INDEX_CLAMPED)
      message =
          "corners without the texture coordinate or normal index the other corners of their object have, or with an index past "
          "the list, take the list's last entry";
    if (w.count > 1) message += " (" + std::to_string(w.count) + " times)";
    b.warn(code, {}, std::move(message));
  }
}

/// The scene of an FBX or OBJ file.
Result<Scene> read(const ReadInput& input, SourceFormat format) {
  std::vector<Warning> side_warnings;
  ScenePtr loaded = load(input, format, allocation_limits(input), side_warnings);
  SideFileOpener opener{input.path.parent_path(), input.options.asset_root, side_warnings, format};
  Build b{*loaded, input, format, {}, {}, {}, {}, {}, nullptr};
  b.scene.source_format = format_label(format);
  b.default_stack = default_take(*loaded, input.bytes);
  // ufbx copied what it keeps and the take is named: a mapped file's pages can go before the scene is built.
  if (input.release) input.release(input.bytes);
  // OBJ declares no units or axes: ufbx reports its defaults for them, which are no fact about the file.
  if (format == SourceFormat::Fbx) note_source_space(b);
  read_nodes(b);
  read_materials(b);
  if (!input.path.empty()) load_external_textures(b);
  pack_separate_maps(b);
  const std::vector<BakedTake> takes = bake_takes(b);
  const std::vector<bool> wanted = joint_nodes(b, takes);
  keep_rest_invertible(b, wanted);
  const std::vector<Mat4> world = node_world_matrices(b.scene);
  std::vector<std::int32_t> joint_of_node(b.scene.nodes.size(), -1);
  if (std::find(wanted.begin(), wanted.end(), true) != wanted.end()) {
    NodeSkeleton skeleton(b.scene, world, wanted);
    const auto cluster_joints = read_skeleton(b, skeleton, world);
    read_meshes(b, cluster_joints, opener);
    skeleton.attach_nodes();
    for (std::size_t n = 0; n < joint_of_node.size(); ++n)
      joint_of_node[n] = skeleton.joint_of(static_cast<std::int32_t>(n));
    read_animations(b, takes, joint_of_node);
  } else {
    read_meshes(b, std::vector<std::vector<std::int32_t>>(loaded->skin_deformers.count), opener);
    read_animations(b, takes, joint_of_node);  // no joints to move: the vertex animation's take, if any
  }
  ufbx_warnings(b);
  if (format == SourceFormat::Obj && b.scene.triangle_count() == 0)
    detail::fail_at("OBJ", "OBJ_NO_TRIANGLES", 0,
                    "the file holds no faces (points and lines are not kept): nothing to convert");
  if (b.scene.nodes.empty()) detail::fail_at("FBX", "FBX_EMPTY_SCENE", 0, "the file holds no objects");
  Result<Scene> result(std::move(b.scene));
  result.warnings = std::move(side_warnings);
  result.warnings.insert(result.warnings.end(), b.warnings.begin(), b.warnings.end());
  return result;
}

}  // namespace
}  // namespace fbx

Result<Scene> fbx_read(const ReadInput& input) { return fbx::read(input, fbx::SourceFormat::Fbx); }

Result<Scene> obj_read(const ReadInput& input) { return fbx::read(input, fbx::SourceFormat::Obj); }

}  // namespace aem::formats
