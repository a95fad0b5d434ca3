// The points key reduction measures its error on (convert/error_points.hpp): vertices grouped by the
// joints that move them, groups in the order of their joint lists, each group's points in vertex
// order; virtual points around joints that move nothing, at the length of their longest bone.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <vector>

#include "convert/error_points.hpp"

namespace aem {
namespace {

SkinInfluences skin_of(std::vector<std::pair<std::int32_t, float>> influences) {
  SkinInfluences s;
  for (std::size_t k = 0; k < influences.size(); ++k) {
    s.joints[k] = influences[k].first;
    s.weights[k] = influences[k].second;
  }
  return s;
}

std::vector<Vec3> positions_of(const convert::ErrorPoints& points, const convert::PointGroup& g) {
  return {points.positions.begin() + g.first, points.positions.begin() + g.first + g.count};
}

std::vector<float> weights_of(const convert::ErrorPoints& points, std::size_t group) {
  const auto& g = points.groups[group];
  const auto from = points.weights.begin() + points.weight_offset[group];
  return {from, from + g.count * g.joints.size()};
}

Scene three_joints() {
  Scene scene;
  scene.joints.resize(3);
  scene.joints[1].parent = scene.joints[2].parent = 0;
  return scene;
}

// Runs of vertices bound alike, a run broken by vertices no joint moves, a joint listed twice and
// rigid joints: each vertex lands in the group of its joint list, in vertex order.
TEST(ErrorPoints, GroupsVerticesByJointListInListOrder) {
  Scene scene = three_joints();
  Mesh skinned;
  for (int i = 0; i < 7; ++i) skinned.positions.push_back({static_cast<float>(i), 0, 0});
  skinned.skin = {skin_of({{1, 1.0f}}), skin_of({{1, 1.0f}}), skin_of({{2, 0.25f}, {0, 0.5f}, {2, 0.25f}}),
                  skin_of({{1, 2.0f}}), skin_of({{1, 0.0f}}), skin_of({{1, 0.0f}}),
                  skin_of({{1, 1.0f}})};
  Mesh rigid;
  for (int i = 0; i < 3; ++i) rigid.positions.push_back({0, static_cast<float>(10 + i), 0});
  rigid.rigid_joints = {2, 2, 0};
  scene.meshes = {skinned, rigid};

  const convert::ErrorPoints points = convert::error_points(scene);
  // Joint lists [rigid, skin joints...]: [-1, 0, 2] < [-1, 1] < [0] < [2].
  ASSERT_EQ(points.groups.size(), 4u);
  const auto& both = points.groups[0];
  EXPECT_EQ(both.rigid, -1);
  EXPECT_EQ(both.joints, (std::vector<std::uint32_t>{0, 2}));
  EXPECT_EQ(positions_of(points, both), (std::vector<Vec3>{{2, 0, 0}}));
  EXPECT_EQ(weights_of(points, 0), (std::vector<float>{0.5f, 0.5f}));
  EXPECT_EQ(both.max_weight, (std::vector<float>{0.5f, 0.5f}));
  EXPECT_EQ(both.weight_sum, 1.0f);

  const auto& one = points.groups[1];
  EXPECT_EQ(one.rigid, -1);
  EXPECT_EQ(one.joints, (std::vector<std::uint32_t>{1}));
  EXPECT_EQ(positions_of(points, one), (std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {3, 0, 0}, {6, 0, 0}}));
  EXPECT_EQ(weights_of(points, 1), (std::vector<float>{1, 1, 1, 1}));
  EXPECT_EQ(one.center, (Vec3{3, 0, 0}));
  EXPECT_EQ(one.half_size, (Vec3{3, 0, 0}));
  EXPECT_EQ(one.radius, 3.0f);

  EXPECT_EQ(points.groups[2].rigid, 0);
  EXPECT_TRUE(points.groups[2].joints.empty());
  EXPECT_EQ(positions_of(points, points.groups[2]), (std::vector<Vec3>{{0, 12, 0}}));
  EXPECT_EQ(points.groups[3].rigid, 2);
  EXPECT_EQ(positions_of(points, points.groups[3]), (std::vector<Vec3>{{0, 10, 0}, {0, 11, 0}}));
  EXPECT_EQ(points.positions.size(), 8u);
  EXPECT_EQ(points.weights.size(), 6u);
}

// Many joint lists, each met again far from its first vertex: one group per list however many the
// lists are, its vertices in order, the groups ordered by their lists.
TEST(ErrorPoints, ManyJointListsKeepOneGroupEach) {
  Scene scene;
  scene.joints.resize(24);
  for (std::size_t j = 1; j < scene.joints.size(); ++j) scene.joints[j].parent = 0;
  Mesh mesh;
  std::map<std::pair<std::int32_t, std::int32_t>, std::vector<Vec3>> expected;  // joint pair -> its vertices
  for (int round = 0; round < 3; ++round)
    for (std::int32_t a = 0; a < 12; ++a)
      for (std::int32_t b = 12; b < 24; ++b) {
        const Vec3 p{static_cast<float>(a), static_cast<float>(b), static_cast<float>(round)};
        mesh.positions.push_back(p);
        mesh.skin.push_back(skin_of({{b, 0.5f}, {a, 0.5f}}));
        expected[{a, b}].push_back(p);
      }
  scene.meshes = {mesh};

  const convert::ErrorPoints points = convert::error_points(scene);
  ASSERT_EQ(points.groups.size(), expected.size());
  std::size_t g = 0;
  for (const auto& [pair, positions] : expected) {  // [-1, a, b] ascending: the map's order
    SCOPED_TRACE(g);
    EXPECT_EQ(points.groups[g].rigid, -1);
    EXPECT_EQ(points.groups[g].joints, (std::vector<std::uint32_t>{static_cast<std::uint32_t>(pair.first),
                                                                   static_cast<std::uint32_t>(pair.second)}));
    EXPECT_EQ(positions_of(points, points.groups[g]), positions);
    EXPECT_EQ(weights_of(points, g), std::vector<float>(2 * positions.size(), 0.5f));
    ++g;
  }
}

// A leaf joint's bone is its longest translation, at rest or in any key (a NaN key passed over); its
// parent's bone is its child's rest translation. Reach adds the child's reach and bone.
TEST(ErrorPoints, VirtualPointsSitAtTheLongestBone) {
  Scene scene;
  scene.joints.resize(2);
  scene.joints[1].parent = 0;
  scene.joints[1].rest.translation = {0, 0, 1};
  Animation a;
  Channel ch;
  ch.joint = 1;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  ch.translation = {{0.0f, {0, 3, 4}}, {1.0f, {nan, 0, 0}}, {2.0f, {1, 0, 0}}};
  a.channels.push_back(ch);
  scene.animations.push_back(a);

  const convert::ErrorPoints points = convert::error_points(scene);
  ASSERT_EQ(points.groups.size(), 2u);
  const auto axes = [](float r) {
    return std::vector<Vec3>{{0, 0, 0}, {r, 0, 0}, {-r, 0, 0}, {0, r, 0}, {0, -r, 0}, {0, 0, r}, {0, 0, -r}};
  };
  EXPECT_EQ(points.groups[0].joints, (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(positions_of(points, points.groups[0]), axes(1.0f));
  EXPECT_EQ(points.groups[1].joints, (std::vector<std::uint32_t>{1}));
  EXPECT_EQ(positions_of(points, points.groups[1]), axes(5.0f));
  EXPECT_EQ(points.groups[1].radius, 5.0f);
  EXPECT_EQ(points.reach, (std::vector<float>{10.0f, 5.0f}));
}

}  // namespace
}  // namespace aem
