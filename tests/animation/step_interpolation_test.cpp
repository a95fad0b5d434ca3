// STEP key lists: the scene evaluator holds each key's value until the next key, and
// with_linear_keys turns them into linear lists that play the same for formats without STEP.
#include <gtest/gtest.h>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"

namespace aem {
namespace {

Channel stepped() {
  Channel ch;
  ch.translation = {{0.0f, {0, 0, 0}}, {1.0f, {10, 0, 0}}, {2.0f, {20, 0, 0}}};
  ch.translation_interpolation = Interpolation::Step;
  ch.rotation = {{0.0f, Quat{}}, {1.0f, Quat{0, 0, 1, 0}}};  // a half turn about z, stepped too
  ch.rotation_interpolation = Interpolation::Step;
  return ch;
}

TEST(StepInterpolation, HoldsTheEarlierKeyUntilTheNext) {
  const Channel ch = stepped();
  const Transform rest;
  struct Case {
    float t, x;
  };
  for (const Case c : {Case{-1.0f, 0}, Case{0.0f, 0}, Case{0.5f, 0}, Case{0.999f, 0}, Case{1.0f, 10}, Case{1.5f, 10},
                       Case{2.0f, 20}, Case{3.0f, 20}}) {
    const Transform tr = sample_channel(ch, rest, c.t);
    EXPECT_FLOAT_EQ(tr.translation.x, c.x) << "t=" << c.t;
  }
  EXPECT_FLOAT_EQ(sample_channel(ch, rest, 0.9f).rotation.w, 1.0f);
  EXPECT_FLOAT_EQ(sample_channel(ch, rest, 1.0f).rotation.z, 1.0f);
}

TEST(StepInterpolation, LinearChannelsStillBlend) {
  Channel ch = stepped();
  ch.translation_interpolation = Interpolation::Linear;
  EXPECT_FLOAT_EQ(sample_channel(ch, Transform{}, 0.5f).translation.x, 5.0f);
}

TEST(StepInterpolation, SceneAnimatorHonoursStep) {
  Scene scene;
  scene.joints.resize(1);
  Animation anim;
  anim.duration = 2.0f;
  anim.channels.push_back(stepped());
  scene.animations.push_back(anim);
  SceneAnimator animator(scene);
  std::vector<Mat4> skin(1);
  animator.evaluate(0, 1.5f, skin);
  const Vec3 p = transform_point(skin[0], {1, 0, 0});  // turned half about z, then moved 10 along x
  EXPECT_NEAR(p.x, 9.0f, 1e-5f);
  EXPECT_NEAR(p.y, 0.0f, 1e-5f);
}

TEST(StepInterpolation, WithLinearKeysPlaysTheSame) {
  const Channel step = stepped();
  const Channel linear = with_linear_keys(step);
  EXPECT_EQ(linear.translation_interpolation, Interpolation::Linear);
  EXPECT_EQ(linear.rotation_interpolation, Interpolation::Linear);
  EXPECT_EQ(linear.translation.size(), 5u);  // a held copy before each later key
  for (float t = -0.5f; t <= 2.5f; t += 0.125f) {
    const Transform a = sample_channel(step, Transform{}, t), b = sample_channel(linear, Transform{}, t);
    EXPECT_NEAR(a.translation.x, b.translation.x, 1e-4f) << "t=" << t;
    EXPECT_NEAR(a.rotation.z, b.rotation.z, 1e-4f) << "t=" << t;
  }
}

}  // namespace
}  // namespace aem
