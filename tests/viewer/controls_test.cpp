// Window-free logic of the viewer: the playback clock and the orbit camera's mouse moves.
#include <gtest/gtest.h>

#include "aem/example.hpp"
#include "file_watch.hpp"
#include "layout.hpp"
#include "playback.hpp"
#include "render/camera.hpp"
#include "render/debug_images.hpp"
#include "render/inspect_lines.hpp"
#include "render/joint_pick.hpp"
#include "render_command.hpp"
#include "support/corpus.hpp"

#include <chrono>

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

TEST(Playback, StepsOnTheSourceFrameGridWithinTheTimeline) {
  Scene scene = make_example_scene();  // 2 s, no frame rate of its own: 30 fps
  scene.animations[0].frame_rate = 24.0f;
  viewer::Playback p;
  p.reset(scene);
  EXPECT_FLOAT_EQ(p.frame_rate, 24.0f);
  p.time = 0.51f;  // nearest frame 12 (0.5 s)
  p.step_frames(1);
  EXPECT_FALSE(p.playing);
  EXPECT_EQ(p.frame(), 13);
  EXPECT_FLOAT_EQ(p.time, 13.0f / 24.0f);
  p.step_frames(-100);
  EXPECT_FLOAT_EQ(p.time, 0.0f);
  p.step_frames(1000);
  EXPECT_FLOAT_EQ(p.time, 2.0f);  // frame 48
  // Looping stays within the range.
  p.range_start = 0.5f;
  p.range_end = 1.0f;
  p.time = 0.9f;
  p.playing = true;
  p.advance(0.3);
  EXPECT_NEAR(p.time, 0.7f, 1e-5f);
  p.go_end();
  EXPECT_FLOAT_EQ(p.time, 1.0f);
  p.go_start();
  EXPECT_FLOAT_EQ(p.time, 0.5f);
}

TEST(Playback, KeyTimesOfOneJointOrAll) {
  Scene scene;
  scene.joints.resize(2);
  Animation a;
  Channel c0, c1;
  c0.joint = 0;
  c0.translation = {{0.0f, {}}, {1.0f, {}}};
  c0.rotation = {{0.5f, {}}, {1.0f, {}}};
  c1.joint = 1;
  c1.scale = {{0.25f, {}}};
  a.channels = {c0, c1};
  scene.animations.push_back(a);
  EXPECT_EQ(viewer::key_times(scene, 0, 0), (std::vector<float>{0.0f, 0.5f, 1.0f}));
  EXPECT_EQ(viewer::key_times(scene, 0, 1), (std::vector<float>{0.25f}));
  EXPECT_EQ(viewer::key_times(scene, 0, -1), (std::vector<float>{0.0f, 0.25f, 0.5f, 1.0f}));
  EXPECT_TRUE(viewer::key_times(scene, 3, -1).empty());
}

TEST(ViewerLayout, WindowFollowsTheScaleWithinTheWorkArea) {
  const viewer::WindowArea screen{0, 0, 1600, 1000};
  const auto is = [](const viewer::WindowArea& a, int x, int y, int w, int h) {
    return a.x == x && a.y == y && a.width == w && a.height == h;
  };
  EXPECT_TRUE(is(viewer::initial_window_area(0, 0, 1.0f, screen), 0, 0, 1280, 800));
  EXPECT_TRUE(is(viewer::initial_window_area(0, 0, 2.0f, screen), 0, 0, 1600, 1000));  // 2560x1600 shrunk
  EXPECT_TRUE(is(viewer::initial_window_area(0, 0, 1.5f, {100, 30, 1920, 1050}), 100, 30, 1920, 1050));  // 1920x1200
  EXPECT_TRUE(is(viewer::initial_window_area(0, 0, 1.25f, {100, 30, 1920, 1050}), 100, 30, 1600, 1000));
  EXPECT_TRUE(is(viewer::initial_window_area(640, 480, 2.0f, screen), 0, 0, 640, 480));  // asked for
  EXPECT_TRUE(is(viewer::initial_window_area(0, 480, 2.0f, screen), 0, 0, 1600, 480));
  EXPECT_TRUE(is(viewer::initial_window_area(0, 0, 2.0f, {}), 0, 0, 2560, 1600));  // no monitor known
}

TEST(ViewerLayout, RowsWrapWhereTheNextControlNoLongerFits) {
  const std::vector<float> three{50, 50, 50};
  // 50 + 5 + 50 + 5 + 50 = 160.
  EXPECT_EQ(viewer::row_starts(three, 160, 5), (std::vector<bool>{true, false, false}));
  EXPECT_EQ(viewer::row_starts(three, 159, 5), (std::vector<bool>{true, false, true}));
  EXPECT_EQ(viewer::row_starts(three, 40, 5), (std::vector<bool>{true, true, true}));
  // One wider than the room gets its own row; the next starts another.
  EXPECT_EQ(viewer::row_starts(std::vector<float>{200, 10, 10}, 100, 5), (std::vector<bool>{true, true, false}));
}

TEST(ViewerLayout, KeyMarksKeepTheirDistance) {
  std::vector<float> every_five;
  for (int x = 0; x <= 100; x += 5) every_five.push_back(float(x));
  EXPECT_EQ(viewer::thin_marks(every_five, 10), (std::vector<float>{0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100}));
  EXPECT_EQ(viewer::thin_marks(std::vector<float>{0, 3, 7, 12}, 5), (std::vector<float>{0, 7, 12}));
  EXPECT_TRUE(viewer::thin_marks(std::vector<float>{}, 5).empty());
}

TEST(FileWatch, SeesTouchesAndTextureChangesOnce) {
  const auto dir = temp_dir("file-watch");
  write_file(dir / "m.aem", std::string("model"));
  write_file(dir / "t.png", std::string("texture"));
  Scene scene;
  scene.textures.resize(2);
  scene.textures[0].name = "t.png";
  scene.textures[1].name = "embedded.png";
  scene.textures[1].data = {1};
  const auto files = viewer::model_files(dir / "m.aem", scene);
  ASSERT_EQ(files.size(), 2u);  // the embedded texture is not a file
  viewer::FileWatch watch;
  watch.watch(files);
  EXPECT_FALSE(watch.changed());
  std::filesystem::last_write_time(dir / "t.png",
                                   std::filesystem::last_write_time(dir / "t.png") + std::chrono::seconds(3));
  EXPECT_TRUE(watch.changed());
  EXPECT_FALSE(watch.changed());
  std::filesystem::remove(dir / "m.aem");
  EXPECT_TRUE(watch.changed());
}

TEST(RenderCommand, QuotesTheFileAndListsNonDefaultOptions) {
  viewer::ViewDescription v;
  v.file = "/tmp/my model's.aem";
  v.animation = 2;
  v.time = 0.25f;
  v.width = 640;
  v.height = 480;
  v.camera.target = {1, 2, 3};
  v.camera.distance = 4.5f;
  v.draw.wire_overlay = true;
  v.draw.grid = false;
  v.draw.selected_joint = 7;
  EXPECT_EQ(viewer::render_command(v),
            "aem render '/tmp/my model'\\''s.aem' -o view.png --size 640x480 --anim 2 --time 0.25 --yaw 30 --pitch 20 "
            "--target 1,2,3 --distance 4.5 --overlay --no-grid --joint 7");
  EXPECT_EQ(viewer::shell_quote("plain/path-1.aem"), "plain/path-1.aem");
}

TEST(RenderCommand, NumbersRoundedToATenthOfAPixel) {
  viewer::ViewDescription v;
  v.file = "m.aem";
  v.animation = 0;
  v.time = 0.0333333351f;
  v.width = 1024;
  v.height = 768;
  v.camera.target = {-2.98023224e-08f, 1.23456789f, 0.5f};
  v.camera.distance = 4.56789f;
  v.camera.yaw_degrees = 30.0000019f;
  v.camera.pitch_degrees = -12.3456789f;
  // A pixel at the target is 2 x 4.57 x tan(40 deg / 2) / 768 = 0.0043 units (4 decimals resolve a tenth
  // of it) and 40 / 768 = 0.052 degrees (3 decimals). The time stays exact: a STEP key may sit at 1/30 s.
  EXPECT_EQ(viewer::render_command(v),
            "aem render m.aem -o view.png --size 1024x768 --anim 0 --time 0.033333335 --yaw 30 --pitch -12.346 "
            "--target 0,1.2346,0.5 --distance 4.5679");
}

TEST(InspectOverlays, ChannelsCheckerPickingAndLines) {
  const Image img{1, 1, {10, 20, 30, 40}};
  const Image g = render::channel_image(img, 1);
  EXPECT_EQ(g.rgba, (std::vector<std::uint8_t>{20, 20, 20, 255}));
  EXPECT_TRUE(render::channel_image(img, 4).empty());
  const Image checker = render::uv_checker_image(64);
  EXPECT_NE(checker.at(0, 0)[2], checker.at(8, 0)[2]);  // neighbouring cells alternate
  EXPECT_EQ(checker.at(0, 0)[2], checker.at(16, 0)[2]);

  // Two joints seen straight on: the click picks the nearer one, or none beyond the radius.
  render::Camera cam;
  cam.yaw_degrees = cam.pitch_degrees = 0.0f;
  const Mat4 vp = cam.view_projection(1.0f);
  std::vector<Mat4> joints(2);
  joints[1].m[12] = 1.0f;
  float x1 = 0, y1 = 0;
  ASSERT_TRUE(render::project_to_pixel(vp, {1, 0, 0}, 200, 200, x1, y1));
  EXPECT_EQ(render::pick_joint(joints, vp, 200, 200, x1 + 3, y1, 10.0f), 1);
  EXPECT_EQ(render::pick_joint(joints, vp, 200, 200, 100, 100, 10.0f), 0);
  EXPECT_EQ(render::pick_joint(joints, vp, 200, 200, 100, 190, 10.0f), -1);

  // The selected joint's segments: to its parent and each child.
  Scene s;
  s.joints.resize(3);
  s.joints[1].parent = 0;
  s.joints[2].parent = 1;
  EXPECT_EQ(render::bone_highlight_lines(s, std::vector<Mat4>(3), 1).size(), 6u);  // dot + parent + child
  EXPECT_TRUE(render::bone_highlight_lines(s, std::vector<Mat4>(3), 5).empty());

  // Normal lines: one segment per vertex, `length` along the normal.
  Scene tri;
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
  m.indices = {0, 1, 2};
  tri.meshes.push_back(m);
  const render::ScenePose pose(tri);
  const auto lines = render::vertex_direction_lines(tri, pose, {}, render::VertexDirection::normal, 0.5f);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_FLOAT_EQ(lines[1].position.z, 0.5f);
  EXPECT_FLOAT_EQ(lines[3].position.x, 1.0f);
  EXPECT_TRUE(render::vertex_direction_lines(tri, pose, {}, render::VertexDirection::tangent, 0.5f).empty());
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
