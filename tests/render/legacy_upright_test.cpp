// A legacy (2022) AEM animates upright, like the glTF it was exported from: its skin matrices leave out
// the armature's axis turn, which the reader restores (docs/legacy-aem.md).
#include "render/render_support.hpp"
#include "support/blender.hpp"

namespace aem::test {
namespace {

struct Silhouette {
  PixelBox box;
  float centre_x = 0, centre_y = 0;  ///< centroid of the opaque pixels, as a fraction of the box
  float aspect() const { return float(box.y1 - box.y0 + 1) / float(box.x1 - box.x0 + 1); }
};

Silhouette silhouette(const std::filesystem::path& model, const std::filesystem::path& png) {
  render_to(model, png, "--size 320x240 --background transparent --no-grid --time 1");
  const Png image = read_png(png);
  Silhouette s;
  s.box = opaque_box(image);
  double sx = 0, sy = 0, n = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x)
      if (image.at(x, y)[3] != 0) sx += x, sy += y, ++n;
  if (n > 0) {
    s.centre_x = float((sx / n - s.box.x0) / (s.box.x1 - s.box.x0 + 1));
    s.centre_y = float((sy / n - s.box.y0) / (s.box.y1 - s.box.y0 + 1));
  }
  return s;
}

TEST(RenderLegacy, RiggedSimpleAtOneSecondHasTheGltfSilhouette) {
  AEM_REQUIRE_RENDER();
  AEM_CORPUS_FILE(legacy, "aem-legacy/RiggedSimple.legacy.aem");
  AEM_CORPUS_FILE(gltf, "gltf/RiggedSimple/RiggedSimple.glb");
  const auto dir = temp_dir("render-legacy");
  const Silhouette a = silhouette(legacy, dir / "legacy.png"), b = silhouette(gltf, dir / "gltf.png");
  ASSERT_LT(a.box.x0, a.box.x1);
  ASSERT_LT(b.box.x0, b.box.x1);
  // Upright and bent the same way: the same shape of box and the same centroid inside it. A tube on
  // its side would be wide where the glTF's is tall.
  EXPECT_NEAR(a.aspect(), b.aspect(), 0.08f * b.aspect());
  EXPECT_NEAR(a.centre_x, b.centre_x, 0.04f);
  EXPECT_NEAR(a.centre_y, b.centre_y, 0.04f);
}

TEST(RenderLegacy, CesiumManFromBlenderStandsLikeItsGltfRenderedAndUpgraded) {
  // Blender's glTF import turns CesiumMan's armature object 90 degrees about X, and the walk moves its
  // root away from the bind pose at every key: the 2022 layout made of that import (written as the
  // add-on wrote it, tests/support/legacy_aem_export.py) must stand, read and upgraded alike.
  AEM_REQUIRE_RENDER();
  AEM_REQUIRE_BLENDER();
  AEM_CORPUS_FILE(gltf, "gltf/CesiumMan/CesiumMan.glb");
  const auto dir = temp_dir("render-legacy-cesium");
  const auto legacy = dir / "CesiumMan.legacy.aem", upgraded = dir / "CesiumMan.upgraded.aem";
  const std::string failed = blender_export(gltf, {legacy});
  ASSERT_TRUE(failed.empty()) << failed;
  std::string out;
  ASSERT_EQ(run_cli("validate \"" + legacy.string() + "\"", &out), 0) << out;
  EXPECT_NE(out.find("AEM_LEGACY_ARMATURE_RESTORED"), std::string::npos) << out;
  ASSERT_EQ(run_cli("convert \"" + legacy.string() + "\" \"" + upgraded.string() + "\"", &out), 0) << out;
  const Silhouette want = silhouette(gltf, dir / "gltf.png");
  ASSERT_LT(want.box.x0, want.box.x1);
  ASSERT_GT(want.aspect(), 1.5f);  // a standing figure: far taller than wide
  for (const auto& model : {legacy, upgraded}) {
    const Silhouette got = silhouette(model, dir / (model.stem().string() + ".png"));
    ASSERT_LT(got.box.x0, got.box.x1) << model;
    EXPECT_NEAR(got.aspect(), want.aspect(), 0.1f * want.aspect()) << model;
    EXPECT_NEAR(got.centre_y, want.centre_y, 0.05f) << model;
  }
}

}  // namespace
}  // namespace aem::test
