#include "formats/iqm/frame_bounds.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <thread>

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

FrameBounds bounds_of(const iqe::ExportModel& model, const std::vector<Transform>& frame, const std::vector<Mat4>& inverse_bind,
                      std::vector<Vec3>& posed) {
  std::vector<Mat4> skin = world(model.joints, frame);
  for (std::size_t j = 0; j < skin.size(); ++j) skin[j] = skin[j] * inverse_bind[j];
  FrameBounds b;
  bool first = true;
  for (const Mesh& mesh : model.meshes) {
    pose_positions(mesh, skin, posed);
    for (const Vec3& p : posed) {
      b.min = first ? p : Vec3{std::min(b.min.x, p.x), std::min(b.min.y, p.y), std::min(b.min.z, p.z)};
      b.max = first ? p : Vec3{std::max(b.max.x, p.x), std::max(b.max.y, p.y), std::max(b.max.z, p.z)};
      b.xy_radius = std::max(b.xy_radius, std::sqrt(p.x * p.x + p.y * p.y));
      b.radius = std::max(b.radius, length(p));
      first = false;
    }
  }
  return b;
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
  // Frames are independent: split them over the hardware threads (each with its own scratch).
  const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, std::max<std::size_t>(frames.size() / 8, 1));
  std::vector<std::exception_ptr> errors(threads);
  auto run = [&](std::size_t part) {
    try {
      std::vector<Vec3> posed;
      for (std::size_t f = part; f < frames.size(); f += threads) out[f] = bounds_of(model, *frames[f], inverse_bind, posed);
    } catch (...) {
      errors[part] = std::current_exception();
    }
  };
  std::vector<std::thread> workers;
  for (std::size_t t = 1; t < threads; ++t) workers.emplace_back(run, t);
  run(0);
  for (auto& w : workers) w.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
  return out;
}

}  // namespace aem::formats::iqm
