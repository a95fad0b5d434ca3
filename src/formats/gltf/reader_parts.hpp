// The steps of the glTF reader, in the order reader.cpp runs them. Each reads one top-level array
// into the scene and checks what it refers to.
#pragma once

#include <vector>

#include "formats/gltf/reader_context.hpp"

namespace aem::formats::gltf {

/// What the node step leaves for later steps, indexed by glTF node.
struct NodeLinks {
  std::vector<std::int32_t> mesh;           ///< glTF mesh index or -1
  std::vector<std::int32_t> skin;           ///< glTF skin index or -1
  std::vector<std::vector<float>> weights;  ///< node.weights (morph weight override), may be empty
};

/// Per material: the UV transform (KHR_texture_transform) of its base colour texture, baked into UVs.
struct UvTransform {
  bool present = false;
  int set = 0;  ///< TEXCOORD_n it applies to
  float offset[2] = {0, 0}, rotation = 0, scale[2] = {1, 1};
};

/// Fails with GLTF_UNSUPPORTED_EXTENSION for an extensionsRequired entry this reader does not handle.
void check_extensions(Context& ctx);
/// Scene::cameras (glTF cameras, same indices) and Scene::lights (KHR_lights_punctual, same indices).
void read_cameras_and_lights(Context& ctx, Scene& scene);
/// Scene nodes, one per glTF node (same index): names, parents (from children, cycles and second
/// parents refused), TRS or matrix, camera/light kind and index (after read_cameras_and_lights). Nodes outside the default scene place nothing.
NodeLinks read_nodes(Context& ctx, Scene& scene);
/// Materials and the textures they use (images from views, data URIs or side files, sampler wraps);
/// specular-glossiness materials turned into metallic-roughness (docs/formats/gltf.md §2).
std::vector<UvTransform> read_materials(Context& ctx, Scene& scene);
/// One scene mesh per triangle primitive; `first[m]`..`first[m + 1]` are glTF mesh m's scene meshes.
/// Mesh::skin holds skin-local joint indices until apply_skins maps them; Mesh::targets and
/// target_weights hold the primitive's morph targets and the mesh's weights.
void read_meshes(Context& ctx, Scene& scene, std::vector<std::uint32_t>& first);
/// A node's `weights` replace the default weights of the scene meshes it shows (the first such node's,
/// for a mesh several nodes show); a list whose length is not the mesh's target count is warned about
/// and left out.
void apply_node_weights(Context& ctx, Scene& scene, const NodeLinks& links, const std::vector<std::uint32_t>& first);
/// Joints of the nodes skins list or animations move (and their transformed ancestors), in node order;
/// skin joint indices mapped to them. Returns the joint of each node, or -1.
std::vector<std::int32_t> build_skeleton(Context& ctx, Scene& scene, const NodeLinks& links,
                                         const std::vector<std::uint32_t>& first);
/// Node animations (channels on the joints of `joint_of_node`) and morph weight animations (weight
/// tracks of every scene mesh of the animated glTF mesh). When the read bakes targets, the budget is
/// spent on the frames of the first animation with weights, and later ones are warned about (their
/// weights dropped, GLTF_MORPH_ANIMATION_DROPPED).
void read_animations(Context& ctx, Scene& scene, const NodeLinks& links, const std::vector<std::int32_t>& joint_of_node,
                     const std::vector<std::uint32_t>& first);
/// Nodes aem's writer marked in their extras taken out of the node tree: tag points into Scene::tags,
/// coarser levels of detail joined onto their parent node's meshes (docs/formats/gltf.md §4).
void take_marked_nodes(Context& ctx, Scene& scene);
/// Each material's UV transform applied to the UVs of the meshes that use it.
void bake_uv_transforms(Context& ctx, Scene& scene, const std::vector<UvTransform>& transforms);

}  // namespace aem::formats::gltf
