#include "formats/iqm/frame_bounds.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <thread>

#include "core/cpu_features.hpp"
#include "core/parallel.hpp"
#include "formats/iqm/skin_groups.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define AEM_BOUNDS_AVX2 1
#else
#define AEM_BOUNDS_AVX2 0
#endif

namespace aem::formats::iqm {
namespace {

using detail::f32x8;
// The same vectors read from any float's address (unaligned loads).
using f32x4u = float __attribute__((vector_size(16), aligned(4)));
using f32x8u = float __attribute__((vector_size(32), aligned(4)));

// Frames per work item: a multiple of the widest batch of frames posed together (8).
constexpr std::size_t kFramesPerItem = 16;
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

// The skin matrices of L frames, coefficient by coefficient: the L floats from 12 * j + i (times L)
// hold coefficient i (skin_rows' order) of joint j's matrix, lane f for the batch's frame f. Lanes
// past the last frame repeat it (their bounds are dropped).
template <int L>
std::unique_ptr<float[]> frame_lanes(const float* rows, std::size_t frames, std::size_t stride) {
  std::unique_ptr<float[]> out(new float[stride * L]);  // every float is set below: no zero fill first
  for (std::size_t c = 0; c < stride; ++c)
    for (std::size_t f = 0; f < L; ++f) out[c * L + f] = rows[std::min(f, frames - 1) * stride + c];
  return out;
}

// Running bounds of L frames, one per lane. The forms `b < p ? b : p` are single min/max
// instructions updating b in place; a NaN coordinate would make the bound NaN, as in the reference
// compiler (IQE numbers are finite, checked by the reader).
template <class V>
struct LaneBounds {
  V lo[3], hi[3], xy2{}, r2{};

  [[gnu::always_inline]] LaneBounds() {
    for (int i = 0; i < 3; ++i) lo[i] = V{} + INFINITY, hi[i] = V{} - INFINITY;
  }
  [[gnu::always_inline]] void add(const V (&p)[3]) {
    for (int i = 0; i < 3; ++i) lo[i] = lo[i] < p[i] ? lo[i] : p[i], hi[i] = hi[i] > p[i] ? hi[i] : p[i];
    const V xy = p[0] * p[0] + p[1] * p[1], r = xy + p[2] * p[2];
    xy2 = xy2 > xy ? xy2 : xy;
    r2 = r2 > r ? r2 : r;
  }
  FrameBounds frame(int lane) const {
    return {{lo[0][lane], lo[1][lane], lo[2][lane]},
            {hi[0][lane], hi[1][lane], hi[2][lane]},
            std::sqrt(xy2[lane]),
            std::sqrt(r2[lane])};
  }
};

// Linear-blend skinning of every vertex of a group on N joints for the L frames of `m` at once:
// each vertex's (w_k*x, w_k*y, w_k*z, w_k) is spread over the lanes and multiplied by the joints'
// coefficients of all frames. The products and their order of addition are those of one vertex
// posed alone (skin_groups.hpp), so each frame's bounds do not depend on L. `U` is V read from any
// float's address.
template <class V, class U, int N>
[[gnu::always_inline]] inline void pose_group(const SkinGroups& skin, const SkinGroup& g, const float* m,
                                              LaneBounds<V>& out) {
  constexpr std::size_t kLanes = sizeof(V) / sizeof(float);
  const U* joint[N];
  for (int k = 0; k < N; ++k) joint[k] = reinterpret_cast<const U*>(m + 12 * g.joints[k] * kLanes);
  LaneBounds<V> bounds = out;  // a local copy stays in registers: `m` could alias `out`
  const f32x4* in = &skin.data[g.first];
  for (std::size_t q = 0; q < g.quads; ++q, in += 4 * N)
    for (int lane = 0; lane < 4; ++lane) {
      V p[3];
      for (int r = 0; r < 3; ++r)
        p[r] = joint[0][4 * r] * in[0][lane] + joint[0][4 * r + 1] * in[1][lane] + joint[0][4 * r + 2] * in[2][lane] +
               joint[0][4 * r + 3] * in[3][lane];
      for (int k = 1; k < N; ++k)
        for (int r = 0; r < 3; ++r)
          p[r] += joint[k][4 * r] * in[4 * k][lane] + joint[k][4 * r + 1] * in[4 * k + 1][lane] +
                  joint[k][4 * r + 2] * in[4 * k + 2][lane] + joint[k][4 * r + 3] * in[4 * k + 3][lane];
      bounds.add(p);
    }
  out = bounds;
}

template <class V, class U>
[[gnu::always_inline]] inline LaneBounds<V> pose_frames(const SkinGroups& skin, const float* m) {
  LaneBounds<V> bounds;
  for (const SkinGroup& g : skin.groups) switch (g.count) {
      case 1:
        pose_group<V, U, 1>(skin, g, m, bounds);
        break;
      case 2:
        pose_group<V, U, 2>(skin, g, m, bounds);
        break;
      case 3:
        pose_group<V, U, 3>(skin, g, m, bounds);
        break;
      default:
        pose_group<V, U, 4>(skin, g, m, bounds);
    }
  return bounds;
}

// Bounds of `frames` (1..L) frames from their skin rows, written to `out`.
template <class V, class U, int L>
[[gnu::always_inline]] inline void bound_frames(const SkinGroups& skin, const float* rows, std::size_t frames,
                                                std::size_t stride, FrameBounds* out) {
  const std::unique_ptr<float[]> m = frame_lanes<L>(rows, frames, stride);
  const LaneBounds<V> bounds = pose_frames<V, U>(skin, m.get());
  for (std::size_t f = 0; f < frames; ++f) out[f] = bounds.frame(static_cast<int>(f));
}

void bound_frames_portable(const SkinGroups& skin, const float* rows, std::size_t frames, std::size_t stride,
                           FrameBounds* out) {
  for (std::size_t f = 0; f < frames; f += 4)
    bound_frames<f32x4, f32x4u, 4>(skin, rows + f * stride, std::min<std::size_t>(4, frames - f), stride, out + f);
}

#if AEM_BOUNDS_AVX2
// 8 frames per vector where the CPU has AVX2. The target leaves FMA out, so no multiply and add are
// fused and every posed coordinate is bit for bit the portable one.
[[gnu::target("avx2")]] void bound_frames_avx2(const SkinGroups& skin, const float* rows, std::size_t frames,
                                               std::size_t stride, FrameBounds* out) {
  for (std::size_t f = 0; f < frames; f += 8)
    bound_frames<f32x8, f32x8u, 8>(skin, rows + f * stride, std::min<std::size_t>(8, frames - f), stride, out + f);
}
#endif

}  // namespace

std::vector<FrameBounds> compute_frame_bounds(const iqe::ExportModel& model, unsigned threads,
                                              [[maybe_unused]] bool wide_vectors) {
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
  auto bound = bound_frames_portable;
#if AEM_BOUNDS_AVX2
  if (wide_vectors && detail::cpu_features().avx2) bound = bound_frames_avx2;
#endif
  detail::parallel_for(items, used, [&](std::size_t item) {
    const std::size_t first = item * kFramesPerItem, count = std::min(kFramesPerItem, frames.size() - first);
    const std::unique_ptr<float[]> rows(new float[count * stride]);  // skin_rows sets every float
    for (std::size_t f = 0; f < count; ++f) skin_rows(model, *frames[first + f], inverse_bind, &rows[f * stride]);
    bound(skin, rows.get(), count, stride, &out[first]);
  });
  return out;
}

}  // namespace aem::formats::iqm
