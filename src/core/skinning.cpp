// CPU skinning (see aem/skinning.hpp).
#include "aem/skinning.hpp"

namespace aem {

void pose_mesh(const Mesh& mesh, std::span<const Mat4> skin, std::vector<Vec3>& positions, std::vector<Vec3>& normals) {
  const std::size_t n = mesh.positions.size();
  positions.resize(n);
  normals.resize(mesh.normals.size() == n ? n : 0);
  auto joint_ok = [&](std::int32_t j) { return j >= 0 && static_cast<std::size_t>(j) < skin.size(); };
  for (std::size_t v = 0; v < n; ++v) {
    Vec3 p = mesh.positions[v];
    Vec3 nr = normals.empty() ? Vec3{} : mesh.normals[v];
    if (v < mesh.rigid_joints.size() && joint_ok(mesh.rigid_joints[v])) {
      const Mat4& m = skin[mesh.rigid_joints[v]];
      p = transform_point(m, p);
      nr = transform_vector(m, nr);
    }
    if (v < mesh.skin.size()) {
      Vec3 sp{}, sn{};
      bool any = false;
      for (int k = 0; k < kMaxInfluences; ++k) {
        const std::int32_t j = mesh.skin[v].joints[k];
        const float w = mesh.skin[v].weights[k];
        if (!joint_ok(j) || w == 0.0f) continue;
        any = true;
        sp = sp + transform_point(skin[j], p) * w;
        sn = sn + transform_vector(skin[j], nr) * w;
      }
      if (any) {
        p = sp;
        nr = sn;
      }
    }
    positions[v] = p;
    if (!normals.empty()) normals[v] = normalize(nr);
  }
}

}  // namespace aem
