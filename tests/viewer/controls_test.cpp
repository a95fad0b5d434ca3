// Window-free logic of the viewer: the playback clock and the orbit camera's mouse moves.
#include <gtest/gtest.h>

#include "aem/example.hpp"
#include "playback.hpp"
#include "render/camera.hpp"

namespace aem::test {
namespace {

TEST(Playback, LoopsWrapAndOneShotsStopAtTheEnd) {
  const Scene scene = make_example_scene();  // "bend", 2 s
  viewer::Playback p;
  p.reset(scene);
  EXPECT_EQ(p.animation, 0);
  EXPECT_FLOAT_EQ(p.duration, 2.0f);
  p.advance(2.5);
  EXPECT_NEAR(p.time, 0.5f, 1e-5f);
  p.speed = -1.0f;
  p.advance(1.0);
  EXPECT_NEAR(p.time, 1.5f, 1e-5f);
  p.speed = 1.0f;
  p.loop = false;
  p.advance(10.0);
  EXPECT_FLOAT_EQ(p.time, 2.0f);
  EXPECT_FALSE(p.playing);
  p.toggle();  // a one-shot at its end plays again from the start
  EXPECT_TRUE(p.playing);
  EXPECT_FLOAT_EQ(p.time, 0.0f);
  p.toggle();
  EXPECT_FALSE(p.playing);
  p.select(scene, -1);
  EXPECT_FLOAT_EQ(p.duration, 0.0f);
  EXPECT_FLOAT_EQ(p.time, 0.0f);
}

TEST(Playback, VertexAnimationSetsTheTimeline) {
  Scene scene;
  scene.vertex_animation.frame_count = 60;
  scene.vertex_animation.frame_rate = 0.0f;  // unknown: 30 fps assumed
  EXPECT_FLOAT_EQ(viewer::timeline_duration(scene, -1), 2.0f);
  scene.vertex_animation.frame_rate = 10.0f;
  EXPECT_FLOAT_EQ(viewer::timeline_duration(scene, -1), 6.0f);
}

TEST(CameraControls, OrbitPanZoom) {
  render::Camera c;
  Bounds b;
  b.add({-1, 0, -1});
  b.add({1, 2, 1});
  render::frame_bounds(c, b, 1.5f);
  EXPECT_NEAR(c.target.y, 1.0f, 1e-6f);
  const float d = c.distance;

  render::orbit(c, 30.0f, 100.0f);
  EXPECT_FLOAT_EQ(c.pitch_degrees, 89.0f);  // clamped short of the pole

  render::zoom(c, 1.0f);
  EXPECT_NEAR(c.distance, d * 0.9f, 1e-5f);
  render::zoom(c, -1.0f);
  EXPECT_NEAR(c.distance, d, 1e-4f);

  // Panning keeps the point under the cursor: the target moves with the drag, by the same pixels.
  render::Camera level;
  level.pitch_degrees = 0.0f;
  level.yaw_degrees = 0.0f;
  const Mat4 vp = level.view_projection(1.0f);
  float x0 = 0, y0 = 0;
  ASSERT_TRUE(render::project_to_pixel(vp, level.target, 400, 400, x0, y0));
  const Vec3 old_target = level.target;
  render::pan(level, 40.0f, 0.0f, 400);
  float x1 = 0, y1 = 0;
  ASSERT_TRUE(render::project_to_pixel(level.view_projection(1.0f), old_target, 400, 400, x1, y1));
  EXPECT_NEAR(x1 - x0, 40.0f, 0.5f);
  EXPECT_NEAR(y1 - y0, 0.0f, 0.5f);
}

}  // namespace
}  // namespace aem::test
