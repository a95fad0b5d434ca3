// The node tree the E3D writer emits (internal to the writer). In E3D, joints are nodes: skins name
// bone nodes and tracks animate nodes (docs/formats/e3d.md §6, §7), so the scene's node tree and joint tree
// become one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "aem/scene.hpp"

namespace aem::formats::e3d {

/// A node as written: a scene node, a node made for a joint no scene node follows, or the root.
struct WNode {
  std::string name;
  Transform local;
  Node::Kind kind = Node::Kind::Plain;
  std::vector<std::uint32_t> meshes;  ///< scene meshes it places
  std::vector<std::size_t> children;
  std::int32_t id = 0;  ///< E3D node ID, assigned depth-first from 1
};

struct NodePlan {
  std::vector<WNode> nodes;
  std::size_t root = 0;                  ///< the one top-level node E3D allows
  std::vector<std::int32_t> joint_node;  ///< WNode of each scene joint
};

/// One tree holding every scene node and joint: a node driven by a joint (the first one, if several)
/// hangs under its parent joint's node, so that animating the joint moves it; other nodes stay under
/// their scene parent; joints no node follows get a node of their own. Where a node changes parent
/// its transform is recomputed from the rest-pose world matrices; parent cycles are cut. The root is
/// the single top-level node, or an added identity node when there are several or when meshes no
/// node places must sit in model space (they go on the root).
NodePlan plan_nodes(const Scene& s);

}  // namespace aem::formats::e3d
