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
// Frames up to which compute_frame_bounds skins each vertex where it lies rather than grouping the
// vertices by joints first (one batch of 4 lanes): grouping copies every vertex and its influences
// once more, which pays back only over more frames (unv_arm, 8 548 vertices and one frame: grouped
// 2.4 M instructions and 104 more page faults, each vertex where it lies 1.4 M).
constexpr std::size_t kEachVertexFrames = 4;
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

// Linear-blend skinning of one vertex on N joints for the L frames of `joint` (each joint's
// coefficients, L lanes apiece) at once: in(4k + c) is w_k*x, w_k*y, w_k*z, w_k for c = 0..3, spread
// over the lanes and multiplied by the joints' coefficients of all frames. The products and their
// order of addition are those of one vertex posed alone (skin_groups.hpp), so each frame's bounds
// depend neither on L nor on how the vertices are grouped. `U` is V read from any float's address.
template <class V, class U, int N, class In, class Bounds>
[[gnu::always_inline]] inline void pose_vertex(const U* const (&joint)[N], In in, Bounds& bounds) {
  V p[3];
  for (int r = 0; r < 3; ++r)
    p[r] = joint[0][4 * r] * in(0) + joint[0][4 * r + 1] * in(1) + joint[0][4 * r + 2] * in(2) +
           joint[0][4 * r + 3] * in(3);
  for (int k = 1; k < N; ++k)
    for (int r = 0; r < 3; ++r)
      p[r] += joint[k][4 * r] * in(4 * k) + joint[k][4 * r + 1] * in(4 * k + 1) + joint[k][4 * r + 2] * in(4 * k + 2) +
              joint[k][4 * r + 3] * in(4 * k + 3);
  bounds.add(p);
}

// The coefficients of `joints` among the lanes of `m` (frame_lanes).
template <class V, class U, int N>
[[gnu::always_inline]] inline void joint_lanes(const float* m, const std::array<std::uint32_t, 4>& joints,
                                               const U* (&out)[N]) {
  constexpr std::size_t kLanes = sizeof(V) / sizeof(float);
  for (int k = 0; k < N; ++k) out[k] = reinterpret_cast<const U*>(m + 12 * joints[k] * kLanes);
}

// Every vertex of a group on N joints, posed for the L frames of `m` at once.
template <class V, class U, int N>
[[gnu::always_inline]] inline void pose_group(const SkinGroups& skin, const SkinGroup& g, const float* m,
                                              LaneBounds<V>& out) {
  const U* joint[N];
  joint_lanes<V, U, N>(m, g.joints, joint);
  LaneBounds<V> bounds = out;  // a local copy stays in registers: `m` could alias `out`
  const f32x4* in = &skin.data[g.first];
  for (std::size_t q = 0; q < g.quads; ++q, in += 4 * N)
    for (int lane = 0; lane < 4; ++lane)
      pose_vertex<V, U, N>(
          joint, [&](int i) { return in[i][lane]; }, bounds);
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

// LaneBounds that also note whether any posed coordinate was NaN: a NaN, though replaced by the
// next vertex's coordinate, decides the bound when it comes last, so that the order of the vertices
// shows.
struct NanNotingBounds : LaneBounds<f32x4> {
  detail::i32x4 nan{};
  [[gnu::always_inline]] void add(const f32x4 (&p)[3]) {
    LaneBounds<f32x4>::add(p);
    const f32x4 r = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];  // NaN where a coordinate is (add's own r)
    nan |= r != r;
  }
};

// One vertex posed for the 4 frames of `m` (frame_lanes<4>), added to `bounds`.
template <int N>
[[gnu::always_inline]] inline void pose_alone(const VertexSkin& s, const Vec3& p, const float* m,
                                              NanNotingBounds& bounds) {
  const f32x4u* joint[N];
  joint_lanes<f32x4, f32x4u, N>(m, s.joints, joint);
  float in[4 * N];
  for (int k = 0; k < N; ++k)
    in[4 * k] = s.weights[k] * p.x, in[4 * k + 1] = s.weights[k] * p.y, in[4 * k + 2] = s.weights[k] * p.z,
           in[4 * k + 3] = s.weights[k];
  pose_vertex<f32x4, f32x4u, N>(
      joint, [&](int i) { return in[i]; }, bounds);
}

// A bound the order of the vertices can decide without a NaN: a zero (the last of +0 and -0 met
// is kept). The radii are never -0.
bool zero_bound(const FrameBounds& b) {
  for (float x : {b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z})
    if (x == 0.0f) return true;
  return false;
}

// The bounds of every frame (their skin rows), each vertex skinned where it lies instead of grouped
// by joints first, 4 frames per vector operation (all vertices for each 4 frames): every posed
// coordinate is the grouped path's, bit for bit (pose_vertex), and only the order of the vertices
// differs. False when that order could show (a NaN posed, a zero bound): the caller then takes the
// grouped path, whose order the files have had.
bool bound_each_vertex(const iqe::ExportModel& model, const float* rows, std::size_t frames, std::size_t stride,
                       FrameBounds* out) {
  const auto joint_count = static_cast<std::uint32_t>(model.joints.size());
  for (std::size_t first = 0; first < frames; first += 4) {
    const std::size_t count = std::min<std::size_t>(4, frames - first);
    const std::unique_ptr<float[]> m = frame_lanes<4>(rows + first * stride, count, stride);
    NanNotingBounds bounds;
    for (const Mesh& mesh : model.meshes)
      for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
        const VertexSkin s = vertex_skin(mesh, v, joint_count);
        switch (s.count) {
          case 1:
            pose_alone<1>(s, mesh.positions[v], m.get(), bounds);
            break;
          case 2:
            pose_alone<2>(s, mesh.positions[v], m.get(), bounds);
            break;
          case 3:
            pose_alone<3>(s, mesh.positions[v], m.get(), bounds);
            break;
          default:
            pose_alone<4>(s, mesh.positions[v], m.get(), bounds);
        }
      }
    if (detail::any_lane((detail::u32x4)bounds.nan)) return false;
    for (std::size_t f = 0; f < count; ++f) out[first + f] = bounds.frame(static_cast<int>(f));
  }
  return std::none_of(out, out + frames, zero_bound);
}

}  // namespace

std::vector<FrameBounds> compute_frame_bounds(const iqe::ExportModel& model, unsigned threads,
                                              [[maybe_unused]] bool wide_vectors, BoundsPath path) {
  std::vector<Transform> base;
  for (const auto& j : model.joints) base.push_back(j.base);
  std::vector<Mat4> inverse_bind = world(model.joints, base);
  for (auto& m : inverse_bind) m = inverse(m);
  std::vector<const std::vector<Transform>*> frames;
  for (const auto& anim : model.animations)
    for (const auto& frame : anim.frames) frames.push_back(&frame);
  std::vector<FrameBounds> out(frames.size());
  const bool any_vertex =
      std::any_of(model.meshes.begin(), model.meshes.end(), [](const Mesh& mesh) { return !mesh.positions.empty(); });
  if (!any_vertex || frames.empty()) return out;
  const std::size_t stride = (model.joints.size() + 1) * 12;

  if (path == BoundsPath::EachVertex || (path == BoundsPath::Automatic && frames.size() <= kEachVertexFrames)) {
    const std::unique_ptr<float[]> rows(new float[frames.size() * stride]);  // skin_rows sets every float
    for (std::size_t f = 0; f < frames.size(); ++f) skin_rows(model, *frames[f], inverse_bind, &rows[f * stride]);
    if (bound_each_vertex(model, rows.get(), frames.size(), stride, out.data())) return out;
  }

  const SkinGroups skin = group_by_joints(model);
  const std::size_t items = (frames.size() + kFramesPerItem - 1) / kFramesPerItem;
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
