#include "formats/iqm/frame_bounds.hpp"

#include <algorithm>
#include <cmath>

#include "aem/skinning.hpp"

namespace aem::formats::iqm {
namespace {

// Model-space matrices of joints whose parents come first (ExportModel guarantees it).
std::vector<Mat4> world(const std::vector<iqe::ExportJoint>& joints, const std::vector<Transform>& local) {
  std::vector<Mat4> out(joints.size());
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const Mat4 m = compose(j < local.size() ? local[j] : joints[j].base);
    out[j] = joints[j].parent >= 0 ? out[joints[j].parent] * m : m;
  }
  return out;
}

}  // namespace

std::vector<FrameBounds> compute_frame_bounds(const iqe::ExportModel& model) {
  std::vector<Transform> base;
  for (const auto& j : model.joints) base.push_back(j.base);
  std::vector<Mat4> inverse_bind = world(model.joints, base);
  for (auto& m : inverse_bind) m = inverse(m);
  std::vector<FrameBounds> out;
  std::vector<Vec3> posed, normals;
  for (const auto& anim : model.animations)
    for (const auto& frame : anim.frames) {
      std::vector<Mat4> skin = world(model.joints, frame);
      for (std::size_t j = 0; j < skin.size(); ++j) skin[j] = skin[j] * inverse_bind[j];
      FrameBounds b;
      bool first = true;
      for (const Mesh& mesh : model.meshes) {
        pose_mesh(mesh, skin, posed, normals);
        for (const Vec3& p : posed) {
          b.min = first ? p : Vec3{std::min(b.min.x, p.x), std::min(b.min.y, p.y), std::min(b.min.z, p.z)};
          b.max = first ? p : Vec3{std::max(b.max.x, p.x), std::max(b.max.y, p.y), std::max(b.max.z, p.z)};
          b.xy_radius = std::max(b.xy_radius, std::sqrt(p.x * p.x + p.y * p.y));
          b.radius = std::max(b.radius, length(p));
          first = false;
        }
      }
      out.push_back(b);
    }
  return out;
}

}  // namespace aem::formats::iqm
