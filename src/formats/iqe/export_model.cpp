#include "formats/iqe/export_model.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "core/flatten.hpp"
#include "core/lane_vectors.hpp"
#include "formats/iqe/poses.hpp"
#include "formats/iqe/uniform_arrays.hpp"

namespace aem::formats::iqe {
namespace {

Transform canonical(Transform t) {
  t.rotation = with_negative_w(normalize(t.rotation));
  return t;
}

std::string material_name(const Scene& scene, std::int32_t index) {
  if (index < 0 || static_cast<std::size_t>(index) >= scene.materials.size()) return {};
  const Material& m = scene.materials[index];
  const std::int32_t tex = m.textures.base_color;
  if (tex >= 0 && static_cast<std::size_t>(tex) < scene.textures.size() && !scene.textures[tex].name.empty())
    return scene.textures[tex].name;
  return m.name;
}

// Parents first; joints on a cycle are appended as roots. Returns old index -> new index.
std::vector<std::int32_t> order_joints(const Scene& scene, ExportModel& out, std::vector<Warning>& warnings,
                                       const char* format) {
  std::vector<std::int32_t> parents;
  for (const auto& j : scene.joints) parents.push_back(j.parent);
  std::vector<std::uint32_t> order = parents_first_order(parents);
  std::vector<std::int32_t> new_index(scene.joints.size(), -1);
  for (std::size_t k = 0; k < order.size(); ++k) new_index[order[k]] = static_cast<std::int32_t>(k);
  for (std::uint32_t j = 0; j < scene.joints.size(); ++j)
    if (new_index[j] < 0) {
      new_index[j] = static_cast<std::int32_t>(order.size());
      order.push_back(j);
      warnings.push_back(
          Warning{.code = "CONVERT_JOINT_CYCLE",
                  .format = format,
                  .path = "joints[" + std::to_string(j) + "]",
                  .message = "joint \"" + scene.joints[j].name + "\" is on a parent cycle; written as a root"});
    }
  for (std::uint32_t old : order) {
    const Joint& j = scene.joints[old];
    const bool has_parent = j.parent >= 0 && static_cast<std::size_t>(j.parent) < scene.joints.size() &&
                            new_index[j.parent] < new_index[old];
    const Mat4 world_bind = inverse(j.inverse_bind);
    const Mat4 bind_local = has_parent ? scene.joints[j.parent].inverse_bind * world_bind : world_bind;
    // The rest pose is the base pose when it agrees with the bind matrices (it keeps exact values).
    const Transform base = nearly_equal(compose(j.rest), bind_local, 1e-4f) ? j.rest : decompose(bind_local);
    out.joints.push_back({j.name, has_parent ? new_index[j.parent] : -1, canonical(base)});
  }
  return new_index;
}

// Joint `j` after reordering; -1 for none or one past the skeleton.
std::int32_t remapped(std::int32_t j, const std::vector<std::int32_t>& new_index) {
  return j >= 0 && static_cast<std::size_t>(j) < new_index.size() ? new_index[j] : -1;
}

// Whether remap_skin would change `mesh`. Most meshes it leaves alone: no rigid joints, and joints
// already parents first (`new_index` the identity), where only a joint below -1 or past the skeleton
// changes, which the slots are checked for four at a time.
bool remap_changes(const Mesh& mesh, const std::vector<std::int32_t>& new_index) {
  if (!mesh.rigid_joints.empty()) return true;
  if (mesh.skin.empty()) return false;
  for (std::size_t j = 0; j < new_index.size(); ++j)
    if (new_index[j] != static_cast<std::int32_t>(j)) return true;
  const auto last = static_cast<std::int32_t>(new_index.size()) - 1;
  const detail::i32x4 none = {-1, -1, -1, -1}, past = {last, last, last, last};
  detail::i32x4 outside{};
  for (const auto& s : mesh.skin)
    for (int half = 0; half < 2; ++half) {
      const auto joints = detail::load<detail::i32x4>(s.joints.data() + 4 * half);
      outside |= (joints < none) | (joints > past);
    }
  return (outside[0] | outside[1] | outside[2] | outside[3]) != 0;
}

void remap_skin(Mesh& mesh, const std::vector<std::int32_t>& new_index, std::vector<Warning>& warnings,
                const char* format) {
  auto remap = [&](std::int32_t j) { return remapped(j, new_index); };
  for (auto& s : mesh.skin)
    for (auto& j : s.joints) j = remap(j);
  if (mesh.rigid_joints.empty()) return;
  if (!mesh.skin.empty()) {
    warnings.push_back(Warning{
        .code = "CONVERT_RIGID_JOINT_DROPPED",
        .format = format,
        .path = "mesh \"" + mesh.name + "\"",
        .message =
            "the mesh is skinned; its per-vertex rigid joint (AEM mesh animation) has no equivalent and is dropped"});
  } else {
    mesh.skin.resize(mesh.positions.size());
    for (std::size_t v = 0; v < mesh.rigid_joints.size() && v < mesh.skin.size(); ++v)
      if (const std::int32_t j = remap(mesh.rigid_joints[v]); j >= 0) {
        mesh.skin[v].joints[0] = j;
        mesh.skin[v].weights[0] = 1.0f;
      }
  }
  mesh.rigid_joints.clear();
}

struct FrameTiming {
  std::size_t count = 1;
  float rate = 0;
};

// The frames `anim` becomes at `rate`, and the rate they play at. IQE and IQM play N frames in N / rate
// seconds (each frame lasts until the next, the last until the clip ends), so the clip keeps its
// length with N = duration x rate rounded, played at N / duration: 1.25 s at 30 fps is 38 frames at
// 30.4 fps, not 39 frames (1.30 s) with the end pose repeated. The end pose is where the last frame
// leads: back to the first in a loop. A duration/rate pair that asks for more frames than the keys
// could ever need (overflow, NaN, a rate near zero) falls back to the largest key count.
FrameTiming frame_timing(const Animation& anim, float rate, const char* format, std::vector<Warning>& warnings) {
  constexpr double kMaxFrames = 1 << 20;
  const double steps = static_cast<double>(anim.duration) * rate;
  if (steps >= 0 && steps <= kMaxFrames) {
    const std::size_t count = std::max<long long>(1, std::llround(steps));
    // A rate that already fits (within float noise) is kept as asked, as is a still pose's.
    const bool fits = !(anim.duration > 0) || std::fabs(steps - static_cast<double>(count)) < 1e-3;
    return {count, fits ? rate : static_cast<float>(static_cast<double>(count) / anim.duration)};
  }
  std::size_t keys = 1;
  for (const auto& c : anim.channels) keys = std::max({keys, c.translation.size(), c.rotation.size(), c.scale.size()});
  warnings.push_back(Warning{
      .code = "CONVERT_FRAMES_CLAMPED",
      .format = format,
      .path = "animation \"" + anim.name + "\"",
      .message = "duration x frame rate gives no usable frame count; " + std::to_string(keys) + " frames written"});
  return {keys, rate};
}

ExportAnimation resample(const Scene& scene, const Animation& anim, const std::vector<std::int32_t>& new_index,
                         float default_rate, const char* format, std::vector<Warning>& warnings) {
  const bool usable_rate = anim.frame_rate > 0 && std::isfinite(anim.frame_rate);
  const FrameTiming timing = frame_timing(anim, usable_rate ? anim.frame_rate : default_rate, format, warnings);
  ExportAnimation out{anim.name, timing.rate, anim.loop, {}};
  std::vector<const Channel*> channel(scene.joints.size(), nullptr);
  for (const auto& ch : anim.channels)
    if (ch.joint < channel.size()) channel[ch.joint] = &ch;
  out.frames.assign(timing.count, std::vector<Transform>(scene.joints.size()));
  // Each joint's key cursors follow the frames forward, so that a key is found by a step or two
  // rather than searched for anew each frame.
  const auto cursors = std::make_unique<std::uint32_t[][3]>(scene.joints.size());
  for (std::size_t f = 0; f < timing.count; ++f) {
    const float t = static_cast<float>(static_cast<double>(f) / out.frame_rate);
    for (std::size_t j = 0; j < scene.joints.size(); ++j) {
      const Transform& rest = scene.joints[j].rest;
      out.frames[f][new_index[j]] = canonical(channel[j] ? sample_channel(*channel[j], rest, t, cursors[j]) : rest);
    }
  }
  return out;
}

}  // namespace

ExportModel prepare_export(const Scene& scene, float default_frame_rate, const char* format,
                           std::vector<Warning>& warnings) {
  ExportModel out;
  out.comment = scene.comment;
  const std::vector<std::int32_t> new_index = order_joints(scene, out, warnings, format);
  // Flattening keeps materials and textures; without nodes it has nothing to do, and the scene's
  // meshes are borrowed (no copy of the animations either: megabytes of keys in a real file), copied
  // only where a skin is renumbered or an array filled.
  const bool flatten = !scene.nodes.empty();
  std::vector<Mesh> flattened = flatten ? flatten_nodes(scene).meshes : std::vector<Mesh>{};
  const std::size_t mesh_count = flatten ? flattened.size() : scene.meshes.size();
  for (std::size_t i = 0; i < mesh_count; ++i) {
    if (flatten)
      out.meshes.push_back(std::move(flattened[i]));
    else
      out.meshes.borrow(scene.meshes[i]);
    if (remap_changes(out.meshes[i], new_index)) remap_skin(out.meshes.own(i), new_index, warnings, format);
    out.material_names.push_back(material_name(scene, out.meshes[i].material));
  }
  fill_missing_arrays(out.meshes, scene.conventions.ccw_front_faces, format, warnings);
  for (const auto& anim : scene.animations)
    out.animations.push_back(resample(scene, anim, new_index, default_frame_rate, format, warnings));
  return out;
}

}  // namespace aem::formats::iqe
