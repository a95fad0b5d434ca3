// The scene as the renderer sees it, and its pose at a time. Shared by the GPU path, the CPU checks in
// tests and the camera framing, so that all of them agree on one set of vertices.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/scene.hpp"

namespace aem::render {

/// Frames per second assumed for vertex animation when the file does not say (CEM has no rate).
inline constexpr float kDefaultVertexFrameRate = 30.0f;
/// The rate vertex-animation frames play at: the scene's, or kDefaultVertexFrameRate when it has none.
inline float vertex_playback_rate(const VertexAnimation& v) {
  return v.frame_rate > 0 ? v.frame_rate : kDefaultVertexFrameRate;
}

/// A copy of `scene` ready to draw: node instances flattened into model-space meshes, then converted
/// to Y up, right-handed, counter-clockwise front faces and top-left UV origin (images upload as
/// stored, first row at v = 0). Units are kept. Skin weights are scaled to sum to 1: some importers
/// lose weight mass (Assimp's glTF import of CesiumMan leaves 210 vertices with sums down to 0.18),
/// which would pull those vertices towards the origin.
Scene prepare_for_render(const Scene& scene);

/// Vertex-animation frames to blend at `time` seconds (looping): frame a, frame b, weight of b.
/// Both are 0 when the scene has no vertex animation.
struct MorphBlend {
  std::uint32_t a = 0, b = 0;
  float weight = 0.0f;
};
MorphBlend morph_blend(const Scene& scene, float time);

/// The pose of a prepared scene at one time: skin matrices for every joint (SceneAnimator), the
/// joints' model-space matrices (skeleton overlay) and the vertex-animation blend.
class ScenePose {
 public:
  explicit ScenePose(const Scene& scene);
  /// Poses for `animation` (index into Scene::animations; out of range = bind pose) at `time`
  /// seconds; skeletal time is clamped by the animator, vertex animation loops.
  void set(std::int32_t animation, float time);

  std::span<const Mat4> skin() const { return skin_; }
  std::span<const Mat4> joint_model() const { return animator_.model(); }
  /// The joints' parent-relative matrices of the current pose.
  std::span<const Mat4> joint_local() const { return animator_.local(); }
  const MorphBlend& morph() const { return morph_; }
  /// Mesh `m`'s rest positions for the current vertex-animation blend (the mesh's own when it has no
  /// frames), before skinning.
  std::vector<Vec3> morphed_positions(std::size_t m) const;
  /// Mesh `m`'s morphed normals (empty when the mesh has none).
  std::vector<Vec3> morphed_normals(std::size_t m) const;
  /// Mesh `m`'s final positions: morphed, then skinned as pose_mesh does (what the GPU draws).
  std::vector<Vec3> posed_positions(std::size_t m) const;
  /// Box around every mesh's posed positions.
  Bounds posed_bounds() const;

 private:
  const Scene* scene_;
  SceneAnimator animator_;
  std::vector<Mat4> skin_;
  MorphBlend morph_;
};

/// Poses sampled to frame an animation: this many even steps over its duration, ends included.
inline constexpr int kFramingSamples = 48;

/// Box around every pose of `animation` (index into Scene::animations; out of range = bind pose)
/// of a prepared scene, with vertex animation: the rest pose and kFramingSamples + 1 even steps over
/// the longer of the animation and one vertex-animation loop. A camera framed on it keeps the whole
/// animation in view and does not move while it plays.
Bounds animation_bounds(const Scene& scene, std::int32_t animation);

}  // namespace aem::render
