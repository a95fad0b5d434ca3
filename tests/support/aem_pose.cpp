#include "support/aem_pose.hpp"

#include "aem/animation.hpp"

namespace aem::test {

std::vector<Vec3> aem_posed(const AemView& v, std::int32_t anim, float t) {
  AemAnimator animator(v);
  std::vector<Mat4> skin(v.counts().bones);
  animator.evaluate(anim, t, skin);
  std::vector<Vec3> out;
  for (const auto& vx : v.vertices()) {
    Vec3 p{vx.position[0], vx.position[1], vx.position[2]};
    if (vx.extra_bone >= 0) p = transform_point(skin[vx.extra_bone], p);
    if (vx.bone_indices[0] >= 0) {
      Vec3 s{};
      for (int k = 0; k < 4; ++k)
        if (vx.bone_indices[k] >= 0 && vx.bone_weights[k] != 0)
          s = s + transform_point(skin[vx.bone_indices[k]], p) * vx.bone_weights[k];
      p = s;
    }
    out.push_back(p);
  }
  return out;
}

}  // namespace aem::test
