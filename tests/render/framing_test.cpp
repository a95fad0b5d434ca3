// Framing covers the whole animation (sampled), so that no pose leaves the picture and renders of one
// animation at several times share a camera; the ground grid stays under the model's lowest point.
#include "aem/io.hpp"
#include "render/camera.hpp"
#include "render/lines.hpp"
#include "render/render_scene.hpp"
#include "render/render_support.hpp"

namespace aem::test {
namespace {

/// Every vertex of every pose at `steps` times over the first animation projects inside a
/// width x height picture taken by the camera `aem render` uses.
void expect_every_pose_inside(const std::filesystem::path& model, int width, int height) {
  auto scene = read_scene(model);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  const Scene prepared = render::prepare_for_render(scene.value());
  ASSERT_FALSE(prepared.animations.empty());
  const float aspect = float(width) / float(height);
  const render::Camera camera = render::orbit_camera(render::animation_bounds(prepared, 0), 30.0f, 20.0f, aspect);
  const Mat4 vp = camera.view_projection(aspect);
  render::ScenePose pose(prepared);
  const float duration = prepared.animations[0].duration;
  constexpr int kSteps = 157;  // not a multiple of the framing samples: times between them too
  for (int i = 0; i <= kSteps; ++i) {
    const float t = duration * float(i) / kSteps;
    pose.set(0, t);
    float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
    for (std::size_t m = 0; m < prepared.meshes.size(); ++m)
      for (const Vec3& p : pose.posed_positions(m)) {
        float x = 0, y = 0;
        ASSERT_TRUE(render::project_to_pixel(vp, p, width, height, x, y));
        x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
      }
    EXPECT_GE(x0, 0.0f) << model << " at " << t;
    EXPECT_GE(y0, 0.0f) << model << " at " << t;
    EXPECT_LE(x1, float(width)) << model << " at " << t;
    EXPECT_LE(y1, float(height)) << model << " at " << t;
  }
}

TEST(Framing, BoxAnimatedLidStaysInTheWindow) {
  AEM_CORPUS_FILE(model, "gltf/BoxAnimated/BoxAnimated.glb");
  expect_every_pose_inside(model, 1920, 1080);
}

TEST(Framing, RaylibGuyJumpStaysInTheWindow) {
  AEM_CORPUS_FILE(model, "iqe/raylib_guy.iqe");
  expect_every_pose_inside(model, 1920, 1080);
}

TEST(Framing, AnimationBoundsHoldEveryPose) {
  AEM_CORPUS_FILE(model, "gltf/CesiumMan/CesiumMan.glb");
  auto scene = read_scene(model);
  ASSERT_TRUE(scene.ok());
  const Scene prepared = render::prepare_for_render(scene.value());
  const Bounds all = render::animation_bounds(prepared, 0);
  const float slack = 0.01f * length(all.max - all.min);
  render::ScenePose pose(prepared);
  for (int i = 0; i <= 101; ++i) {
    pose.set(0, prepared.animations[0].duration * float(i) / 101);
    const Bounds b = pose.posed_bounds();
    for (const Vec3& corner : {b.min, b.max}) {
      EXPECT_GE(corner.x, all.min.x - slack);
      EXPECT_GE(corner.y, all.min.y - slack);
      EXPECT_GE(corner.z, all.min.z - slack);
      EXPECT_LE(corner.x, all.max.x + slack);
      EXPECT_LE(corner.y, all.max.y + slack);
      EXPECT_LE(corner.z, all.max.z + slack);
    }
  }
}

TEST(Framing, GridLiesBelowTheLowestPoint) {
  // A model lying on the ground plane: its bottom face at y = 0 must not share the grid's depth.
  Bounds b;
  b.add({-1, 0, -1});
  b.add({1, 0.5f, 1});
  const auto lines = render::ground_grid(b);
  ASSERT_FALSE(lines.empty());
  for (const auto& v : lines) EXPECT_LT(v.position.y, b.min.y);
}

}  // namespace
}  // namespace aem::test
