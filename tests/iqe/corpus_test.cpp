// The IQE and IQM files of the shared corpus: every file reads and `aem info` shows it; round trips
// through the other format keep every vertex, triangle, joint and pose; an animated model poses as an
// independent evaluation of its own joint/pose lines says it should.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <fstream>
#include <sstream>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/skinning.hpp"
#include "iqe/iqe_support.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"

namespace aem {
namespace {

TEST(IqeCorpus, EveryFileReadsAndInfoShowsIt) {
  AEM_CORPUS_OR_FIXTURE_FILES(iqe, "iqe", ".iqe");
  AEM_CORPUS_OR_FIXTURE_FILES(iqm, "iqm", ".iqm");
  iqe.insert(iqe.end(), iqm.begin(), iqm.end());
  for (const auto& path : iqe) {
    auto r = read_scene(path);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    std::string out;
    ASSERT_EQ(test::run_cli("info '" + path.string() + "'", &out), 0) << out;
    EXPECT_NE(out.find("joints " + std::to_string(r->joints.size())), std::string::npos) << out;
    for (const auto& a : r->animations) {
      const auto frames = a.channels.empty() ? 0 : a.channels[0].rotation.size();
      EXPECT_NE(out.find("(" + std::to_string(frames) + " frames)"), std::string::npos) << path << " " << a.name;
    }
  }
}

TEST(IqeCorpus, GuyIqeAndGuyIqmDescribeTheSameModel) {
  AEM_CORPUS_FILE(iqe_path, "iqe/raylib_guy.iqe");
  AEM_CORPUS_FILE(iqm_path, "iqm/raylib_guy.iqm");
  auto a = read_scene(iqe_path), b = read_scene(iqm_path);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->vertex_count(), 240u);
  EXPECT_EQ(b->vertex_count(), 240u);
  EXPECT_EQ(a->triangle_count(), 120u);
  ASSERT_EQ(a->joints.size(), b->joints.size());
  for (std::size_t j = 0; j < a->joints.size(); ++j) {
    EXPECT_EQ(a->joints[j].name, b->joints[j].name);
    EXPECT_EQ(a->joints[j].parent, b->joints[j].parent);
    EXPECT_NEAR(a->joints[j].rest.translation.y, b->joints[j].rest.translation.y, 1e-5f);
  }
  ASSERT_EQ(a->animations.size(), 2u);
  EXPECT_EQ(b->animations.at(1).name, "dance");
  EXPECT_FLOAT_EQ(a->animations[1].duration, b->animations[1].duration);
}

// IQM quantises each channel over its range in every animation: values move by at most half a step.
float quantisation_tolerance(const Scene& s, std::size_t channel, int axis) {
  float lo = INFINITY, hi = -INFINITY;
  for (const auto& a : s.animations)
    for (const auto& k : a.channels[channel].translation)
      lo = std::min(lo, (&k.value.x)[axis]), hi = std::max(hi, (&k.value.x)[axis]);
  return (hi - lo) / 65535.0f + 1e-6f * (1.0f + std::fabs(hi));
}

/// Meshes, vertices, triangles, joints and poses of `b` equal `a`'s; animation values within IQM's
/// 16-bit quantisation of each channel's range; skin weights within a byte (and the 4 largest).
void expect_same_model(const Scene& a, const Scene& b) {
  ASSERT_EQ(a.meshes.size(), b.meshes.size());
  for (std::size_t m = 0; m < a.meshes.size(); ++m) {
    const Mesh &x = a.meshes[m], &y = b.meshes[m];
    EXPECT_EQ(x.name, y.name);
    ASSERT_EQ(x.positions, y.positions) << x.name;
    EXPECT_EQ(x.indices, y.indices) << x.name;
    EXPECT_EQ(x.normals, y.normals);
    EXPECT_EQ(x.uvs, y.uvs);
    ASSERT_EQ(x.skin.size(), y.skin.size());
    // Influences are matched by joint: equal weights may come back in either order (IQM stores
    // bytes, so a half-half split becomes 128 + 127 and sorts).
    for (std::size_t v = 0; v < x.skin.size(); ++v) {
      float kept = 0;
      for (int k = 0; k < 4; ++k) kept += x.skin[v].weights[k];
      for (int k = 0; k < 4; ++k)
        if (x.skin[v].weights[k] / kept > 1.0f / 255.0f) {
          int same = -1;
          for (int l = 0; l < 4; ++l)
            if (y.skin[v].joints[l] == x.skin[v].joints[k] && y.skin[v].weights[l] > 0) same = l;
          ASSERT_GE(same, 0) << "vertex " << v << " lost joint " << x.skin[v].joints[k];
          EXPECT_NEAR(x.skin[v].weights[k] / kept, y.skin[v].weights[same], 1.5f / 255.0f) << "vertex " << v;
        }
    }
  }
  ASSERT_EQ(a.joints.size(), b.joints.size());
  for (std::size_t j = 0; j < a.joints.size(); ++j) {
    EXPECT_EQ(a.joints[j].name, b.joints[j].name);
    EXPECT_EQ(a.joints[j].parent, b.joints[j].parent);
    EXPECT_EQ(a.joints[j].rest.translation, b.joints[j].rest.translation);
    EXPECT_NEAR(
        std::fabs(dot(Vec3{a.joints[j].rest.rotation.x, a.joints[j].rest.rotation.y, a.joints[j].rest.rotation.z},
                      Vec3{b.joints[j].rest.rotation.x, b.joints[j].rest.rotation.y, b.joints[j].rest.rotation.z}) +
                  a.joints[j].rest.rotation.w * b.joints[j].rest.rotation.w),
        1.0f, 1e-6f);
  }
  ASSERT_EQ(a.animations.size(), b.animations.size());
  for (std::size_t i = 0; i < a.animations.size(); ++i) {
    const Animation &x = a.animations[i], &y = b.animations[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_FLOAT_EQ(x.duration, y.duration);
    ASSERT_EQ(x.channels.size(), y.channels.size());
    for (std::size_t c = 0; c < x.channels.size(); ++c) {
      const auto &tx = x.channels[c].translation, &ty = y.channels[c].translation;
      ASSERT_EQ(tx.size(), ty.size());
      for (int axis = 0; axis < 3; ++axis) {
        const float tol = quantisation_tolerance(a, c, axis);
        for (std::size_t k = 0; k < tx.size(); ++k) EXPECT_NEAR((&tx[k].value.x)[axis], (&ty[k].value.x)[axis], tol);
      }
      for (std::size_t k = 0; k < x.channels[c].rotation.size(); ++k) {
        const Quat p = x.channels[c].rotation[k].value, q = y.channels[c].rotation[k].value;
        EXPECT_NEAR(std::fabs(p.x * q.x + p.y * q.y + p.z * q.z + p.w * q.w), 1.0f, 1e-4f);
      }
    }
  }
}

// Every file of `files` written as `via`, read back, written in its own format and read again.
void expect_round_trip_keeps_model(const std::vector<std::filesystem::path>& files, const char* via, const char* back) {
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    auto a = read_scene(path);
    ASSERT_TRUE(a.ok());
    auto there = test::round_trip(a.value(), via);
    ASSERT_TRUE(there.ok()) << there.error().to_string();
    auto again = test::round_trip(there.value(), back);
    ASSERT_TRUE(again.ok()) << again.error().to_string();
    expect_same_model(a.value(), again.value());
  }
}

TEST(IqeCorpus, IqeToIqmToIqeKeepsTheModel) {
  AEM_CORPUS_OR_FIXTURE_FILES(files, "iqe", ".iqe");
  expect_round_trip_keeps_model(files, "iqm", "iqe");
}

TEST(IqeCorpus, IqmToIqeToIqmKeepsTheModel) {
  AEM_CORPUS_OR_FIXTURE_FILES(files, "iqm", ".iqm");
  expect_round_trip_keeps_model(files, "iqe", "iqm");
}

// --- Independent posing: the test's own reading of joint/pq/vp/vb lines and its own double math.

struct Affine {  // y = R x + t, with R including scale
  std::array<double, 9> r{1, 0, 0, 0, 1, 0, 0, 0, 1};
  std::array<double, 3> t{};
  Affine operator*(const Affine& o) const {
    Affine out;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j)
        out.r[3 * i + j] = r[3 * i] * o.r[j] + r[3 * i + 1] * o.r[3 + j] + r[3 * i + 2] * o.r[6 + j];
      out.t[i] = r[3 * i] * o.t[0] + r[3 * i + 1] * o.t[1] + r[3 * i + 2] * o.t[2] + t[i];
    }
    return out;
  }
  std::array<double, 3> apply(const std::array<double, 3>& p) const {
    std::array<double, 3> out;
    for (int i = 0; i < 3; ++i) out[i] = r[3 * i] * p[0] + r[3 * i + 1] * p[1] + r[3 * i + 2] * p[2] + t[i];
    return out;
  }
};

// pq Tx Ty Tz Qx Qy Qz Qw [Sx Sy Sz]: output = (input*scale)*rotation + translation (iqe.txt "Poses").
Affine from_pq(const std::vector<double>& v) {
  double x = v[3], y = v[4], z = v[5], w = v[6];
  const double n = std::sqrt(x * x + y * y + z * z + w * w);
  x /= n, y /= n, z /= n, w /= n;
  const double s[3] = {v.size() > 7 ? v[7] : 1, v.size() > 8 ? v[8] : 1, v.size() > 9 ? v[9] : 1};
  const double rot[9] = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
                         2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                         2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y)};
  Affine a;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) a.r[3 * i + j] = rot[3 * i + j] * s[j];
    a.t[i] = v[i];
  }
  return a;
}

Affine inverse(const Affine& a) {  // general 3x3 inverse via the adjugate
  const auto& m = a.r;
  const double det =
      m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
  Affine out;
  out.r = {(m[4] * m[8] - m[5] * m[7]) / det, (m[2] * m[7] - m[1] * m[8]) / det, (m[1] * m[5] - m[2] * m[4]) / det,
           (m[5] * m[6] - m[3] * m[8]) / det, (m[0] * m[8] - m[2] * m[6]) / det, (m[2] * m[3] - m[0] * m[5]) / det,
           (m[3] * m[7] - m[4] * m[6]) / det, (m[1] * m[6] - m[0] * m[7]) / det, (m[0] * m[4] - m[1] * m[3]) / det};
  for (int i = 0; i < 3; ++i)
    out.t[i] = -(out.r[3 * i] * a.t[0] + out.r[3 * i + 1] * a.t[1] + out.r[3 * i + 2] * a.t[2]);
  return out;
}

struct IndependentModel {
  std::vector<int> parent;
  std::vector<std::vector<double>> base;
  std::vector<std::vector<std::vector<std::vector<double>>>> frames;  // [anim][frame][joint] pq values
  std::vector<std::array<double, 3>> positions;
  std::vector<std::vector<std::pair<int, double>>> blends;
};

IndependentModel parse_lines(const std::filesystem::path& path) {
  IndependentModel m;
  std::ifstream in(path);
  std::string line;
  bool in_animation = false;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string cmd;
    s >> cmd;
    std::vector<double> v;
    if (cmd == "joint") {
      std::string name;
      int parent;
      s >> std::quoted(name) >> parent;
      m.parent.push_back(parent);
    } else if (cmd == "pq") {
      for (double x; s >> x;) v.push_back(x);
      if (!in_animation)
        m.base.push_back(v);
      else
        m.frames.back().back().push_back(v);
    } else if (cmd == "animation") {
      in_animation = true;
      m.frames.emplace_back();
    } else if (cmd == "frame") {
      m.frames.back().emplace_back();
    } else if (cmd == "vp") {
      double x, y, z;
      s >> x >> y >> z;
      m.positions.push_back({x, y, z});
    } else if (cmd == "vb") {
      std::vector<std::pair<int, double>> b;
      int j;
      double w;
      while (s >> j >> w) b.push_back({j, w});
      m.blends.push_back(b);
    }
  }
  return m;
}

std::vector<Affine> world_of(const IndependentModel& m, const std::vector<std::vector<double>>& poses) {
  std::vector<Affine> world(m.parent.size());
  for (std::size_t j = 0; j < m.parent.size(); ++j)
    world[j] = m.parent[j] < 0 ? from_pq(poses[j]) : world[m.parent[j]] * from_pq(poses[j]);
  return world;
}

TEST(IqeCorpus, AnimatedModelPosesAsItsOwnPoseLinesSay) {
  AEM_CORPUS_FILE(path, "iqe/raylib_guy.iqe");
  const IndependentModel ref = parse_lines(path);
  ASSERT_EQ(ref.parent.size(), 14u);
  ASSERT_EQ(ref.frames.size(), 2u);
  auto scene = read_scene(path);
  ASSERT_TRUE(scene.ok());
  const Mesh& mesh = scene->meshes.at(0);
  ASSERT_EQ(mesh.vertex_count(), ref.positions.size());  // one mesh using every vertex, in file order
  const std::vector<Affine> bind = world_of(ref, ref.base);
  SceneAnimator animator(scene.value());
  std::vector<Mat4> skin(scene->joints.size());
  std::vector<Vec3> posed, normals;
  const float frame_rate = 24.0f;
  for (auto [anim, frame] : {std::pair{0, 10}, std::pair{1, 33}, std::pair{1, 45}}) {
    SCOPED_TRACE("animation " + std::to_string(anim) + " frame " + std::to_string(frame));
    const std::vector<Affine> world = world_of(ref, ref.frames[anim][frame]);
    animator.evaluate(anim, static_cast<float>(frame) / frame_rate, skin);
    pose_mesh(mesh, skin, posed, normals);
    double moved = 0;
    for (std::size_t v = 0; v < ref.positions.size(); ++v) {
      std::array<double, 3> expected{};
      double total = 0;
      for (auto [j, w] : ref.blends[v]) total += w;
      for (auto [j, w] : ref.blends[v]) {
        const auto p = (world[j] * inverse(bind[j])).apply(ref.positions[v]);
        for (int i = 0; i < 3; ++i) expected[i] += p[i] * w / total;
      }
      for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR((&posed[v].x)[i], expected[i], 1e-4 * (1 + std::fabs(expected[i]))) << "vertex " << v;
        moved = std::max(moved, std::fabs(expected[i] - ref.positions[v][i]));
      }
    }
    EXPECT_GT(moved, 0.1);  // the frame really is a different pose from the bind pose
  }
}

}  // namespace
}  // namespace aem
