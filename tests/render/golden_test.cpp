// `aem render` against golden images in tests/data/render (256x192). Each test says what its image
// shows; regenerate with AEM_UPDATE_GOLDEN=1 and look at every image before committing it.
#include "render/render_support.hpp"

namespace aem::test {
namespace {

constexpr const char* kSize = "--size 256x192";

/// Renders `model` at the golden size with `options` and compares it with tests/data/render/`golden`.
void check_golden(const std::filesystem::path& model, const std::filesystem::path& dir, const std::string& golden,
                  const std::string& options) {
  const auto png = dir / golden;
  render_to(model, png, std::string(kSize) + " " + options);
  expect_matches_golden(png, golden);
}

/// The built-in example written as AEM (no corpus needed).
std::filesystem::path example_model(const std::filesystem::path& dir) {
  const auto path = dir / "tube.aem";
  std::string out;
  EXPECT_EQ(run_cli("example '" + path.string() + "'", &out), 0) << out;
  return path;
}

// Shows: the orange example tube (its colour image beside it) standing on the grid, curved with its
// top leaning left at 0.5 s of the "bend" animation, lit from the upper left (shaded darker on its
// right), on the dark grey background.
TEST(RenderGolden, ExampleBent) {
  AEM_REQUIRE_RENDER();
  const auto dir = temp_dir("render-golden");
  check_golden(example_model(dir), dir, "example_bend.png", "--time 0.5");
}

// Shows: the example tube at 1.5 s, S-curved, as a light-blue wireframe with the yellow four-joint
// skeleton (dots and lines along its axis) drawn over it, seen from the front (yaw 0), no grid.
TEST(RenderGolden, ExampleWireframeSkeleton) {
  AEM_REQUIRE_RENDER();
  const auto dir = temp_dir("render-golden");
  check_golden(example_model(dir), dir, "example_wireframe_skeleton.png",
               "--time 1.5 --yaw 0 --pitch 10 --wireframe --skeleton --no-grid");
}

// Shows: CesiumMan (glTF binary, embedded JPEG texture) upright in mid-stride at 0.5 s, his suit
// textured white with blue and green, on the grid.
TEST(RenderGolden, CesiumManWalking) {
  AEM_REQUIRE_RENDER();
  AEM_CORPUS_FILE(model, "gltf/CesiumMan/CesiumMan.glb");
  check_golden(model, temp_dir("render-golden"), "cesium_man.png", "--time 0.5");
}

// Shows: the textured AEM box (texture file Texture_BCO.png beside the model) with the Cesium logo
// upright on the visible faces, on a white background without grid.
TEST(RenderGolden, AemBoxTexturedFromFile) {
  AEM_REQUIRE_RENDER();
  AEM_CORPUS_FILE(model, "aem/BoxTextured.aem");
  check_golden(model, temp_dir("render-golden"), "aem_box_textured.png", "--background '#ffffff' --no-grid");
}

// Shows: the raylib guy (IQM, Z up in the file) standing upright on the grid in his T pose, arms
// out, untextured white (his texture is not in the corpus), camera turned 30 degrees the other way.
TEST(RenderGolden, IqmZUpStandsUpright) {
  AEM_REQUIRE_RENDER();
  AEM_CORPUS_FILE(model, "iqm/raylib_guy.iqm");
  check_golden(model, temp_dir("render-golden"), "iqm_guy.png", "--yaw -30");
}

// Shows: glTF BoxAnimated at 2.5 s: the pink inner box (moved by its animated node) has risen
// well above the open-topped light-blue box standing on the grid.
TEST(RenderGolden, GltfNodeAnimation) {
  AEM_REQUIRE_RENDER();
  AEM_CORPUS_FILE(model, "gltf/BoxAnimated/BoxAnimated.glb");
  check_golden(model, temp_dir("render-golden"), "gltf_box_animated.png", "--time 2.5");
}

}  // namespace
}  // namespace aem::test
