// Keyed animations (glTF's, AEM's) resampled into IQE/IQM frames: the clip keeps its length. IQE/IQM
// play N frames in N / rate seconds (the last frame lasts until the clip ends), so 1.25 s at 30 fps
// must not become 39 frames = 1.30 s (issue 33, item 9: CesiumMilkTruck).
#include <gtest/gtest.h>

#include "iqe/iqe_support.hpp"

namespace aem {
namespace {

/// One joint moving along X at 1 unit per second for 1.25 s, keyed at both ends (no frame rate).
Scene drive() {
  Scene s;
  s.joints.resize(1);
  s.joints[0].name = "wheel";
  Animation a;
  a.name = "drive";
  a.duration = 1.25f;
  Channel c;
  c.joint = 0;
  c.translation = {{0.0f, {0, 0, 0}}, {1.25f, {1.25f, 0, 0}}};
  a.channels.push_back(c);
  s.animations.push_back(a);
  return s;
}

TEST(Resample, KeyedClipKeepsItsDurationInFrames) {
  for (const char* format : {"iqe", "iqm"}) {
    SCOPED_TRACE(format);
    auto back = test::round_trip(drive(), format);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    const Animation& a = back->animations.at(0);
    EXPECT_NEAR(a.duration, 1.25f, 1e-6f);
    // 1.25 s x 30 fps = 37.5 frames, rounded to 38 whole frames spread over the 1.25 s.
    const auto& keys = a.channels.at(0).translation;
    ASSERT_EQ(keys.size(), 38u);
    for (std::size_t f = 0; f < keys.size(); ++f) {
      const float t = 1.25f * f / 38;
      EXPECT_NEAR(keys[f].time, t, 1e-5f) << f;
      EXPECT_NEAR(keys[f].value.x, t, 1e-4f) << f;  // the source's pose at that time
    }
    EXPECT_NEAR(a.frame_rate, 38 / 1.25f, 1e-4f);
  }
}

TEST(Resample, WholeFrameCountsKeepTheRate) {
  Scene s = drive();
  s.animations[0].duration = 1.0f;
  s.animations[0].channels[0].translation[1] = {1.0f, {1, 0, 0}};
  auto back = test::round_trip(s, "iqm");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->animations.at(0).frame_rate, 30.0f);
  EXPECT_EQ(back->animations[0].channels.at(0).translation.size(), 30u);
  EXPECT_NEAR(back->animations[0].duration, 1.0f, 1e-6f);
}

}  // namespace
}  // namespace aem
