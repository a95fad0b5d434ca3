// The exhaustive error check of key reduction: how far the points of a model (error_points.hpp) are
// from where the original keys put them, at every original key time and every midpoint between two
// successive ones, for one animation against another of the same skeleton.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "aem/scene.hpp"
#include "aem/scene_animation.hpp"
#include "convert/error_points.hpp"

namespace aem::convert {

struct AnimationError {
  float largest = 0.0f;  ///< the largest distance of any point at any checked time
  float time = 0.0f;     ///< a time where it occurs
  /// Per joint: the largest distance of a point it moves (skin, rigid or virtual), counted only for
  /// points farther than the bound given to measure_error (0 when none is).
  std::vector<float> by_joint;
  std::uint64_t points_measured = 0;  ///< point distances computed one by one (the rest were bounded)
};

/// Every key time of `animation` (translation, rotation and scale of every channel) and the midpoint
/// between each two successive ones, increasing, without repeats.
std::vector<float> check_times(const Animation& animation);

/// Poses `skeleton` (SceneAnimator: missing channels and empty lists are the rest values) with
/// animation `original` and with animation `reduced` at check_times(original) and measures the
/// distances of `points` (made for a scene with the same joints) between the two. Points are
/// measured one by one only where a bound per group says one may exceed `bound` or the largest
/// distance (which stays exact); `every_point` measures every point at every time instead (the same
/// answer, slower: for tests).
AnimationError measure_error(const ErrorPoints& points, const Scene& skeleton, std::size_t original,
                             std::size_t reduced, float bound, bool every_point = false);

}  // namespace aem::convert
