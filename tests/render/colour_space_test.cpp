// A converted model looks like its source: colour factors are linear, so the image that carries them
// into an AEM must be sRGB-encoded. Rendered through `aem render`, a flat-coloured source and its AEM
// agree within 2/255 on every pixel inside the model (edges aside, where antialiasing may round apart).

#include "aem/io.hpp"
#include "render/render_support.hpp"

namespace aem::test {
namespace {

const std::string kOptions = "--size 256x256 --no-grid --background transparent";

/// Renders `source` and its conversion to AEM the same way and compares them.
void expect_aem_renders_like(const std::filesystem::path& source, const std::filesystem::path& dir) {
  std::string out;
  ASSERT_EQ(run_cli("convert '" + source.string() + "' '" + (dir / "converted.aem").string() + "'", &out), 0) << out;
  render_to(source, dir / "source.png", kOptions);
  render_to(dir / "converted.aem", dir / "converted.png", kOptions);
  const Png a = read_png(dir / "source.png"), b = read_png(dir / "converted.png");
  ASSERT_EQ(a.width, b.width);
  int compared = 0;
  EXPECT_LE(interior_difference(a, b, compared), 2);
  EXPECT_GT(compared, 256 * 256 / 20);  // the model covers a fair part of the image
}

// Hand-built: a quad in a glTF whose only colour is a base colour factor.
TEST(RenderColourSpace, FactorOnlyGltfAndItsAemRenderAlike) {
  AEM_REQUIRE_RENDER();
  Scene s;
  Mesh m;
  m.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  m.normals.assign(4, {0, 0, 1});
  m.indices = {0, 1, 2, 0, 2, 3};
  m.material = 0;
  s.meshes.push_back(m);
  Material mat;
  mat.name = "paint";
  mat.base_color = {0.8f, 0.3f, 0.05f, 1.0f};  // sRGB 231, 149, 63: far from the bytes 204, 77, 13
  s.materials.push_back(mat);
  const auto dir = temp_dir("colour-space-quad");
  ASSERT_TRUE(write_scene(dir / "quad.gltf", s).ok());
  expect_aem_renders_like(dir / "quad.gltf", dir);
}

// Box.glb: one red factor-only material; its source render shows (203, 18, 18) in the middle.
TEST(RenderColourSpace, BoxAndItsAemRenderAlike) {
  AEM_REQUIRE_RENDER();
  AEM_CORPUS_FILE(box, "gltf/Box/Box.glb");
  const auto dir = temp_dir("colour-space-box");
  expect_aem_renders_like(box, dir);
}

}  // namespace
}  // namespace aem::test
