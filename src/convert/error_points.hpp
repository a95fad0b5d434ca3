// The points an animation's error is measured on: every vertex the skeleton moves, as the scene places
// and skins it, and virtual points around joints that move no vertex (helpers, attachment points,
// skeletons without a mesh), at the length of the joint's bone. Grouped by the joints that move them,
// so that one bound per group and pose can clear most of them without posing each vertex.
#pragma once

#include <cstdint>
#include <vector>

#include "aem/scene.hpp"

namespace aem::convert {

/// Points moved by the same joints in the same way.
struct PointGroup {
  /// Skin joints (at most kMaxInfluences: one vertex's), one weight per point each; or the one joint
  /// of a rigid group.
  std::vector<std::uint32_t> joints;
  /// Every point first moves rigidly with this joint's skin matrix (AEM's extra bone), then by the
  /// skin; -1 = none.
  std::int32_t rigid = -1;
  /// Virtual points: given in the joint's own space and moved by its model matrix (not by a skin
  /// matrix, which needs an inverse bind the joint may not have).
  bool joint_space = false;
  std::uint32_t first = 0, count = 0;  ///< range of ErrorPoints::positions
  Vec3 center{};                       ///< of the box and of the sphere around the group's points
  float radius = 0.0f;
  Vec3 half_size{};               ///< of the box (axis-aligned, about center)
  std::vector<float> max_weight;  ///< per skin joint: the largest |weight| of the group's points
  float weight_sum = 1.0f;        ///< the largest sum of a point's |weights| (skinned groups)
};

struct ErrorPoints {
  std::vector<PointGroup> groups;
  std::vector<Vec3> positions;               ///< bind space (joint space for virtual points)
  std::vector<float> weights;                ///< per point of a skinned group, one per group joint (group order)
  std::vector<std::uint32_t> weight_offset;  ///< per group: where its points' weights start
  /// Per joint: how far from the joint's origin the points it moves reach, in model units, as far
  /// as the bind pose and the largest translations of its descendants tell (the radius a rotation of
  /// the joint is measured at).
  std::vector<float> reach;
};

/// The points of `scene`: the meshes as flatten_nodes places them (node instances; a node driven by
/// a joint makes its unskinned meshes follow that joint), skin influences with a joint in range and a
/// non-zero weight (weights scaled to sum to 1, as renderers and AEM's writer use them), and for each joint none of whose descendants (itself included) moves a vertex, its
/// origin and the six points at its bone's length along its axes (the longest child bone; a leaf's
/// own bone). Vertices no joint moves are left out: no animation moves them.
ErrorPoints error_points(const Scene& scene);

}  // namespace aem::convert
