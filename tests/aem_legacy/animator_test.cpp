// LegacyAnimator against an independent oracle (glm itself, used the way docs/formats/aem.md §8 says the
// 2022 viewer used it), its time rules, and the scene conversion on files built from known poses.
#include <gtest/gtest.h>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <limits>

#include "aem/aem_view.hpp"
#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/io.hpp"
#include "aem/legacy.hpp"
#include "legacy_builder.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

using test::LegacyFile;

glm::mat4 to_glm(const Mat4& m) { return glm::make_mat4(m.m.data()); }

Mat4 trs(Vec3 t, float angle_degrees, Vec3 axis, Vec3 s) {
  const float half = angle_degrees * 3.14159265358979f / 360.0f;
  const Vec3 a = normalize(axis);
  return compose({t, Quat{a.x * std::sin(half), a.y * std::sin(half), a.z * std::sin(half), std::cos(half)}, s});
}

/// A two-bone file whose armature-space poses P are given per keyframe: K_root = P_root and
/// K_child = P_child * P_root^-1 (docs/formats/aem.md §8). Inverse binds are arbitrary but fixed.
struct PosedFile {
  std::vector<float> frames;
  std::vector<std::array<Mat4, 2>> poses;  // [key][bone], armature space
  std::array<Mat4, 2> inverse_bind{trs({0, -1, 0}, 10, {0, 0, 1}, {1, 1, 1}),
                                   trs({0, -3, 0.5f}, -20, {1, 0, 0}, {1, 1, 1})};

  std::vector<std::byte> bytes() const {
    LegacyFile f;
    f.vertices.resize(3);
    f.vertices[1].position = {1, 2, 3};
    f.vertices[2].position = {-1, 4, 0};
    f.vertices[2].bones[0] = 1;
    f.indices = {0, 1, 2};
    f.mesh_triangles = {1};
    f.bones = {{inverse_bind[0], -1}, {inverse_bind[1], 0}};
    for (std::size_t k = 0; k < frames.size(); ++k)
      f.keys.push_back({frames[k], {poses[k][0], poses[k][1] * inverse(poses[k][0])}});
    return f.bytes();
  }
};

/// The viewer's blend written with glm: absolute poses, quat_cast of the unnormalised matrix,
/// glm::slerp, glm::mix, translate * mat4_cast * scale, times the inverse bind.
glm::mat4 viewer_blend(const glm::mat4& from, const glm::mat4& to, float f, const glm::mat4& inverse_bind) {
  auto lengths = [](const glm::mat4& m) {
    return glm::vec3(glm::length(glm::vec3(m[0])), glm::length(glm::vec3(m[1])), glm::length(glm::vec3(m[2])));
  };
  const glm::vec3 t = glm::mix(glm::vec3(from[3]), glm::vec3(to[3]), f);
  const glm::quat r = glm::slerp(glm::quat_cast(from), glm::quat_cast(to), f);
  const glm::vec3 s = glm::mix(lengths(from), lengths(to), f);
  return glm::translate(glm::mat4(1.0f), t) * glm::mat4_cast(r) * glm::scale(glm::mat4(1.0f), s) * inverse_bind;
}

void expect_near(const Mat4& got, const glm::mat4& want, float tol, const std::string& where) {
  const float* w = glm::value_ptr(want);
  for (int i = 0; i < 16; ++i) EXPECT_NEAR(got.m[i], w[i], tol * (1 + std::fabs(w[i]))) << where << " element " << i;
}

void expect_near(const Mat4& got, const Mat4& want, float tol, const std::string& where) {
  expect_near(got, to_glm(want), tol, where);
}

/// A posed file's bytes, validated view and animator kept together (the animator points at the view).
struct Loaded {
  explicit Loaded(const PosedFile& p) : bytes(p.bytes()), view(validated(bytes)), animator(view) {}
  Loaded(const Loaded&) = delete;
  static LegacyView validated(const std::vector<std::byte>& b) {
    auto v = LegacyView::validate(b);
    EXPECT_TRUE(v.ok()) << v.error().to_string();
    return v.ok() ? v.value() : LegacyView{};
  }
  /// Skin matrices at `frame`.
  const std::vector<Mat4>& at(float frame) {
    animator.evaluate(frame, skin);
    return skin;
  }
  std::vector<std::byte> bytes;
  LegacyView view;
  LegacyAnimator animator;
  std::vector<Mat4> skin = std::vector<Mat4>(2);
};

/// Scaled, rotated and translated poses: quat_cast without scale removal matters here.
PosedFile scaled_file() {
  PosedFile p;
  p.frames = {0, 10, 30};
  const Mat4 root0 = trs({0, 0, 1}, 0, {0, 0, 1}, {1, 1, 1}), root1 = trs({0.5f, 0, 1}, 40, {0, 0, 1}, {2, 2, 2}),
             root2 = trs({1, 0, 1}, 170, {0, 1, 1}, {1.5f, 0.5f, 1});
  p.poses = {{root0, root0 * trs({0, 2, 0}, 0, {1, 0, 0}, {1, 1, 1})},
             {root1, root1 * trs({0, 2, 0}, 60, {1, 0, 0}, {1, 3, 1})},
             {root2, root2 * trs({0, 2, 0}, -90, {1, 1, 0}, {1, 1, 1})}};
  return p;
}

TEST(LegacyAnimator, MatchesGlmUsedAsTheViewerDid) {
  const PosedFile p = scaled_file();
  Loaded file(p);
  struct Case {
    float frame;
    int from, to;
    float f;
  };
  for (Case c : {Case{0, 0, 1, 0}, Case{2.5f, 0, 1, 0.25f}, Case{10, 0, 1, 1}, Case{15, 1, 2, 0.25f},
                 Case{29, 1, 2, 0.95f}, Case{30, 1, 2, 1}}) {
    const auto& skin = file.at(c.frame);
    for (int b = 0; b < 2; ++b)
      expect_near(skin[b],
                  viewer_blend(to_glm(p.poses[c.from][b]), to_glm(p.poses[c.to][b]), c.f, to_glm(p.inverse_bind[b])),
                  2e-6f, "frame " + std::to_string(c.frame) + " bone " + std::to_string(b));
  }
}

TEST(LegacyAnimator, ScaledBonesAreWrongInTheViewerEvenAtKeys) {
  // docs/formats/aem.md §8: quat_cast of a scaled matrix is not a unit quaternion, so the recomposed
  // matrix differs from the key's pose. The animator keeps that; the scene conversion does not.
  const PosedFile p = scaled_file();
  Loaded file(p);
  std::vector<Mat4> skin = file.at(10);
  const Mat4 true_pose = p.poses[1][0] * p.inverse_bind[0];
  float worst = 0;
  for (int i = 0; i < 16; ++i) worst = std::max(worst, std::fabs(skin[0].m[i] - true_pose.m[i]));
  EXPECT_GT(worst, 0.1f);

  auto scene = read_scene(file.bytes, "scaled.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  SceneAnimator scene_animator(scene.value());
  scene_animator.evaluate(0, 10 / kLegacyAssumedFps, skin);
  expect_near(skin[0], true_pose, 1e-5f, "scene at key 1");
}

TEST(LegacyAnimator, UnitScaleKeysReproduceThePoses) {
  PosedFile p;
  p.frames = {0, 24};
  const Mat4 root = trs({0, 0, 2}, 90, {1, 0, 0}, {1, 1, 1});
  p.poses = {{root, root * trs({0, 1, 0}, 30, {0, 0, 1}, {1, 1, 1})},
             {root, root * trs({0, 1, 0}, -50, {1, 1, 1}, {1, 1, 1})}};
  Loaded file(p);
  for (int k = 0; k < 2; ++k) {
    const auto& skin = file.at(p.frames[k]);
    for (int b = 0; b < 2; ++b) {
      expect_near(skin[b], p.poses[k][b] * p.inverse_bind[b], 2e-6f, "key " + std::to_string(k));
      expect_near(file.animator.model()[b], p.poses[k][b], 2e-6f, "model, key " + std::to_string(k));
    }
  }
}

/// Largest entry difference between two lists of matrices.
float max_difference(std::span<const Mat4> a, std::span<const Mat4> b) {
  float worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (int k = 0; k < 16; ++k) worst = std::max(worst, std::fabs(a[i].m[k] - b[i].m[k]));
  return worst;
}

TEST(LegacyScene, BetweenFarApartKeysTheSceneAndTheUpgradedFileMoveAsTheViewer) {
  // Keys 60 frames apart; the root turns 90 degrees and the child turns on its own. The viewer lerps
  // the child's absolute origin along the chord where local interpolation would swing it on an arc
  // (0.41 apart half-way): the reader adds keys until no skin matrix entry differs by more than 1e-3.
  PosedFile p;
  p.frames = {0, 60};
  const Mat4 root0 = trs({}, 0, {0, 0, 1}, {1, 1, 1}), root1 = trs({}, 90, {0, 0, 1}, {1, 1, 1});
  const Mat4 child0 = trs({2, 0, 0}, 0, {1, 0, 0}, {1, 1, 1}), child1 = trs({2, 0, 0}, 90, {1, 0, 0}, {1, 1, 1});
  p.poses = {{root0, root0 * child0}, {root1, root1 * child1}};
  Loaded file(p);
  auto scene = read_scene(file.bytes, "far.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  auto upgraded = find_format("aem")->write(scene.value(), {});
  ASSERT_TRUE(upgraded) << upgraded.error().to_string();
  auto model = AemModel::from_memory(upgraded.value());
  ASSERT_TRUE(model) << model.error().to_string();
  SceneAnimator scene_animator(scene.value());
  AemAnimator upgraded_animator(model->view());
  std::vector<Mat4> scene_skin(2), upgraded_skin(2);
  // The viewer's child origin half-way is the chord midpoint (1, 1, 0), not the arc's (sqrt 2, sqrt 2, 0).
  file.at(30);
  EXPECT_NEAR(file.animator.model()[1](0, 3), 1.0f, 1e-5f);
  EXPECT_NEAR(file.animator.model()[1](1, 3), 1.0f, 1e-5f);
  for (float frame = 0; frame <= 60; frame += 0.37f) {
    const auto& viewer = file.at(frame);
    scene_animator.evaluate(0, frame / kLegacyAssumedFps, scene_skin);
    upgraded_animator.evaluate(0, frame / kLegacyAssumedFps, upgraded_skin);
    EXPECT_LE(max_difference(scene_skin, viewer), kLegacyBlendTolerance + 2e-5f) << "scene at frame " << frame;
    EXPECT_LE(max_difference(upgraded_skin, viewer), kLegacyBlendTolerance + 2e-5f)
        << "upgraded file at frame " << frame;
  }
}

TEST(LegacyScene, ArmatureAxisTurnIsRestoredSoTheAnimatedMeshStaysUpright) {
  // Blender's glTF import turns the armature object 90 degrees about X (A): inverse binds are
  // (A * rest)^-1 and the key poses are in armature space, so the viewer's skin matrices carry A^-1.
  const Mat4 turn = trs({}, 90, {1, 0, 0}, {1, 1, 1});
  PosedFile p;
  p.inverse_bind = {inverse(turn), inverse(turn * trs({0, 2, 0}, 0, {0, 0, 1}, {1, 1, 1}))};
  p.frames = {0, 24};
  const Mat4 child_rest = trs({0, 2, 0}, 0, {0, 0, 1}, {1, 1, 1});
  p.poses = {{Mat4{}, child_rest}, {Mat4{}, child_rest * trs({}, 45, {0, 0, 1}, {1, 1, 1})}};
  Loaded file(p);
  auto scene = read_scene(file.bytes, "turned.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_TRUE(test::has_code(scene.warnings, "AEM_LEGACY_ARMATURE_RESTORED"));
  SceneAnimator animator(scene.value());
  std::vector<Mat4> skin(2);
  for (float frame : {0.0f, 12.0f, 24.0f}) {
    animator.evaluate(0, frame / kLegacyAssumedFps, skin);
    const auto& viewer = file.at(frame);
    for (int b = 0; b < 2; ++b) expect_near(skin[b], turn * viewer[b], 1e-5f, "frame " + std::to_string(frame));
  }
  // At the first key the mesh is where the file stores it (the viewer showed it turned by A^-1).
  animator.evaluate(0, 0.0f, skin);
  expect_near(skin[0], Mat4{}, 1e-5f, "root at rest");
}

TEST(LegacyAnimator, TimeWrapsAndClampsLikeTheViewer) {
  Loaded file(scaled_file());
  auto same = [&](float x, float y) {
    const std::vector<Mat4> a = file.at(x), b = file.at(y);
    for (int bone = 0; bone < 2; ++bone)
      expect_near(a[bone], b[bone], 1e-6f, std::to_string(x) + " vs " + std::to_string(y));
  };
  same(35, 5);   // past the end: minus the last key time (30)
  same(60, 30);  // a multiple of the loop: the last key, not key 0
  same(61, 1);
  same(-5, 0);  // before 0: key 0
  same(std::numeric_limits<float>::quiet_NaN(), 0);
  same(std::numeric_limits<float>::infinity(), 30);
}

TEST(LegacyAnimator, OneKeyAndRepeatedKeyTimes) {
  PosedFile p = scaled_file();
  p.frames = {0};
  p.poses.resize(1);
  Loaded one(p);
  expect_near(one.at(7)[1], viewer_blend(to_glm(p.poses[0][1]), to_glm(p.poses[0][1]), 0, to_glm(p.inverse_bind[1])),
              1e-6f, "one key");

  p = scaled_file();
  p.frames = {0, 0, 30};  // the viewer divided 0 by 0 here; the animator takes the earlier key
  Loaded repeated(p);
  expect_near(repeated.at(0)[1],
              viewer_blend(to_glm(p.poses[0][1]), to_glm(p.poses[0][1]), 0, to_glm(p.inverse_bind[1])), 1e-6f,
              "repeated");
}

TEST(LegacyAnimator, LegacyPoseTakesSecondsAndOneAnimation) {
  Loaded file(scaled_file());
  const auto& bytes = file.bytes;
  const auto& skin = file.at(15);
  auto posed = legacy_pose(bytes, 0, 15 / 24.0f);
  ASSERT_TRUE(posed) << posed.error().to_string();
  for (int b = 0; b < 2; ++b) expect_near(posed.value()[b], skin[b], 1e-6f, "legacy_pose");
  for (std::int32_t other : {-1, 1}) {
    auto bind = legacy_pose(bytes, other, 0.5f);
    ASSERT_TRUE(bind);
    for (const Mat4& m : bind.value()) EXPECT_EQ(m, Mat4{});
  }
  auto bad = legacy_pose(std::span(bytes).first(bytes.size() - 1), 0, 0);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, "AEM_LEGACY_SIZE_MISMATCH");
}

TEST(LegacyScene, ChannelsAreParentLocalTrsInSeconds) {
  // Known local transforms: root L_r, child L_c relative to the root; P_child = P_root * L_c.
  PosedFile p;
  p.frames = {0, 12, 48};
  const Transform root[3] = {
      {{0, 0, 1}, {}, {1, 1, 1}}, {{1, 0, 1}, {0, 0, 0.38268343f, 0.92387953f}, {1, 1, 1}}, {{1, 2, 1}, {}, {2, 2, 2}}};
  const Transform child[3] = {{{0, 2, 0}, {}, {1, 1, 1}},
                              {{0, 2, 0}, {0.5f, 0.5f, 0.5f, 0.5f}, {1, 1, 1}},
                              {{0, 3, 0}, {0, 0.70710678f, 0, 0.70710678f}, {1, 0.5f, 1}}};
  for (int k = 0; k < 3; ++k) p.poses.push_back({compose(root[k]), compose(root[k]) * compose(child[k])});
  const auto bytes = p.bytes();
  auto scene = read_scene(bytes, "known.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  ASSERT_EQ(scene->animations.size(), 1u);
  const Animation& anim = scene->animations[0];
  EXPECT_FLOAT_EQ(anim.duration, 2.0f);
  EXPECT_FLOAT_EQ(anim.frame_rate, 24.0f);
  ASSERT_EQ(anim.channels.size(), 2u);
  const Transform* expected[2] = {root, child};
  for (std::uint32_t b = 0; b < 2; ++b) {
    const Channel& ch = anim.channels[b];
    EXPECT_EQ(ch.joint, b);
    ASSERT_GE(ch.translation.size(), 3u);  // keys may be added between (see BetweenFarApartKeys...)
    ASSERT_EQ(ch.rotation.size(), ch.translation.size());
    ASSERT_EQ(ch.scale.size(), ch.translation.size());
    for (int k = 0; k < 3; ++k) {
      // The key at this file key's time, in seconds.
      std::size_t i = 0;
      while (i < ch.translation.size() && ch.translation[i].time != p.frames[k] / 24.0f) ++i;
      ASSERT_LT(i, ch.translation.size()) << "no key at frame " << p.frames[k];
      const Transform& want = expected[b][k];
      EXPECT_NEAR(length(ch.translation[i].value - want.translation), 0, 1e-5f) << b << " " << k;
      EXPECT_NEAR(length(ch.scale[i].value - want.scale), 0, 1e-5f) << b << " " << k;
      const Quat q = ch.rotation[i].value, w = want.rotation;
      EXPECT_NEAR(std::fabs(q.x * w.x + q.y * w.y + q.z * w.z + q.w * w.w), 1, 1e-5f) << b << " " << k;
    }
  }
  EXPECT_EQ(scene->joints[1].parent, 0);
  expect_near(scene->joints[1].inverse_bind, p.inverse_bind[1], 0, "inverse bind kept");
}

TEST(LegacyScene, UpgradedFileMatchesThePosesAtKeyTimes) {
  // read_scene(legacy) -> aem_write -> AemView/AemAnimator: the `aem convert` upgrade path.
  const PosedFile p = scaled_file();
  auto scene = read_scene(p.bytes(), "scaled.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  auto upgraded = find_format("aem")->write(scene.value(), {});
  ASSERT_TRUE(upgraded) << upgraded.error().to_string();
  auto model = AemModel::from_memory(upgraded.value());
  ASSERT_TRUE(model) << model.error().to_string();
  const AemView& v = model->view();
  ASSERT_EQ(v.counts().animations, 1u);
  EXPECT_FLOAT_EQ(v.animations()[0].duration, 30 / 24.0f);
  AemAnimator animator(v);
  std::vector<Mat4> skin(2);
  for (std::size_t k = 0; k < p.frames.size(); ++k) {
    animator.evaluate(0, p.frames[k] / 24.0f, skin);
    for (int b = 0; b < 2; ++b)
      expect_near(skin[b], p.poses[k][b] * p.inverse_bind[b], 1e-5f, "upgraded key " + std::to_string(k));
  }
  // Read back through read_scene, the upgraded file says it is the current layout.
  auto again = read_scene(upgraded.value(), "upgraded.aem");
  ASSERT_TRUE(again);
  EXPECT_EQ(again->source_notes.at(0).value, "current (version 1)");
}

}  // namespace
}  // namespace aem
