// Reference points mapped into our space (metres, Y up, right-handed), with expectations worked out by
// hand from what each axis system means and from how ufbx's diff places the .obj.
#include <gtest/gtest.h>

#include "fbx_corpus/reference_space.hpp"
#include "support/vec_expect.hpp"

namespace aem::fbx_corpus {
namespace {

constexpr double kHalf = 0.70710678;

TEST(ReferenceSpace, AxisSystemsAndValidity) {
  EXPECT_TRUE(valid(kRightHandedZUp));
  EXPECT_FALSE(valid(AxisSystem{0, 1, 4}));  // +X and -X: two directions on one axis
  EXPECT_FALSE(valid(AxisSystem{0, 2, 6}));  // 6 is ufbx's "unknown"
  ASSERT_TRUE(axis_system_named("left_handed_z_up"));
  EXPECT_EQ(axis_system_named("left_handed_z_up")->front, 2);  // +Y
  EXPECT_FALSE(axis_system_named("sideways"));
}

TEST(ReferenceSpace, FileInItsOwnSpaceGoesToMetresYUp) {
  // 3ds Max: right +X, up +Z, front -Y, centimetres. The point 1 right, 2 along +Y (= 2 to the back)
  // and 3 up is, Y up right-handed with +Z to the front: (1, 3, -2); in metres (0.01, 0.03, -0.02).
  const auto map = ReferenceMap::to_ours(FileSpace{kRightHandedZUp, 0.01}, ObjPlacement{});
  test::expect_near(map({1, 2, 3}), {0.01f, 0.03f, -0.02f});
}

TEST(ReferenceSpace, UnknownAxesAndUnitKeepTheNumbers) {
  const auto map = ReferenceMap::to_ours(FileSpace{std::nullopt, 0.0}, ObjPlacement{});
  test::expect_near(map({1, 2, 3}), {1, 2, 3});
}

TEST(ReferenceSpace, ScaleAndZToYUpFlagsUndoTheTestsConversion) {
  // ufbx's sausage tests load a Maya file (Y up, cm) as right-handed Z up in metres, then compare the
  // .obj with rotate(-90 degrees about X, 100 * p). Z up in metres p = 0.01 * (x, -z, y) of the raw
  // point; 100 * p rotated by -90 degrees about X, (x, y, z) -> (x, z, -y), is (x, y, z): the .obj holds
  // the raw centimetres. Ours is the raw point in metres.
  ObjPlacement placement;
  placement.scale = 100.0;
  placement.rotation = {kHalf, -kHalf, 0.0, 0.0};
  placement.load_axes = kRightHandedZUp;
  placement.load_unit_meters = 1.0;
  const auto map = ReferenceMap::to_ours(FileSpace{kRightHandedYUp, 0.01}, placement);
  test::expect_near(map({1, 2, 3}), {0.01f, 0.02f, 0.03f});
  // In the file's own numbers: the raw centimetres.
  test::expect_near(ReferenceMap::to_file(FileSpace{kRightHandedYUp, 0.01}, placement)({1, 2, 3}), {1, 2, 3});
}

TEST(ReferenceSpace, FileNumbersIgnoreTheDeclaredSpace) {
  // The Max file of FileInItsOwnSpaceGoesToMetresYUp, compared without a test conversion: as stored.
  test::expect_near(ReferenceMap::to_file(FileSpace{kRightHandedZUp, 0.01}, ObjPlacement{})({1, 2, 3}), {1, 2, 3});
}

TEST(ReferenceSpace, LeftHandedLoadIsMirroredBack) {
  // Loaded left-handed Y up (front -Z) the raw point (x, y, z) reads (x, y, -z); ours, the file's own
  // right-handed Y up in metres, is the raw point.
  ObjPlacement placement;
  placement.load_axes = kLeftHandedYUp;
  const auto map = ReferenceMap::to_ours(FileSpace{kRightHandedYUp, 1.0}, placement);
  test::expect_near(map({1, 2, 3}), {1, 2, -3});
}

TEST(ReferenceSpace, LoadUnitOnlyScalesBack) {
  // Loaded in centimetres from a file in metres, the .obj holds 100 x the raw numbers.
  ObjPlacement placement;
  placement.load_unit_meters = 0.01;
  const auto map = ReferenceMap::to_ours(FileSpace{kRightHandedYUp, 1.0}, placement);
  test::expect_near(map({100, 200, 300}), {1, 2, 3});
}

}  // namespace
}  // namespace aem::fbx_corpus
