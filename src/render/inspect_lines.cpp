#include "render/inspect_lines.hpp"

#include "aem/skinning.hpp"

namespace aem::render {
namespace {

Vec3 joint_position(const Mat4& m) { return {m.m[12], m.m[13], m.m[14]}; }

}  // namespace

std::vector<LineVertex> vertex_direction_lines(const Scene& scene, const ScenePose& pose,
                                               const std::vector<bool>& visible, VertexDirection direction,
                                               float length) {
  std::vector<LineVertex> out;
  const bool tangents = direction == VertexDirection::tangent;
  const Vec4 colour = tangents ? Vec4{1.0f, 0.3f, 0.25f, 1.0f} : Vec4{0.3f, 0.55f, 1.0f, 1.0f};
  for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
    if (m < visible.size() && !visible[m]) continue;
    const Mesh& source = scene.meshes[m];
    // pose_mesh turns "normals" with the skin's linear part, which is what a tangent needs too.
    Mesh slim;
    slim.positions = pose.morphed_positions(m);
    if (tangents) {
      for (const Vec4& t : source.tangents) slim.normals.push_back({t.x, t.y, t.z});
    } else {
      slim.normals = pose.morphed_normals(m);
    }
    if (slim.normals.size() != slim.positions.size()) continue;
    slim.skin = source.skin;
    slim.rigid_joints = source.rigid_joints;
    std::vector<Vec3> positions, directions;
    pose_mesh(slim, pose.skin(), positions, directions);
    for (std::size_t v = 0; v < positions.size() && v < directions.size(); ++v) {
      out.push_back({positions[v], colour});
      out.push_back({positions[v] + directions[v] * length, colour});
    }
  }
  return out;
}

std::vector<LineVertex> bone_highlight_lines(const Scene& scene, std::span<const Mat4> joint_model,
                                             std::int32_t joint) {
  std::vector<LineVertex> out;
  const std::size_t count = std::min(scene.joints.size(), joint_model.size());
  if (joint < 0 || static_cast<std::size_t>(joint) >= count) return out;
  const Vec4 colour{0.2f, 1.0f, 0.9f, 1.0f};
  const Vec3 at = joint_position(joint_model[joint]);
  // A zero-length segment keeps the joint's dot when it has neither parent nor children.
  out.push_back({at, colour});
  out.push_back({at, colour});
  for (std::size_t j = 0; j < count; ++j) {
    const bool is_parent = static_cast<std::int32_t>(j) == scene.joints[joint].parent;
    const bool is_child = scene.joints[j].parent == joint;
    if (!is_parent && !is_child) continue;
    out.push_back({at, colour});
    out.push_back({joint_position(joint_model[j]), colour});
  }
  return out;
}

}  // namespace aem::render
