// glTF straight to CEM gives the model glTF -> AEM gives: the CEM's baked frames pose like the AEM's
// skeleton at the same times (both seen through the renderer's Y-up scene), and the texture keeps a
// real file name.
#include "aem/io.hpp"
#include "render/render_scene.hpp"
#include "render/render_support.hpp"

namespace aem::test {
namespace {

/// Every vertex of every mesh at `time` (skeletal animation 0, or the vertex animation).
std::vector<Vec3> posed(const Scene& prepared, float time) {
  render::ScenePose pose(prepared);
  pose.set(prepared.animations.empty() ? -1 : 0, time);
  std::vector<Vec3> out;
  for (std::size_t m = 0; m < prepared.meshes.size(); ++m) {
    const auto p = pose.posed_positions(m);
    out.insert(out.end(), p.begin(), p.end());
  }
  return out;
}

TEST(ConvertedPose, CesiumManCemPosesLikeTheAemFromTheSameGltf) {
  AEM_CORPUS_FILE(model, "gltf/CesiumMan/CesiumMan.glb");
  const auto dir = temp_dir("gltf-to-cem");
  std::string out;
  ASSERT_EQ(run_cli("convert '" + model.string() + "' '" + (dir / "cm.cem").string() + "' --fps 30", &out), 0) << out;
  ASSERT_EQ(run_cli("convert '" + model.string() + "' '" + (dir / "cm.aem").string() + "'", &out), 0) << out;
  auto cem = read_scene(dir / "cm.cem");
  auto aem = read_scene(dir / "cm.aem");
  ASSERT_TRUE(cem.ok()) << cem.error().to_string();
  ASSERT_TRUE(aem.ok()) << aem.error().to_string();
  const Scene cem_scene = render::prepare_for_render(cem.value()), aem_scene = render::prepare_for_render(aem.value());
  const float size = length(compute_bounds(aem_scene).max - compute_bounds(aem_scene).min);
  for (int frame : {0, 7, 15, 30, 45}) {
    const float t = frame / 30.0f;
    const auto a = posed(aem_scene, t), c = posed(cem_scene, t);
    ASSERT_EQ(a.size(), c.size());
    float worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, length(a[i] - c[i]));
    EXPECT_LT(worst, 1e-3f * size) << "frame " << frame;
  }
  // The texture: a real file beside the CEM, holding the glTF's image; not Assimp's "*0".
  ASSERT_FALSE(cem->textures.empty());
  for (const auto& t : cem->textures) {
    EXPECT_NE(t.name.front(), '*') << t.name;
    EXPECT_TRUE(std::filesystem::is_regular_file(dir / t.name)) << t.name;
    const Png image = read_png(dir / t.name);
    EXPECT_GT(image.width, 0) << t.name;
  }
}

}  // namespace
}  // namespace aem::test
