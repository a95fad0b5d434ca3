// Every reader on a small file kept in tests/data, so a clone without the corpus still tests each
// format. All fixtures are the same two-bone quad (tests/data/iqe/skinned_quad.iqe, written by hand;
// the binary ones converted from it or built byte by byte, see tests/data/README.md), and the
// expected numbers below are worked out by hand, not taken from the library.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/conventions.hpp"
#include "aem/io.hpp"
#include "aem/skinning.hpp"
#include "aem_legacy/legacy_builder.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

const std::filesystem::path kData = AEM_TEST_DATA_DIR;

// Root at the origin, "tip" one unit up the y axis. v0, v1 follow the root, v2 the tip, v3 half each.
const std::vector<Vec3> kRest = {{0, 0, 0}, {1, 0, 0}, {1, 2, 0}, {0, 2, 0}};

// At t = 0.5 s the tip has turned half of its 90 degrees about z, about its own origin (0, 1, 0):
// skin = T(0,1,0) * Rz(45) * T(0,-1,0). With c = s = sqrt(1/2):
//   v2 = (1,2): relative (1,1) -> (c - s, s + c) = (0, sqrt 2), plus (0,1)  -> (0, 1 + sqrt 2)
//   v3 = (0,2): relative (0,1) -> (-s, c), plus (0,1) -> (-0.7071, 1.7071); averaged with the
//               root's (0, 2) -> (-0.35355, 1.85355)
const float kHalf = std::sqrt(0.5f);
const std::vector<Vec3> kPosed = {
    {0, 0, 0}, {1, 0, 0}, {0, 1 + std::sqrt(2.0f), 0}, {-kHalf / 2, (1 + kHalf + 2) / 2, 0}};

// Weights stored as bytes (IQM: 128/255 and 127/255 for the half-half vertex) move v3 by up to ~3e-3.
constexpr float kTolerance = 5e-3f;

Scene read_fixture(const std::filesystem::path& relative) {
  auto r = read_scene(kData / relative);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  if (!r.ok()) return {};
  Scene scene = std::move(r.value());
  convert_conventions(scene, find_format("iqe")->conventions);  // compare in the hand-written file's axes
  return scene;
}

/// Each expected point is among `got` (writers may reorder or split vertices).
void expect_points(const std::vector<Vec3>& got, const std::vector<Vec3>& want, const std::string& what) {
  for (const Vec3& w : want) {
    bool found = false;
    for (const Vec3& g : got) found = found || length(g - w) < kTolerance;
    EXPECT_TRUE(found) << what << ": no vertex at (" << w.x << ", " << w.y << ", " << w.z << ")";
  }
}

/// The quad at rest, and skinned by its first animation at t = 0.5 s. AEM files (both layouts) store
/// no joint names: their readers number the joints.
void expect_skinned_quad(const Scene& scene, const std::string& root_name = "root",
                         const std::string& tip_name = "tip") {
  ASSERT_EQ(scene.meshes.size(), 1u);
  // Writers may add joints (E3D keeps its scene root as one); the two of the source keep their names.
  std::int32_t root = -1, tip = -1;
  for (std::size_t j = 0; j < scene.joints.size(); ++j) {
    if (scene.joints[j].name == root_name) root = static_cast<std::int32_t>(j);
    if (scene.joints[j].name == tip_name) tip = static_cast<std::int32_t>(j);
  }
  ASSERT_GE(root, 0);
  ASSERT_GE(tip, 0);
  EXPECT_EQ(scene.joints[tip].parent, root);
  ASSERT_EQ(scene.animations.size(), 1u);
  const Mesh& mesh = scene.meshes[0];
  EXPECT_EQ(mesh.triangle_count(), 2u);
  expect_points(mesh.positions, kRest, "rest");

  SceneAnimator animator(scene);
  std::vector<Mat4> skin(scene.joints.size());
  animator.evaluate(0, 0.5f, skin);
  std::vector<Vec3> posed;
  pose_positions(mesh, skin, posed);
  expect_points(posed, kPosed, "posed at 0.5 s");
}

TEST(Fixtures, Iqe) { expect_skinned_quad(read_fixture("iqe/skinned_quad.iqe")); }
TEST(Fixtures, Iqm) { expect_skinned_quad(read_fixture("iqm/skinned_quad.iqm")); }
TEST(Fixtures, Aem) { expect_skinned_quad(read_fixture("aem/skinned_quad.aem"), "bone0", "bone1"); }
/// The quad as a legacy (2022) AEM file, built field by field: keys hold the tip's armature-space pose
/// (the root stays at identity, so no parent product is needed), at frames 0 and 24 (1 s at 24 fps).
std::vector<std::byte> legacy_skinned_quad() {
  auto translate = [](float y) {
    Mat4 m;
    m(1, 3) = y;
    return m;
  };
  Mat4 turn;  // Rz(90): x -> y, y -> -x
  turn(0, 0) = 0, turn(0, 1) = -1, turn(1, 0) = 1, turn(1, 1) = 0;
  test::LegacyFile f;
  f.vertices.resize(4);
  for (std::size_t i = 0; i < 4; ++i) f.vertices[i].position = kRest[i], f.vertices[i].normal = {0, 0, 1};
  f.vertices[2].bones[0] = 1;
  f.vertices[3].bones[0] = 1, f.vertices[3].bones[1] = 0;
  f.vertices[3].weights[0] = 0.5f, f.vertices[3].weights[1] = 0.5f;
  f.indices = {0, 1, 2, 0, 2, 3};
  f.mesh_triangles = {2};
  f.bones = {{Mat4{}, -1}, {translate(-1), 0}};
  f.keys = {{0.0f, {Mat4{}, translate(1)}}, {24.0f, {Mat4{}, translate(1) * turn}}};
  return f.bytes();
}

TEST(Fixtures, LegacyAem) {
  const auto path = kData / "aem-legacy" / "skinned_quad.legacy.aem";
  EXPECT_EQ(test::read_bytes(path), legacy_skinned_quad()) << "the committed file is not the one built above";
  expect_skinned_quad(read_fixture("aem-legacy/skinned_quad.legacy.aem"), "bone0", "bone1");
}

TEST(Fixtures, E3d) { expect_skinned_quad(read_fixture("e3d/skinned_quad.e3d")); }
TEST(Fixtures, Glb) { expect_skinned_quad(read_fixture("gltf/skinned_quad.glb")); }

TEST(Fixtures, Cem) {
  // CEM has no skeleton: the converter baked the animation into vertex frames at 30 fps, so 0.5 s is
  // frame 15, and the 2 s animation (2 frames at 1 fps in the IQE) is frames 0..60.
  const Scene scene = read_fixture("cem/skinned_quad.cem");
  ASSERT_EQ(scene.meshes.size(), 1u);
  const Mesh& mesh = scene.meshes[0];
  EXPECT_EQ(mesh.triangle_count(), 2u);
  expect_points(mesh.positions, kRest, "rest");
  ASSERT_EQ(mesh.frames.size(), 61u);
  expect_points(mesh.frames[0].positions, kRest, "frame 0");
  expect_points(mesh.frames[15].positions, kPosed, "frame 15 (0.5 s)");
}

}  // namespace
}  // namespace aem
