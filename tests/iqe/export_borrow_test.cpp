// prepare_export borrows the scene's meshes it leaves as they are and copies only those it changes
// (joints renumbered, a rigid joint turned into an influence, an array filled); the scene itself is
// never changed, and a copied model's own changes stay its own.
#include <gtest/gtest.h>

#include "formats/iqe/export_model.hpp"

namespace aem {
namespace {

using formats::iqe::ExportModel;
using formats::iqe::prepare_export;

Mesh triangle(const std::string& name) {
  Mesh m;
  m.name = name;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.normals.assign(3, {0, 0, 1});
  m.indices = {0, 1, 2};
  return m;
}

SkinInfluences on(std::int32_t joint) {
  SkinInfluences s;
  s.joints[0] = joint, s.weights[0] = 1.0f;
  return s;
}

// Joints "root" and "child"; `child_first` lists the child first, so the export renumbers them.
Scene skinned(bool child_first) {
  Scene s;
  Joint root, child;
  root.name = "root", child.name = "child";
  if (child_first) {
    child.parent = 1;
    s.joints = {child, root};
  } else {
    child.parent = 0;
    s.joints = {root, child};
  }
  Mesh m = triangle("skinned");
  m.skin = {on(0), on(1), on(1)};
  s.meshes = {m};
  return s;
}

ExportModel exported(const Scene& scene) {
  std::vector<Warning> warnings;
  return prepare_export(scene, 30.0f, "IQM", warnings);
}

TEST(ExportBorrow, MeshesLeftAsTheyAreAreTheScenesOwn) {
  Scene scene = skinned(false);
  scene.meshes.push_back(triangle("rigid"));
  scene.meshes[1].skin.assign(3, SkinInfluences{});
  const ExportModel model = exported(scene);
  ASSERT_EQ(model.meshes.size(), 2u);
  EXPECT_EQ(&model.meshes[0], &scene.meshes[0]);
  EXPECT_EQ(&model.meshes[1], &scene.meshes[1]);
}

TEST(ExportBorrow, RenumberedJointsChangeACopyNotTheScene) {
  const Scene scene = skinned(true);
  const ExportModel model = exported(scene);
  ASSERT_EQ(model.meshes.size(), 1u);
  EXPECT_NE(&model.meshes[0], &scene.meshes[0]);
  // The export puts "root" (scene joint 1) first: joint 0 <-> 1.
  EXPECT_EQ(model.meshes[0].skin[0].joints[0], 1);
  EXPECT_EQ(model.meshes[0].skin[1].joints[0], 0);
  EXPECT_EQ(scene.meshes[0].skin[0].joints[0], 0);
  EXPECT_EQ(scene.meshes[0].skin[1].joints[0], 1);
}

TEST(ExportBorrow, AJointPastTheSkeletonIsDroppedFromACopy) {
  Scene scene = skinned(false);
  scene.meshes[0].skin[2] = on(7);
  const ExportModel model = exported(scene);
  EXPECT_EQ(model.meshes[0].skin[2].joints[0], -1);
  EXPECT_EQ(scene.meshes[0].skin[2].joints[0], 7);
}

TEST(ExportBorrow, AJointBelowMinusOneBecomesNoneInACopy) {
  Scene scene = skinned(false);
  scene.meshes[0].skin[1].joints[5] = -3;
  const ExportModel model = exported(scene);
  EXPECT_EQ(model.meshes[0].skin[1].joints[5], -1);
  EXPECT_EQ(scene.meshes[0].skin[1].joints[5], -3);
}

TEST(ExportBorrow, RigidJointsBecomeInfluencesOfACopy) {
  Scene scene = skinned(false);
  scene.meshes[0].skin.clear();
  scene.meshes[0].rigid_joints = {1, 1, 0};
  const ExportModel model = exported(scene);
  EXPECT_TRUE(model.meshes[0].rigid_joints.empty());
  ASSERT_EQ(model.meshes[0].skin.size(), 3u);
  EXPECT_EQ(model.meshes[0].skin[0].joints[0], 1);
  EXPECT_EQ(scene.meshes[0].rigid_joints, (std::vector<std::int32_t>{1, 1, 0}));
  EXPECT_TRUE(scene.meshes[0].skin.empty());
}

TEST(ExportBorrow, OnlyTheMeshLackingAnArrayIsCopied) {
  Scene scene;
  scene.meshes = {triangle("with uvs"), triangle("without")};
  scene.meshes[0].uvs = {{{0, 0}, {1, 0}, {0, 1}}};
  const ExportModel model = exported(scene);
  EXPECT_EQ(&model.meshes[0], &scene.meshes[0]);
  EXPECT_NE(&model.meshes[1], &scene.meshes[1]);
  ASSERT_EQ(model.meshes[1].uvs.size(), 1u);
  EXPECT_EQ(model.meshes[1].uvs[0].size(), 3u);
  EXPECT_TRUE(scene.meshes[1].uvs.empty());
}

TEST(ExportBorrow, ACopiedListsChangesStayItsOwn) {
  formats::iqe::MeshList list;
  list.push_back(triangle("a"));
  const Mesh b = triangle("b");
  list.borrow(b);
  formats::iqe::MeshList copy = list;
  copy.own(0).name = "a2";
  copy.own(1).name = "b2";
  EXPECT_EQ(list[0].name, "a");
  EXPECT_EQ(list[1].name, "b");
  EXPECT_EQ(&list[1], &b);
  EXPECT_EQ(b.name, "b");
  EXPECT_EQ(copy[0].name, "a2");
  EXPECT_EQ(copy[1].name, "b2");
  // A mesh the list alone owns is changed where it is.
  const Mesh* at = &copy[0];
  copy.own(0).name = "a3";
  EXPECT_EQ(&copy[0], at);
  EXPECT_EQ(copy[0].name, "a3");
}

}  // namespace
}  // namespace aem
