#include "formats/iqm/frame_bounds.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "core/influences.hpp"
#include "core/parallel.hpp"

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

// A vertex as the bounds loop wants it: position and the 4 strongest influences the file will store.
struct BoundsVertex {
  Vec3 position;
  std::int32_t count = 0;
  std::int32_t joint[4];
  float weight[4];
};

std::vector<BoundsVertex> bounds_vertices(const iqe::ExportModel& model) {
  std::vector<BoundsVertex> out;
  for (const Mesh& mesh : model.meshes)
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
      BoundsVertex b{mesh.positions[v], 0, {}, {}};
      if (v < mesh.skin.size()) {
        const SkinInfluences s = strongest_influences(mesh.skin[v], 4);
        for (int k = 0; k < 4 && s.joints[k] >= 0; ++k)
          if (static_cast<std::size_t>(s.joints[k]) < model.joints.size()) b.joint[b.count] = s.joints[k], b.weight[b.count++] = s.weights[k];
      }
      out.push_back(b);
    }
  return out;
}

// Linear-blend skinning of positions only, with 3x4 matrices: the hot loop of an IQM export.
FrameBounds bounds_of(const iqe::ExportModel& model, const std::vector<BoundsVertex>& vertices, const std::vector<Transform>& frame,
                      const std::vector<Mat4>& inverse_bind) {
  std::vector<Mat4> skin = world(model.joints, frame);
  for (std::size_t j = 0; j < skin.size(); ++j) skin[j] = skin[j] * inverse_bind[j];
  Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
  float xy2 = 0.0f, r2 = 0.0f;
  for (const BoundsVertex& v : vertices) {
    Vec3 p = v.position;
    if (v.count > 0) {
      Vec3 sum{};
      for (int k = 0; k < v.count; ++k) {
        const auto& m = skin[v.joint[k]].m;
        const float w = v.weight[k];
        sum.x += w * (m[0] * p.x + m[4] * p.y + m[8] * p.z + m[12]);
        sum.y += w * (m[1] * p.x + m[5] * p.y + m[9] * p.z + m[13]);
        sum.z += w * (m[2] * p.x + m[6] * p.y + m[10] * p.z + m[14]);
      }
      p = sum;
    }
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    xy2 = std::max(xy2, p.x * p.x + p.y * p.y);
    r2 = std::max(r2, p.x * p.x + p.y * p.y + p.z * p.z);
  }
  if (vertices.empty()) lo = hi = Vec3{};
  return {lo, hi, std::sqrt(xy2), std::sqrt(r2)};
}

}  // namespace

std::vector<FrameBounds> compute_frame_bounds(const iqe::ExportModel& model) {
  std::vector<Transform> base;
  for (const auto& j : model.joints) base.push_back(j.base);
  std::vector<Mat4> inverse_bind = world(model.joints, base);
  for (auto& m : inverse_bind) m = inverse(m);
  std::vector<const std::vector<Transform>*> frames;
  for (const auto& anim : model.animations)
    for (const auto& frame : anim.frames) frames.push_back(&frame);
  std::vector<FrameBounds> out(frames.size());
  const std::vector<BoundsVertex> vertices = bounds_vertices(model);
  // Frames are independent: at least 8 frames a thread, so short animations stay on one.
  const auto threads = static_cast<unsigned>(std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, std::max<std::size_t>(frames.size() / 8, 1)));
  detail::parallel_for(frames.size(), threads,
                       [&](std::size_t f) { out[f] = bounds_of(model, vertices, *frames[f], inverse_bind); });
  return out;
}

}  // namespace aem::formats::iqm
