// A scene's geometry as posed, in world space, and how far it is from a reference point set: the check
// the FBX corpus script (scripts/fbx_corpus.sh, tests/fbx_corpus) and the FBX reader's tests share.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "aem/scene.hpp"

namespace aem::test {

/// Which pose: every joint at its rest value (not the bind pose), or an animation at a time.
struct PoseAt {
  std::optional<std::size_t> animation;  ///< index into Scene::animations; empty = rest
  float time = 0.0f;                     ///< seconds from the animation's start

  static PoseAt rest() { return {}; }
  static PoseAt animated(std::size_t animation, float time) { return {animation, time}; }
};

/// Every vertex of every mesh of `scene` posed as `pose` says, in metres, Y up, right-handed (node
/// instances flattened and the scene's conventions converted, as the renderer does; skinning and rigid
/// joints as render::ScenePose). Vertex animation is blended at the time only when it belongs to the
/// animation (VertexAnimation::name is the animation's name); otherwise meshes keep their rest shape.
/// Morph targets (a scene read keeping them) move the meshes by the animation's weights at the time,
/// or by their default weights.
/// Throws std::out_of_range when the animation index is not one of the scene's.
std::vector<Vec3> posed_vertices(const Scene& scene, const PoseAt& pose);

/// Index of the first animation called `name`, or none.
std::optional<std::size_t> animation_named(const Scene& scene, std::string_view name);

/// Mean nearest-point distances between two point sets, one per direction.
struct PointSetDistance {
  double reference_to_posed = 0;  ///< mean over reference points of the distance to the nearest posed point
  double posed_to_reference = 0;  ///< mean over posed points of the distance to the nearest reference point
  double larger() const { return reference_to_posed > posed_to_reference ? reference_to_posed : posed_to_reference; }
};

/// Both means. A point that is not finite, or that has no finite point in the other set to go to,
/// is infinitely far; a mean over no points is 0.
PointSetDistance mean_nearest_distances(std::span<const Vec3> reference, std::span<const Vec3> posed);

/// Length of the diagonal of the box around the finite points of `points` (0 when there are none).
double bounding_diagonal(std::span<const Vec3> points);

/// A frame matches when the larger mean distance is at most this fraction of the reference's diagonal.
inline constexpr double kFrameTolerance = 1e-3;

struct FrameComparison {
  PointSetDistance distance;
  double limit = 0;  ///< tolerance x the reference's bounding-box diagonal
  bool matched() const { return distance.larger() <= limit; }
};

/// The posed points against the reference ones, with the limit from the reference's diagonal.
FrameComparison compare_frame(std::span<const Vec3> reference, std::span<const Vec3> posed,
                              double tolerance = kFrameTolerance);

}  // namespace aem::test
