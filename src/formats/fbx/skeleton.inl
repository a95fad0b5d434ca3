// Part of the FBX reader's one translation unit (reader.cpp): which nodes become joints, and the joint
// each skin cluster binds.

namespace aem::formats::fbx {
namespace {

/// The first node that places `mesh` (instances share one skin binding), or null.
const ufbx_node* first_instance(const ufbx_mesh& mesh) {
  return mesh.instances.count > 0 ? mesh.instances.data[0] : nullptr;
}

/// The joint each skin cluster binds (joints for skin bones, skeleton nodes - FBX "LimbNode"s, kept even
/// without a mesh so that a skeleton-only file keeps its bones - and animated nodes: joint_nodes).
/// Returns, per skin deformer (typed_id), the joint of each of its clusters (-1: no bone).
std::vector<std::vector<std::int32_t>> read_skeleton(Build& b, NodeSkeleton& skeleton, const std::vector<Mat4>& world) {
  const ufbx_scene& fbx = b.fbx;
  std::vector<std::vector<std::int32_t>> cluster_joints(fbx.skin_deformers.count);
  for (std::size_t m = 0; m < fbx.meshes.count; ++m) {
    const ufbx_mesh& mesh = *fbx.meshes.data[m];
    const ufbx_node* instance = first_instance(mesh);
    if (!instance || mesh.skin_deformers.count == 0) continue;
    if (mesh.skin_deformers.count > 1)
      b.warn("FBX_SKINS_DROPPED", to_string(instance->name),
             "the mesh has " + std::to_string(mesh.skin_deformers.count) + " skins; only the first is kept");
    const ufbx_skin_deformer& skin = *mesh.skin_deformers.data[0];
    if (skin.skinning_method == UFBX_SKINNING_METHOD_DUAL_QUATERNION ||
        skin.skinning_method == UFBX_SKINNING_METHOD_BLENDED_DQ_LINEAR)
      b.warn("FBX_DUAL_QUATERNION_SKIN", to_string(instance->name),
             "dual-quaternion skinning is played as linear blend skinning");
    std::vector<std::int32_t>& joints = cluster_joints[skin.typed_id];
    if (!joints.empty()) continue;  // another mesh shares this skin and bound it already
    // Vertices are stored in the mesh node's space and placed by its rest world matrix; the cluster's
    // geometry_to_bone takes them from that space to the bone's at bind time.
    const Mat4 mesh_to_model_inverse = inverse(world[b.node_of[instance->typed_id]]);
    joints.assign(skin.clusters.count, -1);
    for (std::size_t c = 0; c < skin.clusters.count; ++c) {
      const ufbx_skin_cluster& cluster = *skin.clusters.data[c];
      if (!cluster.bone_node || b.node_of[cluster.bone_node->typed_id] < 0) continue;
      joints[c] = skeleton.joint_with_inverse_bind(b.node_of[cluster.bone_node->typed_id],
                                                   to_mat4(cluster.geometry_to_bone) * mesh_to_model_inverse);
    }
  }
  return cluster_joints;
}

/// Scene nodes that need a joint: skin bones, skeleton nodes and the nodes some take moves (ufbx's
/// scale helpers among them, which carry a parent's animated scale when inherit modes are compensated).
std::vector<bool> joint_nodes(const Build& b, const std::vector<BakedTake>& takes) {
  const ufbx_scene& fbx = b.fbx;
  std::vector<bool> wanted(b.scene.nodes.size(), false);
  for (std::size_t i = 0; i < fbx.nodes.count; ++i) {
    const ufbx_node& n = *fbx.nodes.data[i];
    const std::int32_t node = b.node_of[n.typed_id];
    if (node >= 0 && n.bone) wanted[node] = true;
  }
  for (const BakedTake& take : takes)
    for (std::size_t i = 0; i < take.baked->nodes.count; ++i)
      if (const std::uint32_t id = take.baked->nodes.data[i].typed_id; id < b.node_of.size() && b.node_of[id] >= 0)
        wanted[b.node_of[id]] = true;
  for (std::size_t s = 0; s < fbx.skin_deformers.count; ++s) {
    const ufbx_skin_deformer& skin = *fbx.skin_deformers.data[s];
    for (std::size_t c = 0; c < skin.clusters.count; ++c)
      if (const ufbx_node* bone = skin.clusters.data[c]->bone_node; bone && b.node_of[bone->typed_id] >= 0)
        wanted[b.node_of[bone->typed_id]] = true;
  }
  return wanted;
}

}  // namespace
}  // namespace aem::formats::fbx
