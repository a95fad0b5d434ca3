// A skeleton made of a node tree, for readers of formats whose bones are nodes (glTF, Assimp).
#pragma once

#include <vector>

#include "aem/scene.hpp"

namespace aem {

/// Makes joints of the nodes of `scene` that need one, then hands out joints for skins that bind a
/// node with a different inverse bind matrix than another skin (an extra child joint that moves with it).
class NodeSkeleton {
 public:
  /// Appends one joint per node of `wanted` (every node when empty) and per ancestor of one that has a
  /// non-identity transform, in node order: name, parent (the nearest ancestor with a joint; the nodes
  /// skipped between are identity), rest = local, inverse bind = inverse(world[n]).
  NodeSkeleton(Scene& scene, const std::vector<Mat4>& world, const std::vector<bool>& wanted = {});
  /// The joint made for `node`, or -1.
  std::int32_t joint_of(std::int32_t node) const { return joint_of_[node]; }
  /// The joint of `node` (which must have one) when its inverse bind is `ib` (or still unclaimed),
  /// else a child joint with identity local transform that carries `ib`.
  std::int32_t joint_with_inverse_bind(std::int32_t node, const Mat4& ib);
  /// Sets Node::joint: of a node that places meshes, the joint of its nearest ancestor-or-self with
  /// one, taken with that node's plain inverse world matrix so rigid meshes move with it; of any other
  /// node with a joint, its own joint. Nodes under no joint keep -1 (nothing moves them).
  void attach_nodes();

 private:
  Scene& scene_;
  std::vector<Mat4> world_;
  std::vector<std::int32_t> joint_of_;
  std::size_t first_joint_ = 0;  ///< scene joints before ours stay untouched
  std::size_t first_extra_ = 0;  ///< our joints from here on carry a second inverse bind
  std::vector<bool> ib_set_;     ///< per joint of ours
};

}  // namespace aem
