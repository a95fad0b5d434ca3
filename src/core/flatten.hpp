// Turns node-placed mesh instances into model-space meshes, for formats without a node hierarchy.
#pragma once

#include "aem/scene.hpp"

namespace aem {

/// Returns a copy of `scene` with no nodes: each (node, mesh) instance becomes its own mesh with
/// positions, normals and tangents transformed by the node's world matrix (winding flipped for
/// mirroring transforms). A node driven by a joint makes its unskinned meshes' vertices follow that
/// joint rigidly (Mesh::rigid_joints); skinned meshes follow their own joints. Meshes no node places are dropped. A scene without nodes is
/// returned unchanged.
Scene flatten_nodes(const Scene& scene);
/// flatten_nodes on a scene the caller gives up: each mesh's last instance takes its arrays instead of
/// copying them, so a mesh placed once is never copied.
Scene flatten_nodes(Scene&& scene);

/// `mesh` with positions, normals, tangents, bitangents and frames moved by `world` (winding flipped
/// when it mirrors); a rigid mesh also follows `joint` (-1 = none) as in flatten_nodes. Pass an rvalue
/// to transform the mesh in place of copying it.
Mesh place_mesh(Mesh mesh, const Mat4& world, std::int32_t joint);

}  // namespace aem
