// Which animation and time of a converted scene a reference frame of ufbx's tests is compared with.
#include <gtest/gtest.h>

#include "fbx_corpus/pose_choice.hpp"

namespace aem::fbx_corpus {
namespace {

Scene with_animations(std::initializer_list<const char*> names) {
  Scene s;
  for (const char* n : names) {
    Animation a;
    a.name = n;
    s.animations.push_back(a);
  }
  return s;
}

FbxFacts takes(std::initializer_list<Take> list) {
  FbxFacts f;
  f.takes = list;
  return f;
}

FrameCase frame(std::optional<std::string> animation, std::optional<double> time) {
  FrameCase c;
  c.animation = std::move(animation);
  c.time = time;
  return c;
}

TEST(PoseChoice, StoredPoseIsRest) {
  const auto c = choose_pose(with_animations({"a"}), takes({{"a", 1.0}}), frame(std::nullopt, std::nullopt));
  ASSERT_TRUE(c.pose);
  EXPECT_FALSE(c.pose->animation);
}

TEST(PoseChoice, TakeNamedByPartOfItsNameAndTimeFromItsStart) {
  // ufbx's "spin" is the first take whose name contains it; 1.5 s on the file's time line is 0.5 s
  // into a take starting at 1 s.
  const auto c = choose_pose(with_animations({"AnimStack::wiggle", "spin_take"}),
                             takes({{"wiggle", 0.0}, {"spin_take", 1.0}}), frame("spin", 1.5));
  ASSERT_TRUE(c.pose);
  EXPECT_EQ(c.pose->animation, 1u);
  EXPECT_FLOAT_EQ(c.pose->time, 0.5f);
  EXPECT_EQ(c.take, "spin_take");
  EXPECT_TRUE(c.note.empty());
}

TEST(PoseChoice, PrefixOfOurNameIgnored) {
  const auto c = choose_pose(with_animations({"x", "AnimStack::wiggle"}), takes({{"wiggle", 0.0}}), frame("wig", 0.25));
  ASSERT_TRUE(c.pose);
  EXPECT_EQ(c.pose->animation, 1u);
}

TEST(PoseChoice, FallbacksAreNoted) {
  // The only animation, whatever its name.
  auto c = choose_pose(with_animations({"Take 001"}), takes({{"Base", 0.0}}), frame(std::nullopt, 0.5));
  ASSERT_TRUE(c.pose);
  EXPECT_EQ(c.pose->animation, 0u);
  EXPECT_FALSE(c.note.empty());
  // Animation 0 for the default take.
  c = choose_pose(with_animations({"p", "q"}), takes({{"Base", 0.0}, {"Other", 0.0}}), frame(std::nullopt, 0.5));
  ASSERT_TRUE(c.pose);
  EXPECT_EQ(c.pose->animation, 0u);
  // No animation converted: rest.
  c = choose_pose(with_animations({}), takes({{"Base", 0.0}}), frame(std::nullopt, 0.5));
  ASSERT_TRUE(c.pose);
  EXPECT_FALSE(c.pose->animation);
  EXPECT_FALSE(c.note.empty());
}

TEST(PoseChoice, TakeWithoutKeysMissingIsTheRestPose) {
  FbxFacts facts = takes({{"Base", 0.0}, {"Spin", 0.0}});
  facts.takes[0].has_keys = false;
  const auto c = choose_pose(with_animations({"Spin", "Wiggle"}), facts, frame("Base", 0.0));
  ASSERT_TRUE(c.pose);
  EXPECT_FALSE(c.pose->animation);
  EXPECT_FALSE(c.note.empty());
}

TEST(PoseChoice, NamedTakeMissingAmongSeveralIsAnError) {
  const auto c = choose_pose(with_animations({"p", "q"}), takes({{"Base", 0.0}, {"spin", 0.0}}), frame("spin", 0.5));
  EXPECT_FALSE(c.pose);
  EXPECT_NE(c.error.find("spin"), std::string::npos) << c.error;
}

}  // namespace
}  // namespace aem::fbx_corpus
