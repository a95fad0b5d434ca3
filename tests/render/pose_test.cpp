// Animation on the GPU: the picture changes over time, and the silhouette of a posed model is where
// the CPU reference (SceneAnimator + pose_mesh, through render::ScenePose) puts its vertices.
#include "aem/io.hpp"
#include "aem/scene_animation.hpp"
#include "render/camera.hpp"
#include "render/render_scene.hpp"
#include "render/render_support.hpp"

namespace aem::test {
namespace {

constexpr int kWidth = 320, kHeight = 240;

std::filesystem::path example_as(const std::filesystem::path& dir, const std::string& name,
                                 const std::string& options = "") {
  const auto aem = dir / "tube.aem";
  std::string out;
  EXPECT_EQ(run_cli("example '" + aem.string() + "' " + options, &out), 0) << out;
  if (name == "tube.aem") return aem;
  // CEM bakes the skeletal "bend" into vertex-animation frames.
  EXPECT_EQ(run_cli("convert '" + aem.string() + "' '" + (dir / name).string() + "' --fps 10", &out), 0) << out;
  return dir / name;
}

/// Pixel box of the model's vertices posed on the CPU at `time` (first animation) and projected with
/// the camera `aem render` uses at its default angles (framed on the whole animation).
PixelBox cpu_box(const std::filesystem::path& model, float time, bool bind_pose = false) {
  auto scene = read_scene(model);
  EXPECT_TRUE(scene.ok());
  if (!scene.ok()) return {};
  const Scene prepared = render::prepare_for_render(scene.value());
  render::ScenePose pose(prepared);
  const std::int32_t animation = prepared.animations.empty() ? -1 : 0;
  pose.set(animation, time);
  const float aspect = float(kWidth) / float(kHeight);
  const render::Camera camera =
      render::orbit_camera(render::animation_bounds(prepared, animation), 30.0f, 20.0f, aspect);
  if (bind_pose) pose.set(-1, 0.0f);
  const Mat4 vp = camera.view_projection(aspect);
  float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
  for (std::size_t m = 0; m < prepared.meshes.size(); ++m)
    for (const Vec3& p : pose.posed_positions(m)) {
      float x = 0, y = 0;
      if (!render::project_to_pixel(vp, p, kWidth, kHeight, x, y)) continue;
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
  return {int(std::floor(x0)), int(std::floor(y0)), int(std::floor(x1)), int(std::floor(y1))};
}

void expect_near(const PixelBox& rendered, const PixelBox& expected, int tolerance) {
  EXPECT_NEAR(rendered.x0, expected.x0, tolerance);
  EXPECT_NEAR(rendered.x1, expected.x1, tolerance);
  EXPECT_NEAR(rendered.y0, expected.y0, tolerance);
  EXPECT_NEAR(rendered.y1, expected.y1, tolerance);
}

int box_distance(const PixelBox& a, const PixelBox& b) {
  return std::max({std::abs(a.x0 - b.x0), std::abs(a.x1 - b.x1), std::abs(a.y0 - b.y0), std::abs(a.y1 - b.y1)});
}

/// Renders on a transparent background without grid: the opaque pixels are the model. In wireframe,
/// which culls nothing: the CPU box counts every vertex, also those of an open tube's far rim that
/// only its (culled) back faces show.
PixelBox rendered_box(const std::filesystem::path& model, float time) {
  const auto png = temp_dir("render-pose") / "silhouette.png";
  render_to(model, png, "--size 320x240 --background transparent --no-grid --wireframe --time " + std::to_string(time));
  return opaque_box(read_png(png));
}

void check_silhouette(const std::filesystem::path& model, float time) {
  const PixelBox expected = cpu_box(model, time);
  // The pose must matter at this time, or the test would not tell skinning from no skinning: it must
  // move the box by more than twice the tolerance (the camera frames the whole animation, so a pose
  // moves fewer pixels than when each pose was framed alone).
  ASSERT_GT(box_distance(expected, cpu_box(model, time, true)), 4) << "pose too close to the bind pose";
  expect_near(rendered_box(model, time), expected, 2);
}

TEST(RenderPose, SkinnedExampleSilhouetteMatchesCpuPose) {
  AEM_REQUIRE_RENDER();
  check_silhouette(example_as(temp_dir("render-pose"), "tube.aem"), 0.5f);
}

// More joints than a 16 KB uniform block holds (256 matrices): the skin matrices live in a buffer texture.
TEST(RenderPose, ThreeHundredJointSilhouetteMatchesCpuPose) {
  AEM_REQUIRE_RENDER();
  check_silhouette(example_as(temp_dir("render-pose"), "tube.aem", "--joints 300 --rings 600"), 0.5f);
}

TEST(RenderPose, VertexAnimatedCemSilhouetteMatchesCpuFrames) {
  AEM_REQUIRE_RENDER();
  check_silhouette(example_as(temp_dir("render-pose"), "tube.cem"), 0.4f);
}

TEST(RenderPose, CesiumManSilhouetteMatchesCpuPose) {
  AEM_REQUIRE_RENDER();
  AEM_CORPUS_FILE(model, "gltf/CesiumMan/CesiumMan.glb");
  check_silhouette(model, 0.7f);
}

// AEM mesh animation: the boxes follow their rigid joints (Mesh::rigid_joints) on the GPU.
TEST(RenderPose, MeshAnimatedAemSilhouetteMatchesCpuPose) {
  AEM_REQUIRE_RENDER();
  AEM_CORPUS_FILE(model, "aem/BoxAnimated.aem");
  check_silhouette(model, 1.0f);
}

/// Renders `model` at two times with the same options; the fraction of pixels that differ visibly.
double change_between(const std::filesystem::path& model, float a, float b) {
  const auto dir = temp_dir("render-pose");
  render_to(model, dir / "a.png", "--size 256x192 --time " + std::to_string(a));
  render_to(model, dir / "b.png", "--size 256x192 --time " + std::to_string(b));
  return compare(read_png(dir / "a.png"), read_png(dir / "b.png")).differing;
}

TEST(RenderPose, AnimatedPixelsChangeOverTime) {
  AEM_REQUIRE_RENDER();
  AEM_CORPUS_FILE(model, "gltf/CesiumMan/CesiumMan.glb");
  EXPECT_GT(change_between(model, 0.25f, 1.0f), 0.01);
}

TEST(RenderPose, ExamplePixelsChangeOverTime) {
  AEM_REQUIRE_RENDER();
  const auto model = example_as(temp_dir("render-pose"), "tube.aem");
  EXPECT_GT(change_between(model, 0.5f, 1.5f), 0.01);
  EXPECT_EQ(change_between(model, 0.5f, 0.5f), 0.0);
}

}  // namespace
}  // namespace aem::test
