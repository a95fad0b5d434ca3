// CPU skinning (see aem/skinning.hpp). Each vertex blends its joints' matrices first and transforms
// once, which costs less than transforming by every joint and blending the results.
#include "aem/skinning.hpp"

namespace aem {
namespace {

Mat4 blend(const Mat4& sum, const Mat4& m, float w) {
  Mat4 out;
  for (int i = 0; i < 16; ++i) out.m[i] = sum.m[i] + m.m[i] * w;
  return out;
}

template <bool kNormals>
void pose(const Mesh& mesh, std::span<const Mat4> skin, std::vector<Vec3>& positions, std::vector<Vec3>* normals) {
  const std::size_t n = mesh.positions.size();
  positions.resize(n);
  const bool has_normals = kNormals && mesh.normals.size() == n;
  if constexpr (kNormals) normals->resize(has_normals ? n : 0);
  auto joint_ok = [&](std::int32_t j) { return j >= 0 && static_cast<std::size_t>(j) < skin.size(); };
  for (std::size_t v = 0; v < n; ++v) {
    Vec3 p = mesh.positions[v];
    Vec3 nr = has_normals ? mesh.normals[v] : Vec3{};
    if (v < mesh.rigid_joints.size() && joint_ok(mesh.rigid_joints[v])) {
      const Mat4& m = skin[mesh.rigid_joints[v]];
      p = transform_point(m, p);
      if (has_normals) nr = transform_vector(m, nr);
    }
    if (v < mesh.skin.size()) {
      Mat4 sum;
      sum.m.fill(0.0f);
      bool any = false;
      for (int k = 0; k < kMaxInfluences; ++k) {
        const std::int32_t j = mesh.skin[v].joints[k];
        const float w = mesh.skin[v].weights[k];
        if (!joint_ok(j) || w == 0.0f) continue;
        any = true;
        sum = blend(sum, skin[j], w);
      }
      if (any) {
        p = transform_point(sum, p);
        if (has_normals) nr = transform_vector(sum, nr);
      }
    }
    positions[v] = p;
    if (has_normals) (*normals)[v] = normalize(nr);
  }
}

}  // namespace

void pose_mesh(const Mesh& mesh, std::span<const Mat4> skin, std::vector<Vec3>& positions, std::vector<Vec3>& normals) {
  pose<true>(mesh, skin, positions, &normals);
}

void pose_positions(const Mesh& mesh, std::span<const Mat4> skin, std::vector<Vec3>& positions) {
  pose<false>(mesh, skin, positions, nullptr);
}

}  // namespace aem
