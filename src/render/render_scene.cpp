#include "render/render_scene.hpp"

#include <algorithm>
#include <cmath>

#include "aem/conventions.hpp"
#include "aem/skinning.hpp"
#include "core/flatten.hpp"

namespace aem::render {
namespace {

/// The frames of `mesh` blended as `blend` says; `pick` selects positions or normals of a frame.
template <class Pick>
std::vector<Vec3> blend_frames(const Mesh& mesh, const MorphBlend& blend, const std::vector<Vec3>& rest, Pick pick) {
  if (mesh.frames.empty()) return rest;
  const auto frame = [&](std::uint32_t f) -> const std::vector<Vec3>& {
    const auto& values = pick(mesh.frames[std::min<std::size_t>(f, mesh.frames.size() - 1)]);
    return values.size() == rest.size() ? values : rest;
  };
  const auto& a = frame(blend.a);
  const auto& b = frame(blend.b);
  std::vector<Vec3> out(rest.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = lerp(a[i], b[i], blend.weight);
  return out;
}

/// Scales each vertex's weights (of joints that exist) to sum to 1.
void normalise_weights(Mesh& mesh, std::size_t joint_count) {
  for (SkinInfluences& v : mesh.skin) {
    float sum = 0.0f;
    for (int k = 0; k < kMaxInfluences; ++k)
      if (v.joints[k] >= 0 && static_cast<std::size_t>(v.joints[k]) < joint_count) sum += v.weights[k];
    if (sum > 0.0f && std::abs(sum - 1.0f) > 1e-4f)
      for (float& w : v.weights) w /= sum;
  }
}

}  // namespace

Scene prepare_for_render(const Scene& scene) {
  Scene out = flatten_nodes(scene);
  Conventions target;
  target.up = UpAxis::Y;
  target.right_handed = true;
  target.ccw_front_faces = true;
  target.uv_origin_bottom_left = false;
  target.meters_per_unit = scene.conventions.meters_per_unit;
  convert_conventions(out, target);
  for (Mesh& m : out.meshes) normalise_weights(m, out.joints.size());
  return out;
}

MorphBlend morph_blend(const Scene& scene, float time) {
  const std::uint32_t count = scene.vertex_animation.frame_count;
  if (count < 2 || !std::isfinite(time)) return {};
  const float rate = vertex_playback_rate(scene.vertex_animation);
  const float frame = std::fmod(std::max(time, 0.0f) * rate, static_cast<float>(count));
  const auto a = std::min(static_cast<std::uint32_t>(frame), count - 1);
  return {a, (a + 1) % count, frame - static_cast<float>(a)};
}

ScenePose::ScenePose(const Scene& scene) : scene_(&scene), animator_(scene), skin_(scene.joints.size()) {
  set(-1, 0.0f);
}

void ScenePose::set(std::int32_t animation, float time) {
  animator_.evaluate(animation, time, skin_);
  morph_ = morph_blend(*scene_, time);
}

std::vector<Vec3> ScenePose::morphed_positions(std::size_t m) const {
  const Mesh& mesh = scene_->meshes[m];
  return blend_frames(mesh, morph_, mesh.positions,
                      [](const MorphFrame& f) -> const std::vector<Vec3>& { return f.positions; });
}

std::vector<Vec3> ScenePose::morphed_normals(std::size_t m) const {
  const Mesh& mesh = scene_->meshes[m];
  return blend_frames(mesh, morph_, mesh.normals,
                      [](const MorphFrame& f) -> const std::vector<Vec3>& { return f.normals; });
}

std::vector<Vec3> ScenePose::posed_positions(std::size_t m) const {
  const Mesh& mesh = scene_->meshes[m];
  std::vector<Vec3> out;
  if (mesh.frames.empty()) {
    pose_positions(mesh, skin_, out);
    return out;
  }
  // pose_positions reads positions, skin and rigid joints only: pose a slim mesh with the morphed positions.
  Mesh morphed;
  morphed.positions = morphed_positions(m);
  morphed.skin = mesh.skin;
  morphed.rigid_joints = mesh.rigid_joints;
  pose_positions(morphed, skin_, out);
  return out;
}

Bounds ScenePose::posed_bounds() const {
  Bounds b;
  for (std::size_t m = 0; m < scene_->meshes.size(); ++m)
    for (const Vec3& p : posed_positions(m)) b.add(p);
  return b;
}

Bounds animation_bounds(const Scene& scene, std::int32_t animation) {
  ScenePose pose(scene);
  Bounds b = pose.posed_bounds();
  const bool skeletal = animation >= 0 && static_cast<std::size_t>(animation) < scene.animations.size();
  float duration = skeletal ? scene.animations[animation].duration : 0.0f;
  if (scene.vertex_animation.frame_count >= 2) {
    const float rate = vertex_playback_rate(scene.vertex_animation);
    duration = std::max(duration, (scene.vertex_animation.frame_count - 1) / rate);
  }
  if (!(duration > 0.0f) || !std::isfinite(duration)) return b;
  for (int i = 0; i <= kFramingSamples; ++i) {
    pose.set(animation, duration * static_cast<float>(i) / kFramingSamples);
    const Bounds posed = pose.posed_bounds();
    if (posed.empty()) continue;
    b.add(posed.min);
    b.add(posed.max);
  }
  return b;
}

}  // namespace aem::render
