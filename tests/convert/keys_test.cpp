// Keys out of time order (a LightWave scene through Assimp) are sorted once in the convert path, with
// a warning naming the animation, joint and track, so that no output format stores them unsorted.
#include <gtest/gtest.h>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "convert/every_format.hpp"
#include "convert/keys.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

Scene one_joint_animation() {
  Scene s;
  s.joints.push_back(Joint{.name = "arm"});
  Animation a{.name = "wave", .duration = 3};
  Channel c;
  c.translation = {{0, {0, 0, 0}}, {2, {2, 0, 0}}, {1, {1, 0, 0}}, {3, {3, 0, 0}}};
  // Two keys at t=1: the later one in the source order is the one kept.
  c.rotation = {{1, Quat{0, 0, 0, 1}}, {0, Quat{1, 0, 0, 0}}, {1, Quat{0, 1, 0, 0}}};
  c.scale = {{0, {1, 1, 1}}, {1, {2, 2, 2}}};  // already in order: left alone, no warning
  a.channels.push_back(c);
  s.animations.push_back(a);
  return s;
}

TEST(SortKeys, SortsStablyKeepsTheLastOfEachTimeAndNamesTheTrack) {
  Scene s = one_joint_animation();
  ASSERT_FALSE(validate_scene(s).valid());
  const auto warnings = convert::sort_keys(s);
  const Channel& c = s.animations[0].channels[0];
  ASSERT_EQ(c.translation.size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(c.translation[k].time, float(k));
    EXPECT_EQ(c.translation[k].value.x, float(k));  // each value still with its own time
  }
  ASSERT_EQ(c.rotation.size(), 2u);
  EXPECT_EQ(c.rotation[0].time, 0.0f);
  EXPECT_EQ(c.rotation[0].value.x, 1.0f);
  EXPECT_EQ(c.rotation[1].time, 1.0f);
  EXPECT_EQ(c.rotation[1].value.y, 1.0f);
  EXPECT_EQ(c.scale.size(), 2u);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0].code, "CONVERT_KEYS_SORTED");
  EXPECT_EQ(warnings[0].path, "animations[0].channels[0].translation");
  EXPECT_EQ(warnings[1].path, "animations[0].channels[0].rotation");
  for (const auto& w : warnings) {
    EXPECT_NE(w.message.find("\"wave\""), std::string::npos) << w.message;
    EXPECT_NE(w.message.find("\"arm\""), std::string::npos) << w.message;
  }
  EXPECT_TRUE(validate_scene(s).valid());
  EXPECT_TRUE(convert::sort_keys(s).empty());  // nothing left to repair
}

// The DirectX file's bone keys run 0, 10, 5, 20: Assimp passes them on as they are. Every format
// aem writes gets a file that reads back and validates, and the convert result names the repair.
TEST(SortKeys, UnsortedSourceConvertsToAValidFileInEveryFormat) {
  const auto input = std::filesystem::path(AEM_TEST_DATA_DIR) / "assimp" / "unsorted_keys.x";
  test::expect_valid_in_every_format(input, test::temp_dir("keys-sorted"), "CONVERT_KEYS_SORTED", "\"Bone\"");
}

}  // namespace
}  // namespace aem
