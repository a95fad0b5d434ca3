// A skinned joint with a pre-rotation and a rotation pivot, animated by a take that starts at 1 s and is
// not the first, in a Z-up centimetre file: posed like the FBX transform formula says, at the rest pose
// and at several times, in every flavour (ASCII and binary, FBX 6.1 and 7.4/7.5). The expected
// vertices are worked out here from the formula (fbx_math.hpp), not by the reader or ufbx.
#include <gtest/gtest.h>

#include <algorithm>

#include "fbx/fbx_flavours.hpp"
#include "fbx/fbx_math.hpp"
#include "support/posed_geometry.hpp"

namespace aem::test {
namespace {

using namespace fbx_math;

class FbxSkin : public testing::TestWithParam<FbxFlavour> {};

constexpr double kRestDegrees = 30.0;  // the arm's Lcl Rotation Z as the file stores it (its rest pose)
const fbx::Vec3 kArmAt = {0, 0, 10};   // the arm joint's translation under the root
const fbx::Vec3 kPivot = {0, 0, 5};    // its rotation pivot, in its parent's space past the translation

/// The arm's world matrix with Lcl Rotation Z = `degrees`: T * Rp * Rpre * R * Rp^-1, with the
/// pre-rotation a quarter turn about X (so it does not commute with the animated Z rotation).
M arm_world(double degrees) {
  return mul(mul(mul(mul(translate(kArmAt[0], kArmAt[1], kArmAt[2]), translate(kPivot[0], kPivot[1], kPivot[2])),
                     rotate(90, 1, 0, 0)),
                 rotate(degrees, 0, 0, 1)),
             translate(-kPivot[0], -kPivot[1], -kPivot[2]));
}

/// A box around the arm, skinned wholly to it, bound with the arm at Lcl Rotation 0.
fbx::Document skinned_arm() {
  fbx::Document doc;
  doc.settings = zup_cm();
  fbx::Node& root = doc.nodes.emplace_back();
  root.name = "root", root.type = fbx::NodeType::Skeleton;
  fbx::Node& arm = doc.nodes.emplace_back();
  arm.name = "arm", arm.type = fbx::NodeType::Skeleton, arm.parent = 0;
  arm.translation = kArmAt, arm.rotation = {0, 0, kRestDegrees};
  arm.pre_rotation = {90, 0, 0}, arm.rotation_pivot = kPivot, arm.scaling_pivot = kPivot;
  fbx::Node& sleeve = doc.nodes.emplace_back();
  sleeve.name = "sleeve", sleeve.type = fbx::NodeType::Mesh;
  auto& mesh = sleeve.mesh;
  for (double z : {10.0, 20.0})
    for (double y : {-1.0, 1.0})
      for (double x : {-1.0, 1.0}) mesh.positions.push_back({x, y, z});
  mesh.polygons = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  mesh.has_skin = true;
  const M bind = arm_world(0);
  mesh.skin.clusters = {{.bone = 1,
                         .indices = {0, 1, 2, 3, 4, 5, 6, 7},
                         .weights = {1, 1, 1, 1, 1, 1, 1, 1},
                         .transform = rigid_inverse(bind),
                         .transform_link = bind}};
  mesh.skin.bind_pose = {{1, bind}, {2, fbx::kIdentity}};
  // "idle" comes first in the file; the file makes "bend" (1 s to 3 s, 0 to 90 degrees) the active take.
  fbx::Track still{.node = 1, .channel = fbx::Channel::Rotation};
  still.components[2] = {{0.0, kRestDegrees}, {1.0, kRestDegrees}};
  fbx::Track bend{.node = 1, .channel = fbx::Channel::Rotation};
  bend.components[2] = {{1.0, 0.0}, {3.0, 90.0}};
  doc.takes = {{"idle", 0.0, 1.0, {still}}, {"bend", 1.0, 3.0, {bend}}};
  doc.active_take = "bend";
  return doc;
}

/// The sleeve's corners with the arm at `degrees`, in the scene's space.
std::vector<Vec3> expected_sleeve(double degrees) {
  const M skin = mul(arm_world(degrees), rigid_inverse(arm_world(0)));
  const fbx::Document doc = skinned_arm();
  std::vector<Vec3> out;
  for (const fbx::Vec3& p : doc.nodes[2].mesh.positions) out.push_back(zup_cm_to_scene(apply(skin, p)));
  return out;
}

TEST_P(FbxSkin, RestPoseIsTheStoredRotation) {
  const Scene s = read_fbx(skinned_arm(), GetParam());
  const auto posed = posed_vertices(s, PoseAt::rest());
  ASSERT_EQ(posed.size(), 24u) << "8 corners, each with its 3 face normals";
  const auto cmp = compare_frame(expected_sleeve(kRestDegrees), posed, 1e-5);
  EXPECT_TRUE(cmp.matched()) << cmp.distance.larger() << " > " << cmp.limit;
  // The arm moved the sleeve: the bind pose (every skin matrix identity) is elsewhere.
  EXPECT_FALSE(compare_frame(expected_sleeve(kRestDegrees), expected_sleeve(0), 1e-5).matched());
}

TEST_P(FbxSkin, ActiveTakeFirstStartingAtZero) {
  const Scene s = read_fbx(skinned_arm(), GetParam());
  ASSERT_EQ(s.animations.size(), 2u);
  EXPECT_EQ(s.animations[0].name, "bend");
  EXPECT_EQ(s.animations[1].name, "idle");
  EXPECT_NEAR(s.animations[0].duration, 2.0f, 1e-4f);
  EXPECT_EQ(s.animations[0].frame_rate, 24.0f);
  // Scene time t is the take's 1 + t seconds: the arm turns 45 degrees a second from 0.
  for (float t : {0.0f, 0.5f, 1.0f, 1.25f, 2.0f}) {
    const auto cmp = compare_frame(expected_sleeve(45.0 * t), posed_vertices(s, PoseAt::animated(0, t)), 1e-4);
    EXPECT_TRUE(cmp.matched()) << "t = " << t << ": " << cmp.distance.larger() << " > " << cmp.limit;
  }
}

TEST_P(FbxSkin, JointsKeepTheirNamesAndParents) {
  const Scene s = read_fbx(skinned_arm(), GetParam());
  ASSERT_GE(s.joints.size(), 2u);
  std::int32_t root = -1, arm = -1;
  for (std::size_t j = 0; j < s.joints.size(); ++j) {
    if (s.joints[j].name == "root") root = static_cast<std::int32_t>(j);
    if (s.joints[j].name == "arm") arm = static_cast<std::int32_t>(j);
  }
  ASSERT_GE(root, 0);
  ASSERT_GE(arm, 0);
  EXPECT_EQ(s.joints[arm].parent, root);
  for (const SkinInfluences& v : s.meshes.at(0).skin) {
    EXPECT_EQ(v.joints[0], arm);
    EXPECT_FLOAT_EQ(v.weights[0], 1.0f);
    EXPECT_EQ(v.joints[1], -1);
  }
}

INSTANTIATE_TEST_SUITE_P(Flavours, FbxSkin, testing::ValuesIn(all_flavours()), flavour_name);

}  // namespace
}  // namespace aem::test

namespace aem::test {
namespace {

class FbxGrow : public testing::TestWithParam<FbxFlavour> {};

// A node that grows in from nothing (rest scale 0, animated to 1) carries a child mesh: at the end of
// the take the mesh is at full size where the node puts it, although the rest pose has no inverse.
// The reader keeps the rest scale at 1/1000, which costs the mesh three decimal digits of its float
// precision: compared with the corpus check's tolerance (1e-3 of the size), not a tighter one.
TEST_P(FbxGrow, MeshUnderAZeroScaleRestFollowsTheGrowth) {
  fbx::Document doc;
  doc.settings.unit_scale_factor = 100.0;  // metres
  fbx::Node& seed = doc.nodes.emplace_back();
  seed.name = "seed", seed.translation = {5, 0, 0}, seed.scaling = {0, 0, 0};
  fbx::Node& leaf = doc.nodes.emplace_back();
  leaf.name = "leaf", leaf.type = fbx::NodeType::Mesh, leaf.parent = 0;
  leaf.mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}};
  leaf.mesh.polygons = {{0, 1, 2}};
  fbx::Track grow{.node = 0, .channel = fbx::Channel::Scaling};
  for (auto& component : grow.components) component = {{0.0, 0.0}, {1.0, 1.0}};
  doc.takes = {{"grow", 0.0, 1.0, {grow}}};
  std::vector<Warning> warnings;
  const Scene s = read_fbx(doc, GetParam(), &warnings);
  const std::vector<Vec3> grown = {{5, 0, 0}, {6, 0, 0}, {5, 2, 0}};
  auto cmp = compare_frame(grown, posed_vertices(s, PoseAt::animated(0, 1.0f)));
  EXPECT_TRUE(cmp.matched()) << cmp.distance.larger() << " > " << cmp.limit;
  const std::vector<Vec3> half = {{5, 0, 0}, {5.5f, 0, 0}, {5, 1, 0}};
  cmp = compare_frame(half, posed_vertices(s, PoseAt::animated(0, 0.5f)));
  EXPECT_TRUE(cmp.matched()) << cmp.distance.larger() << " > " << cmp.limit;
  EXPECT_TRUE(
      std::any_of(warnings.begin(), warnings.end(), [](const Warning& w) { return w.code == "FBX_ZERO_SCALE_REST"; }));
}

INSTANTIATE_TEST_SUITE_P(Flavours, FbxGrow, testing::ValuesIn(all_flavours()), flavour_name);

}  // namespace
}  // namespace aem::test
