// IQM per-frame bounds (vertices grouped by joints, several frames posed at a time) against a straightforward
// float64 computation: every vertex skinned one by one for every frame, matrices built in double.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <random>

#include "core/influences.hpp"
#include "formats/iqm/frame_bounds.hpp"

namespace aem {
namespace {

using D4 = std::array<std::array<double, 4>, 4>;  // [row][col]

D4 matrix(const Transform& t) {
  const double x = t.rotation.x, y = t.rotation.y, z = t.rotation.z, w = t.rotation.w;
  const double n = std::sqrt(x * x + y * y + z * z + w * w), s[3] = {t.scale.x, t.scale.y, t.scale.z};
  const double qx = x / n, qy = y / n, qz = z / n, qw = w / n;
  const double r[3][3] = {{1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qw * qz), 2 * (qx * qz + qw * qy)},
                          {2 * (qx * qy + qw * qz), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qw * qx)},
                          {2 * (qx * qz - qw * qy), 2 * (qy * qz + qw * qx), 1 - 2 * (qx * qx + qy * qy)}};
  D4 m{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) m[i][j] = r[i][j] * s[j];
  m[0][3] = t.translation.x, m[1][3] = t.translation.y, m[2][3] = t.translation.z, m[3][3] = 1;
  return m;
}

D4 multiply(const D4& a, const D4& b) {
  D4 m{};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 4; ++k) m[i][j] += a[i][k] * b[k][j];
  return m;
}

// Gauss-Jordan with partial pivoting (the matrices here are well conditioned).
D4 invert(D4 a) {
  D4 inv{};
  for (int i = 0; i < 4; ++i) inv[i][i] = 1;
  for (int c = 0; c < 4; ++c) {
    int pivot = c;
    for (int r = c + 1; r < 4; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) pivot = r;
    std::swap(a[c], a[pivot]), std::swap(inv[c], inv[pivot]);
    const double d = a[c][c];
    for (int j = 0; j < 4; ++j) a[c][j] /= d, inv[c][j] /= d;
    for (int r = 0; r < 4; ++r)
      if (r != c) {
        const double f = a[r][c];
        for (int j = 0; j < 4; ++j) a[r][j] -= f * a[c][j], inv[r][j] -= f * inv[c][j];
      }
  }
  return inv;
}

std::vector<D4> world(const std::vector<formats::iqe::ExportJoint>& joints, const std::vector<Transform>& local) {
  std::vector<D4> out;
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const D4 m = matrix(local[j]);
    out.push_back(joints[j].parent >= 0 ? multiply(out[static_cast<std::size_t>(joints[j].parent)], m) : m);
  }
  return out;
}

std::vector<formats::iqm::FrameBounds> reference_bounds(const formats::iqe::ExportModel& model) {
  std::vector<Transform> base;
  for (const auto& j : model.joints) base.push_back(j.base);
  std::vector<D4> inverse_bind = world(model.joints, base);
  for (auto& m : inverse_bind) m = invert(m);
  std::vector<formats::iqm::FrameBounds> out;
  for (const auto& anim : model.animations)
    for (const auto& frame : anim.frames) {
      std::vector<D4> skin = world(model.joints, frame);
      for (std::size_t j = 0; j < skin.size(); ++j) skin[j] = multiply(skin[j], inverse_bind[j]);
      double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY}, xy2 = 0, r2 = 0;
      for (const Mesh& mesh : model.meshes)
        for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
          const double p[4] = {mesh.positions[v].x, mesh.positions[v].y, mesh.positions[v].z, 1};
          double q[3] = {p[0], p[1], p[2]};
          const SkinInfluences s = v < mesh.skin.size() ? strongest_influences(mesh.skin[v], 4) : SkinInfluences{};
          if (s.joints[0] >= 0) {
            q[0] = q[1] = q[2] = 0;
            for (int k = 0; k < 4 && s.joints[k] >= 0; ++k)
              for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 4; ++c)
                  q[r] += s.weights[k] * skin[static_cast<std::size_t>(s.joints[k])][r][c] * p[c];
          }
          for (int r = 0; r < 3; ++r) lo[r] = std::min(lo[r], q[r]), hi[r] = std::max(hi[r], q[r]);
          xy2 = std::max(xy2, q[0] * q[0] + q[1] * q[1]);
          r2 = std::max(r2, q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
        }
      auto f = [](double d) { return static_cast<float>(d); };
      out.push_back(
          {{f(lo[0]), f(lo[1]), f(lo[2])}, {f(hi[0]), f(hi[1]), f(hi[2])}, f(std::sqrt(xy2)), f(std::sqrt(r2))});
    }
  return out;
}

// A random pose; without `turn`, a translation only (every posed point then stays near its bind
// position).
Transform random_pose(std::mt19937& rng, float reach, bool turn) {
  std::uniform_real_distribution<float> u(-1, 1), s(0.5f, 1.5f);
  Transform t;
  t.translation = {u(rng) * reach, u(rng) * reach, u(rng) * reach};
  if (!turn) return t;
  const Vec4 q{u(rng), u(rng), u(rng), u(rng)};
  const float n = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  t.rotation = {q.x / n, q.y / n, q.z / n, -std::fabs(q.w / n)};
  t.scale = {s(rng), s(rng), s(rng)};
  return t;
}

// A 7-joint tree, two skinned meshes and one without skin; vertices with 0 to 6 influences (some of
// weight 0, some on the same joint twice), so that every influence count 1..4 forms groups of
// sizes that are not multiples of 4, one group spanning several blocks; 40 frames (not a multiple
// of the 16 frames a work item takes) over two animations. `far`: the vertices in a box away from
// the origin and joints that only translate, so that the bounds leave the origin out.
formats::iqe::ExportModel random_model(std::mt19937& rng, bool far = false) {
  formats::iqe::ExportModel model;
  const std::int32_t parents[] = {-1, 0, 1, 2, 0, 4, 1};
  for (std::int32_t parent : parents) model.joints.push_back({"j", parent, random_pose(rng, 2.0f, !far)});
  std::uniform_real_distribution<float> u(-3, 3), weight(0, 1);
  std::uniform_int_distribution<int> joint(0, 6), influences(0, 6);
  for (int m = 0; m < 3; ++m) {
    Mesh mesh;
    const int vertices = m == 0 ? 9001 : 333;
    for (int v = 0; v < vertices; ++v) {
      const float shift = far ? 10.0f : 0.0f;
      mesh.positions.push_back({u(rng) + shift, u(rng) + shift, u(rng) + shift});
      if (m == 2) continue;  // no skin: the vertices stay where they are
      SkinInfluences s;
      // Mesh 0: most vertices rigidly on joint 3, a group larger than one block.
      const int count = m == 0 && v % 3 ? 1 : influences(rng);
      for (int k = 0; k < count; ++k)
        s.joints[k] = m == 0 && v % 3 ? 3 : joint(rng), s.weights[k] = k == 2 ? 0.0f : weight(rng);
      mesh.skin.push_back(s);
    }
    model.meshes.push_back(std::move(mesh));
  }
  for (int a = 0; a < 2; ++a) {
    formats::iqe::ExportAnimation anim;
    for (int f = 0; f < (a ? 23 : 17); ++f) {
      anim.frames.emplace_back();
      for (std::size_t j = 0; j < model.joints.size(); ++j)
        anim.frames.back().push_back(random_pose(rng, far ? 0.5f : 2.0f, !far));
    }
    model.animations.push_back(std::move(anim));
  }
  return model;
}

TEST(IqmFrameBounds, MatchFloat64SkinningOfEveryVertex) {
  std::mt19937 rng(5);
  for (int round = 0; round < 4; ++round) {
    const formats::iqe::ExportModel model = random_model(rng, round % 2 == 1);
    const auto fast = formats::iqm::compute_frame_bounds(model, 0), slow = reference_bounds(model);
    ASSERT_EQ(fast.size(), slow.size());
    ASSERT_EQ(fast.size(), 40u);
    for (std::size_t f = 0; f < fast.size(); ++f) {
      const float got[] = {fast[f].min.x, fast[f].min.y, fast[f].min.z,     fast[f].max.x,
                           fast[f].max.y, fast[f].max.z, fast[f].xy_radius, fast[f].radius};
      const float want[] = {slow[f].min.x, slow[f].min.y, slow[f].min.z,     slow[f].max.x,
                            slow[f].max.y, slow[f].max.z, slow[f].xy_radius, slow[f].radius};
      // float32 throughout (24-bit mantissa, 6e-8): the 4-deep joint chain and the skinning sums add
      // at most ~100 roundings of the largest term, under 1e-5 of the frame's extent; 2e-5 leaves a
      // margin, while a skipped vertex, a wrong joint or weight moves a bound by far more.
      const float tolerance = 2e-5f * (1.0f + slow[f].radius);
      for (int i = 0; i < 8; ++i)
        EXPECT_NEAR(got[i], want[i], tolerance) << "round " << round << ", frame " << f << ", value " << i;
    }
  }
}

// Frames are posed several at a time (a batch's spare lanes repeat its last frame): 21 frames leave
// partial batches, and each frame's bounds must be exactly those of the frame posed alone.
TEST(IqmFrameBounds, AFramesBoundsDoNotDependOnTheFramesBesideIt) {
  std::mt19937 rng(9);
  formats::iqe::ExportModel model = random_model(rng);
  model.animations[1].frames.resize(4);
  const auto together = formats::iqm::compute_frame_bounds(model, 1);
  ASSERT_EQ(together.size(), 21u);
  formats::iqe::ExportModel single = model;
  single.animations.resize(1);
  std::size_t f = 0;
  for (const auto& anim : model.animations)
    for (const auto& frame : anim.frames) {
      single.animations[0].frames = {frame};
      const auto alone = formats::iqm::compute_frame_bounds(single, 1);
      ASSERT_EQ(alone.size(), 1u);
      EXPECT_EQ(together[f].min, alone[0].min) << "frame " << f;
      EXPECT_EQ(together[f].max, alone[0].max) << "frame " << f;
      EXPECT_EQ(together[f].xy_radius, alone[0].xy_radius) << "frame " << f;
      EXPECT_EQ(together[f].radius, alone[0].radius) << "frame " << f;
      ++f;
    }
}

// The 8-frame AVX2 loop against the 4-frame one: the same products summed in the same order, with no
// fused multiply-add, so every value agrees bit for bit (which keeps the IQM files the same on every
// CPU). Where the CPU lacks AVX2 both calls take the 4-frame loop.
TEST(IqmFrameBounds, WideAndNarrowVectorsAgreeBitForBit) {
  std::mt19937 rng(13);
  for (int round = 0; round < 2; ++round) {
    const formats::iqe::ExportModel model = random_model(rng, round == 1);
    const auto wide = formats::iqm::compute_frame_bounds(model, 1, true),
               narrow = formats::iqm::compute_frame_bounds(model, 1, false);
    ASSERT_EQ(wide.size(), narrow.size());
    for (std::size_t f = 0; f < wide.size(); ++f) {
      const float a[] = {wide[f].min.x, wide[f].min.y, wide[f].min.z,     wide[f].max.x,
                         wide[f].max.y, wide[f].max.z, wide[f].xy_radius, wide[f].radius};
      const float b[] = {narrow[f].min.x, narrow[f].min.y, narrow[f].min.z,     narrow[f].max.x,
                         narrow[f].max.y, narrow[f].max.z, narrow[f].xy_radius, narrow[f].radius};
      for (int i = 0; i < 8; ++i)
        EXPECT_EQ(std::bit_cast<std::uint32_t>(a[i]), std::bit_cast<std::uint32_t>(b[i]))
            << "round " << round << ", frame " << f << ", value " << i;
    }
  }
}

std::array<std::uint32_t, 8> bits(const formats::iqm::FrameBounds& b) {
  const float v[] = {b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z, b.xy_radius, b.radius};
  std::array<std::uint32_t, 8> out;
  for (int i = 0; i < 8; ++i) out[i] = std::bit_cast<std::uint32_t>(v[i]);
  return out;
}

// Each vertex skinned where it lies (what a conversion with a few frames takes) against the vertices
// grouped by joints: the same bits with 1, 2 and 40 frames, both near the float64 reference.
TEST(IqmFrameBounds, EachVertexAndGroupedAgreeBitForBitWithOneTwoAndManyFrames) {
  std::mt19937 rng(21);
  for (const std::size_t frames : {1u, 2u, 40u})
    for (int round = 0; round < 2; ++round) {
      formats::iqe::ExportModel model = random_model(rng, round == 1);
      if (frames < 40) {
        model.animations.resize(1);
        model.animations[0].frames.resize(frames);
      }
      const auto each = formats::iqm::compute_frame_bounds(model, 1, true, formats::iqm::BoundsPath::EachVertex),
                 grouped = formats::iqm::compute_frame_bounds(model, 1, true, formats::iqm::BoundsPath::Grouped),
                 automatic = formats::iqm::compute_frame_bounds(model, 0), slow = reference_bounds(model);
      ASSERT_EQ(each.size(), frames);
      ASSERT_EQ(grouped.size(), frames);
      ASSERT_EQ(automatic.size(), frames);
      for (std::size_t f = 0; f < frames; ++f) {
        EXPECT_EQ(bits(each[f]), bits(grouped[f])) << frames << " frames, round " << round << ", frame " << f;
        EXPECT_EQ(bits(automatic[f]), bits(grouped[f])) << frames << " frames, round " << round << ", frame " << f;
        // The tolerance of MatchFloat64SkinningOfEveryVertex.
        const float tolerance = 2e-5f * (1.0f + slow[f].radius);
        EXPECT_NEAR(each[f].min.x, slow[f].min.x, tolerance) << frames << " frames, frame " << f;
        EXPECT_NEAR(each[f].max.z, slow[f].max.z, tolerance) << frames << " frames, frame " << f;
        EXPECT_NEAR(each[f].radius, slow[f].radius, tolerance) << frames << " frames, frame " << f;
      }
    }
}

// A posed NaN is replaced by the next vertex's coordinate, so which vertex comes last decides the
// bound: grouped, the unskinned vertex (its group is met second) comes last and min.x is NaN;
// in file order the vertex at x = 3 comes last. Each vertex on its own must still give the grouped
// bits, the order the files have always had.
TEST(IqmFrameBounds, EachVertexGivesTheGroupedBoundsWhenANanIsPosed) {
  formats::iqe::ExportModel model;
  model.joints.push_back({"j", -1, Transform{}});
  Mesh mesh;
  mesh.positions = {{5, 1, 1}, {NAN, 1, 1}, {3, 1, 1}};
  SkinInfluences on_joint;
  on_joint.joints[0] = 0, on_joint.weights[0] = 1.0f;
  mesh.skin = {on_joint, SkinInfluences{}, on_joint};
  model.meshes.push_back(mesh);
  model.animations.push_back({"a", 30.0f, false, {{Transform{}}}});
  const auto each = formats::iqm::compute_frame_bounds(model, 1, true, formats::iqm::BoundsPath::EachVertex),
             grouped = formats::iqm::compute_frame_bounds(model, 1, true, formats::iqm::BoundsPath::Grouped);
  ASSERT_EQ(each.size(), 1u);
  ASSERT_EQ(grouped.size(), 1u);
  EXPECT_TRUE(std::isnan(grouped[0].min.x));
  EXPECT_EQ(bits(each[0]), bits(grouped[0]));
}

TEST(IqmFrameBounds, EveryFrameOfAModelWithoutVerticesIsZero) {
  std::mt19937 rng(1);
  formats::iqe::ExportModel model = random_model(rng);
  model.meshes.clear();
  for (const auto& b : formats::iqm::compute_frame_bounds(model, 0)) {
    EXPECT_EQ(b.min, Vec3{});
    EXPECT_EQ(b.max, Vec3{});
    EXPECT_EQ(b.radius, 0.0f);
  }
}

}  // namespace
}  // namespace aem
