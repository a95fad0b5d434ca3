// A skeleton made of a node tree, for readers of formats whose bones are nodes (glTF, Assimp).
#pragma once

#include <vector>

#include "aem/scene.hpp"

namespace aem {

/// Makes every node of `scene` the joint of the same index, then hands out joints for skins that bind
/// a node with a different inverse bind matrix than another skin (an extra child joint that moves with it).
class NodeSkeleton {
 public:
  /// Appends one joint per node: name, parent, rest = local, inverse bind = inverse(world[n]).
  NodeSkeleton(Scene& scene, const std::vector<Mat4>& world);
  /// The joint of `node` when its inverse bind is `ib` (or still unclaimed), else a child joint with
  /// identity local transform that carries `ib`.
  std::int32_t joint_with_inverse_bind(std::int32_t node, const Mat4& ib);
  /// Sets Node::joint of every node that places meshes: the joint with the node's plain inverse world
  /// matrix, so rigid meshes move with their node.
  void attach_rigid_meshes();

 private:
  Scene& scene_;
  std::vector<Mat4> world_;
  std::vector<bool> ib_set_;
};

}  // namespace aem
