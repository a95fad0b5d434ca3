#include "formats/iqm/frame_bounds.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "core/parallel.hpp"
#include "formats/iqm/skin_groups.hpp"

namespace aem::formats::iqm {
namespace {

// Frames per work item: their skin matrices stay in cache while every vertex block is posed for each.
constexpr std::size_t kFramesPerItem = 16;
// Vectors of vertex data per block (32 KB): a block is read from memory once per work item.
constexpr std::size_t kBlockVectors = 2048;
// Vertex poses each thread must have before another starts: a thread costs about 1.5 ms of CPU time
// (its start, its malloc arena, cold caches), which 2.7 M poses (a real 4 MB IQE, 4.4 ms on one
// thread) did not repay: the conversion took 25.1 ms of CPU time with two threads, 23.4 ms with one.
constexpr std::size_t kPosesPerThread = std::size_t{8} << 20;

// Model-space matrices of joints whose parents come first (ExportModel guarantees it).
std::vector<Mat4> world(const std::vector<iqe::ExportJoint>& joints, const std::vector<Transform>& local) {
  std::vector<Mat4> out(joints.size());
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const Mat4 m = compose(j < local.size() ? local[j] : joints[j].base);
    out[j] = joints[j].parent >= 0 ? out[joints[j].parent] * m : m;
  }
  return out;
}

// The three rows of each joint's skin matrix (12 floats), then the identity for vertices without
// influences (skin_groups.hpp).
void skin_rows(const iqe::ExportModel& model, const std::vector<Transform>& frame,
               const std::vector<Mat4>& inverse_bind, float* rows) {
  std::vector<Mat4> skin = world(model.joints, frame);
  skin.emplace_back();
  for (std::size_t j = 0; j < skin.size(); ++j) {
    if (j < inverse_bind.size()) skin[j] = skin[j] * inverse_bind[j];
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 4; ++c) rows[j * 12 + r * 4 + c] = skin[j].m[c * 4 + r];
  }
}

// Running bounds of one frame, lane by lane. The forms `b < p ? b : p` are single min/max
// instructions updating b in place; a NaN coordinate would make the bound NaN, as in the reference
// compiler (IQE numbers are finite, checked by the reader).
struct Bounds4 {
  f32x4 lo[3], hi[3], xy2, r2;

  Bounds4() {
    for (int i = 0; i < 3; ++i) lo[i] = f32x4{} + INFINITY, hi[i] = f32x4{} - INFINITY;
    xy2 = r2 = f32x4{};
  }
  void add(const f32x4 (&p)[3]) {
    for (int i = 0; i < 3; ++i) lo[i] = lo[i] < p[i] ? lo[i] : p[i], hi[i] = hi[i] > p[i] ? hi[i] : p[i];
    const f32x4 xy = p[0] * p[0] + p[1] * p[1], r = xy + p[2] * p[2];
    xy2 = xy2 > xy ? xy2 : xy;
    r2 = r2 > r ? r2 : r;
  }
  FrameBounds reduce() const {
    float xy = xy2[0], r = r2[0];
    float l[3] = {lo[0][0], lo[1][0], lo[2][0]}, h[3] = {hi[0][0], hi[1][0], hi[2][0]};
    for (int lane = 1; lane < 4; ++lane) {
      for (int i = 0; i < 3; ++i) l[i] = std::min(l[i], lo[i][lane]), h[i] = std::max(h[i], hi[i][lane]);
      xy = std::max(xy, xy2[lane]), r = std::max(r, r2[lane]);
    }
    return {{l[0], l[1], l[2]}, {h[0], h[1], h[2]}, std::sqrt(xy), std::sqrt(r)};
  }
};

// Linear-blend skinning of `quads` quads on the same N joints (`m`: their skin matrix rows, each
// coefficient in all 4 lanes), added to `out`: 4 vertices per vector operation.
template <int N>
void pose_quads(const f32x4* in, std::size_t quads, const f32x4 (*m)[12], Bounds4& out) {
  Bounds4 bounds = out;  // a local copy stays in registers: `in` could alias `out`
  for (std::size_t q = 0; q < quads; ++q, in += 4 * N) {
    f32x4 p[3];
    for (int r = 0; r < 3; ++r)
      p[r] = in[0] * m[0][4 * r] + in[1] * m[0][4 * r + 1] + in[2] * m[0][4 * r + 2] + in[3] * m[0][4 * r + 3];
    for (int k = 1; k < N; ++k)
      for (int r = 0; r < 3; ++r)
        p[r] += in[4 * k] * m[k][4 * r] + in[4 * k + 1] * m[k][4 * r + 1] + in[4 * k + 2] * m[k][4 * r + 2] +
                in[4 * k + 3] * m[k][4 * r + 3];
    bounds.add(p);
  }
  out = bounds;
}

void pose_quads(int count, const f32x4* in, std::size_t quads, const f32x4 (*m)[12], Bounds4& bounds) {
  switch (count) {
    case 1:
      return pose_quads<1>(in, quads, m, bounds);
    case 2:
      return pose_quads<2>(in, quads, m, bounds);
    case 3:
      return pose_quads<3>(in, quads, m, bounds);
    default:
      return pose_quads<4>(in, quads, m, bounds);
  }
}

}  // namespace

std::vector<FrameBounds> compute_frame_bounds(const iqe::ExportModel& model, unsigned threads) {
  std::vector<Transform> base;
  for (const auto& j : model.joints) base.push_back(j.base);
  std::vector<Mat4> inverse_bind = world(model.joints, base);
  for (auto& m : inverse_bind) m = inverse(m);
  std::vector<const std::vector<Transform>*> frames;
  for (const auto& anim : model.animations)
    for (const auto& frame : anim.frames) frames.push_back(&frame);
  std::vector<FrameBounds> out(frames.size());
  const SkinGroups skin = group_by_joints(model);
  if (skin.groups.empty()) return out;

  const std::size_t items = (frames.size() + kFramesPerItem - 1) / kFramesPerItem,
                    stride = (model.joints.size() + 1) * 12;
  const std::size_t poses = skin.data.size() * frames.size();
  const unsigned allowed = threads ? threads : std::thread::hardware_concurrency();
  const std::size_t worth = std::max<std::size_t>(poses / kPosesPerThread, 1);
  const auto used = static_cast<unsigned>(std::clamp<std::size_t>(allowed, 1, worth));
  detail::parallel_for(items, used, [&](std::size_t item) {
    const std::size_t first = item * kFramesPerItem, count = std::min(kFramesPerItem, frames.size() - first);
    std::vector<float> rows(count * stride);
    for (std::size_t f = 0; f < count; ++f) skin_rows(model, *frames[first + f], inverse_bind, &rows[f * stride]);
    std::vector<Bounds4> bounds(count);
    for (const SkinGroup& g : skin.groups) {
      const std::size_t per_quad = 4 * static_cast<std::size_t>(g.count),
                        block = std::max<std::size_t>(kBlockVectors / per_quad, 1);
      for (std::size_t q = 0; q < g.quads; q += block)
        for (std::size_t f = 0; f < count; ++f) {
          f32x4 m[4][12];
          for (int k = 0; k < g.count; ++k)
            for (int i = 0; i < 12; ++i) m[k][i] = f32x4{} + rows[f * stride + g.joints[k] * 12 + i];
          pose_quads(g.count, &skin.data[g.first + q * per_quad], std::min(block, g.quads - q), m, bounds[f]);
        }
    }
    for (std::size_t f = 0; f < count; ++f) out[first + f] = bounds[f].reduce();
  });
  return out;
}

}  // namespace aem::formats::iqm
