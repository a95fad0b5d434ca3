// The skeleton posed by two animations at once, at four check times at a time (one per vector lane),
// for key reduction's error check (animation_error.cpp). Each lane's model matrices are bit for bit
// SceneAnimator's at that time: the same float operations in the same order, lane by lane.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "aem/math.hpp"
#include "aem/scene.hpp"
#include "animation/sample_lanes.hpp"
#include "core/lane_vectors.hpp"

namespace aem::convert {

/// The top three rows of four affine matrices, column-major (element 3c + r), one matrix per lane.
struct AffineLanes {
  detail::f32x4 m[12];
};

class DualPose {
 public:
  /// `original` and `reduced` index skeleton.animations; the reduced keys are a subset of the original ones.
  DualPose(const Scene& skeleton, std::size_t original, std::size_t reduced);

  /// Poses both animations at times[0..count) (1 <= count <= 4), in that order as far as the key cursors
  /// are concerned, and reads lane 0 afterwards. Joints on cycles keep identity in both.
  void pose(const float (&times)[4], int count);
  /// Makes original, reduced, same and all_same read the pose at times[lane].
  void use_lane(int lane) { lane_ = lane; }

  Mat4 original(std::size_t j) const { return matrix(model_a_[j]); }
  Mat4 reduced(std::size_t j) const { return matrix(model_b_[j]); }
  bool same(std::size_t j) const { return same_[j][lane_] != 0; }
  /// Joint j's model matrices and where they are the same, in every lane.
  const AffineLanes& original_lanes(std::size_t j) const { return model_a_[j]; }
  const AffineLanes& reduced_lanes(std::size_t j) const { return model_b_[j]; }
  detail::u32x4 same_lanes(std::size_t j) const { return same_[j]; }
  bool all_same() const;
  /// The lane read, and how many times pose was called (a new set of lanes each time).
  int lane() const { return lane_; }
  std::uint64_t poses() const { return poses_; }
  /// Joint j's model matrices times `bind` in every lane (top rows), as affine_multiply forms them
  /// for an affine `bind` (last row 0 0 0 1) and Mat4's operator* for any other.
  void skin_lanes(std::size_t j, const Mat4& bind, AffineLanes& original, AffineLanes& reduced) const;

 private:
  /// The lookups of a channel's translation, rotation and scale lists in keys_.
  struct Lists {
    std::uint32_t of[3];
  };
  Lists add(const Channel* channel);
  TransformLanes sample(const Channel& channel, const Transform& rest, const Lists& lists) const;
  Mat4 matrix(const AffineLanes& m) const;

  const std::vector<Joint>& joints_;
  std::vector<std::uint32_t> order_;
  std::vector<const Channel*> a_, b_;
  std::vector<std::uint8_t> kept_all_;
  std::vector<AffineLanes> rest_local_;  // per joint: the local matrix of its rest transform
  std::vector<AffineLanes> model_a_, model_b_;
  std::vector<detail::u32x4> same_;  // per joint and lane: all ones where both model matrices are equal
  KeyTimeLanes keys_;
  std::vector<Lists> lists_a_, lists_b_;
  int lane_ = 0;
  std::uint64_t poses_ = 0;
};

}  // namespace aem::convert
