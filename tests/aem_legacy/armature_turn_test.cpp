// The armature object's axis turn that legacy skin matrices leave out (docs/legacy-aem.md), on files
// built the way the 2022 add-on wrote them from a turned armature: found from the root bones' keys
// against their bind poses however the roots move, and not invented for poses that merely turn.
#include <gtest/gtest.h>

#include <cmath>

#include "aem/io.hpp"
#include "aem/legacy.hpp"
#include "aem/scene_animation.hpp"
#include "legacy_builder.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

using test::LegacyFile;

Mat4 turn(float degrees, Vec3 axis) {
  const float half = degrees * 3.14159265358979f / 360.0f;
  const Vec3 a = normalize(axis);
  return compose({{}, {a.x * std::sin(half), a.y * std::sin(half), a.z * std::sin(half), std::cos(half)}, {1, 1, 1}});
}

Mat4 moved(Vec3 t, float degrees, Vec3 axis) { return translation_matrix(t) * turn(degrees, axis); }

/// Bones resting at `rest` (armature space) under an armature object placed by `armature`, posed at
/// each key by `poses` (armature space), written as the add-on did (docs/formats/aem.md §7-§8):
/// inverse bind (armature * rest)^-1 and K_b = P_b * P_parent^-1.
struct TurnedArmature {
  Mat4 armature;
  std::vector<std::int32_t> parents;
  std::vector<Mat4> rest;
  std::vector<float> frames;
  std::vector<std::vector<Mat4>> poses;  // [key][bone]

  std::vector<std::byte> bytes() const {
    LegacyFile f;
    f.vertices.resize(3);
    f.vertices[1].position = {1, 2, 3};
    f.vertices[2].position = {-1, 4, 0};
    f.indices = {0, 1, 2};
    f.mesh_triangles = {1};
    for (std::size_t b = 0; b < rest.size(); ++b) f.bones.push_back({inverse(armature * rest[b]), parents[b]});
    for (std::size_t k = 0; k < frames.size(); ++k) {
      test::LegacyKey key{frames[k], {}};
      for (std::size_t b = 0; b < rest.size(); ++b)
        key.matrices.push_back(parents[b] < 0 ? poses[k][b] : poses[k][b] * inverse(poses[k][parents[b]]));
      f.keys.push_back(std::move(key));
    }
    return f.bytes();
  }

  /// Where bone b moves the stored (world-space) mesh at key k: A * P * rest^-1 * A^-1.
  Mat4 world_skin(std::size_t k, std::size_t b) const {
    return armature * poses[k][b] * inverse(rest[b]) * inverse(armature);
  }
};

/// A walking figure in a Y-up armature: a root at hip height with a child above it. The root is at
/// its rest pose at no key: it turns up to 30 degrees about several axes and travels forward, so
/// every key's skin matrix is the armature's turn multiplied by a pose (CesiumMan's case).
TurnedArmature walking_figure(const Mat4& armature) {
  TurnedArmature f;
  f.armature = armature;
  f.parents = {-1, 0};
  f.rest = {translation_matrix({0, 1, 0}), translation_matrix({0, 1.5f, 0.1f})};
  f.frames = {0, 10, 20, 30};
  const Mat4 root_motion[4] = {
      moved({0.02f, 0.03f, 0.1f}, 12, {0, 1, 0}), moved({0.0f, -0.04f, 0.6f}, -25, {1, 0.3f, 0}),
      moved({-0.03f, 0.05f, 1.1f}, 30, {0.2f, 1, 0.5f}), moved({0.01f, 0.0f, 1.7f}, -8, {0, 0, 1})};
  for (int k = 0; k < 4; ++k) {
    const Mat4 root = root_motion[k] * f.rest[0];
    f.poses.push_back({root, root * inverse(f.rest[0]) * f.rest[1] * turn(20.0f * k, {1, 0, 0})});
  }
  return f;
}

Result<Scene> read(const TurnedArmature& f) { return read_scene(f.bytes(), "turned.aem"); }

/// The scene's skin matrices at every key time against the file's own world-space ones.
void expect_keys_in_world_space(const Scene& scene, const TurnedArmature& f, const std::string& what) {
  SceneAnimator animator(scene);
  std::vector<Mat4> skin(f.rest.size());
  for (std::size_t k = 0; k < f.frames.size(); ++k) {
    animator.evaluate(0, f.frames[k] / kLegacyAssumedFps, skin);
    for (std::size_t b = 0; b < skin.size(); ++b) {
      const Mat4 want = f.world_skin(k, b);
      for (int i = 0; i < 16; ++i)
        EXPECT_NEAR(skin[b].m[i], want.m[i], 1e-5f * (1 + std::fabs(want.m[i])))
            << what << ", key " << k << ", bone " << b << ", element " << i;
    }
  }
}

TEST(LegacyArmatureTurn, RestoredWhenTheRootMovesAtEveryKey) {
  // Blender's glTF import: the armature object turned 90 degrees about X.
  const TurnedArmature f = walking_figure(turn(90, {1, 0, 0}));
  auto scene = read(f);
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_TRUE(test::has_code(scene.warnings, "AEM_LEGACY_ARMATURE_RESTORED"));
  expect_keys_in_world_space(scene.value(), f, "turned 90 about X");
}

TEST(LegacyArmatureTurn, RestoredForTurnsAboutOtherAxesAndOfOtherSigns) {
  const struct {
    const char* name;
    Mat4 armature;
  } cases[] = {{"-90 about X", turn(-90, {1, 0, 0})},
               {"90 about Y", turn(90, {0, 1, 0})},
               {"-90 about Z", turn(-90, {0, 0, 1})},
               {"180 about Y", turn(180, {0, 1, 0})},
               {"90 about X after 90 about Z", turn(90, {1, 0, 0}) * turn(90, {0, 0, 1})}};
  for (const auto& c : cases) {
    const TurnedArmature f = walking_figure(c.armature);
    auto scene = read(f);
    ASSERT_TRUE(scene) << c.name << ": " << scene.error().to_string();
    EXPECT_TRUE(test::has_code(scene.warnings, "AEM_LEGACY_ARMATURE_RESTORED")) << c.name;
    expect_keys_in_world_space(scene.value(), f, c.name);
  }
}

TEST(LegacyArmatureTurn, RestoredForEveryRootOfTheArmature) {
  // Two roots (the figure and a prop bone beside it), each moving its own way under one turned armature.
  TurnedArmature f = walking_figure(turn(90, {1, 0, 0}));
  f.parents.push_back(-1);
  f.rest.push_back(moved({0.5f, 0.2f, 0}, 60, {0, 0, 1}));
  for (std::size_t k = 0; k < f.frames.size(); ++k)
    f.poses[k].push_back(moved({0, 0.1f * k, 0}, -10.0f * k, {0, 1, 0}) * f.rest[2]);
  auto scene = read(f);
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_TRUE(test::has_code(scene.warnings, "AEM_LEGACY_ARMATURE_RESTORED"));
  expect_keys_in_world_space(scene.value(), f, "two roots");
}

TEST(LegacyArmatureTurn, PosesThatTurnAreNotTakenForAnArmatureTurn) {
  // No armature turn: the figure falls over during the animation (90 degrees by the last key), and
  // separately, a second root lies turned 90 degrees from its bind pose at every key while the
  // first stands. Neither is one turn shared by every root at every key: nothing is applied.
  TurnedArmature falls = walking_figure(Mat4{});
  falls.poses[3][0] = turn(90, {1, 0, 0}) * falls.rest[0];
  falls.poses[3][1] = falls.poses[3][0] * inverse(falls.rest[0]) * falls.rest[1];

  TurnedArmature lying_prop = walking_figure(Mat4{});
  lying_prop.parents.push_back(-1);
  lying_prop.rest.push_back(translation_matrix({1, 0, 0}));
  for (auto& pose : lying_prop.poses) pose.push_back(lying_prop.rest[2] * turn(90, {0, 0, 1}));

  for (const auto* f : {&falls, &lying_prop}) {
    auto scene = read(*f);
    ASSERT_TRUE(scene) << scene.error().to_string();
    EXPECT_FALSE(test::has_code(scene.warnings, "AEM_LEGACY_ARMATURE_RESTORED"));
    expect_keys_in_world_space(scene.value(), *f, f == &falls ? "falls over" : "lying prop");
  }
}

}  // namespace
}  // namespace aem
