// posed_vertices on small hand-built scenes whose posed positions are worked out by hand, and the
// symmetric mean nearest-point distance on point sets small enough to add up by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "support/posed_geometry.hpp"

namespace aem::test {
namespace {

constexpr float kEps = 1e-5f;

void expect_points(const std::vector<Vec3>& got, const std::vector<Vec3>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_NEAR(got[i].x, want[i].x, kEps) << "point " << i;
    EXPECT_NEAR(got[i].y, want[i].y, kEps) << "point " << i;
    EXPECT_NEAR(got[i].z, want[i].z, kEps) << "point " << i;
  }
}

/// One vertex at (1, 0, 0) wholly skinned to one joint bound at the origin (identity inverse bind)
/// whose rest pose stands 1 up, and an animation "slide" moving it from x = 0 to x = 2 over 1 s.
Scene skinned_vertex() {
  Scene s;
  Joint j;
  j.name = "j";
  j.rest.translation = {0, 1, 0};
  s.joints.push_back(j);
  Mesh m;
  m.positions = {{1, 0, 0}};
  m.indices = {0, 0, 0};
  SkinInfluences inf;
  inf.joints[0] = 0;
  inf.weights[0] = 1.0f;
  m.skin = {inf};
  s.meshes.push_back(m);
  Animation slide;
  slide.name = "slide";
  slide.duration = 1.0f;
  Channel c;
  c.joint = 0;
  c.translation = {{0.0f, {0, 0, 0}}, {1.0f, {2, 0, 0}}};
  slide.channels.push_back(c);
  s.animations.push_back(slide);
  return s;
}

TEST(PosedVertices, RestPoseIsTheJointsRestValuesNotTheBindPose) {
  // The bind pose would leave the vertex where it is stored; rest moves it with the joint's rest translation.
  expect_points(posed_vertices(skinned_vertex(), PoseAt::rest()), {{1, 1, 0}});
}

TEST(PosedVertices, AnimationAtATime) {
  // Halfway through "slide" the joint is at (1, 0, 0): the vertex, 1 along x from it, is at (2, 0, 0).
  expect_points(posed_vertices(skinned_vertex(), PoseAt::animated(0, 0.5f)), {{2, 0, 0}});
}

TEST(PosedVertices, AnimationOutOfRangeThrows) {
  EXPECT_THROW(posed_vertices(skinned_vertex(), PoseAt::animated(1, 0.0f)), std::out_of_range);
}

TEST(PosedVertices, MetresYUpRightHanded) {
  // Z up in centimetres: (1, 2, 3) is 3 high. The rotation about x that takes +z to +y takes +y to -z,
  // so Y up right-handed it is (1, 3, -2), in metres (0.01, 0.03, -0.02).
  Scene s;
  s.conventions.up = UpAxis::Z;
  s.conventions.meters_per_unit = 0.01f;
  Mesh m;
  m.positions = {{1, 2, 3}};
  m.indices = {0, 0, 0};
  s.meshes.push_back(m);
  expect_points(posed_vertices(s, PoseAt::rest()), {{0.01f, 0.03f, -0.02f}});
}

TEST(PosedVertices, EveryNodeInstanceIsPlaced) {
  Scene s;
  Mesh m;
  m.positions = {{0, 0, 1}};
  m.indices = {0, 0, 0};
  s.meshes.push_back(m);
  Node left, right;
  left.local.translation = {-1, 0, 0};
  left.meshes = {0};
  right.local.translation = {1, 0, 0};
  right.meshes = {0};
  s.nodes = {left, right};
  expect_points(posed_vertices(s, PoseAt::rest()), {{-1, 0, 1}, {1, 0, 1}});
}

/// A mesh whose vertex-animation frames (1 per second) move its vertex from x = 0 to x = 4, belonging
/// to animation "morph"; a second animation "other" has no channels.
Scene morphing_vertex() {
  Scene s;
  Mesh m;
  m.positions = {{0, 1, 0}};
  m.indices = {0, 0, 0};
  m.frames = {MorphFrame{{{0, 0, 0}}, {}, {}}, MorphFrame{{{4, 0, 0}}, {}, {}}};
  s.meshes.push_back(m);
  s.vertex_animation = {"morph", 1.0f, 2};
  Animation morph, other;
  morph.name = "morph";
  morph.duration = 1.0f;
  other.name = "other";
  s.animations = {morph, other};
  return s;
}

TEST(PosedVertices, VertexAnimationOnlyWithItsOwnAnimation) {
  const Scene s = morphing_vertex();
  expect_points(posed_vertices(s, PoseAt::animated(0, 0.25f)), {{1, 0, 0}});  // a quarter of the way to x = 4
  expect_points(posed_vertices(s, PoseAt::animated(1, 0.25f)), {{0, 1, 0}});  // rest shape
  expect_points(posed_vertices(s, PoseAt::rest()), {{0, 1, 0}});
}

TEST(AnimationNamed, FirstOfThatName) {
  Scene s = morphing_vertex();
  s.animations.push_back(s.animations[1]);
  EXPECT_EQ(animation_named(s, "other"), 1u);
  EXPECT_EQ(animation_named(s, "none"), std::nullopt);
}

TEST(MeanNearestDistances, EachDirectionAveragedOverItsOwnPoints) {
  // Reference points both sit on posed points: 0. Posed points are 0, 0 and 4 from the nearest
  // reference point: 4 / 3.
  const std::vector<Vec3> reference = {{0, 0, 0}, {1, 0, 0}};
  const std::vector<Vec3> posed = {{0, 0, 0}, {1, 0, 0}, {5, 0, 0}};
  const PointSetDistance d = mean_nearest_distances(reference, posed);
  EXPECT_DOUBLE_EQ(d.reference_to_posed, 0.0);
  EXPECT_DOUBLE_EQ(d.posed_to_reference, 4.0 / 3.0);
  EXPECT_DOUBLE_EQ(d.larger(), 4.0 / 3.0);
}

TEST(MeanNearestDistances, EmptyAndNonFiniteSets) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<Vec3> none, one = {{0, 0, 0}}, broken = {{0, 0, 0}, {std::nanf(""), 0, 0}};
  EXPECT_DOUBLE_EQ(mean_nearest_distances(none, none).larger(), 0.0);
  EXPECT_EQ(mean_nearest_distances(one, none).reference_to_posed, inf);
  EXPECT_EQ(mean_nearest_distances(none, one).posed_to_reference, inf);
  EXPECT_EQ(mean_nearest_distances(one, broken).posed_to_reference, inf);
  EXPECT_DOUBLE_EQ(mean_nearest_distances(one, broken).reference_to_posed, 0.0);
}

TEST(CompareFrame, LimitIsAThousandthOfTheReferenceDiagonal) {
  // Box 3 x 4 x 12: diagonal 13, limit 0.013. Moving one of the two reference corners' posed copy by
  // d gives means d / 2 both ways.
  const std::vector<Vec3> reference = {{0, 0, 0}, {3, 4, 12}};
  EXPECT_DOUBLE_EQ(bounding_diagonal(reference), 13.0);
  const FrameComparison near = compare_frame(reference, std::vector<Vec3>{{0, 0, 0}, {3, 4, 12.02f}});
  EXPECT_NEAR(near.limit, 0.013, 1e-12);
  EXPECT_NEAR(near.distance.larger(), 0.01, 1e-6);
  EXPECT_TRUE(near.matched());
  const FrameComparison far = compare_frame(reference, std::vector<Vec3>{{0, 0, 0}, {3, 4, 12.04f}});
  EXPECT_NEAR(far.distance.larger(), 0.02, 1e-6);
  EXPECT_FALSE(far.matched());
}

}  // namespace
}  // namespace aem::test
