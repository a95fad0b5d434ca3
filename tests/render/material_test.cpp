// Material inputs reach the shading, rendered in-process: an embedded normal map tilts the lighting
// (with the mesh's tangents, and with the screen-derivative frame when the mesh has none), and a
// base colour texture colours the surface.

#include "core/image.hpp"
#include "render/offscreen.hpp"
#include "render/render_support.hpp"
#include "render/renderer.hpp"

namespace aem::test {
namespace {

constexpr int kSize = 64;

/// A 4x4 PNG of one colour.
std::vector<std::uint8_t> solid_png(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  std::vector<std::uint8_t> pixels;
  for (int i = 0; i < 16; ++i) pixels.insert(pixels.end(), {r, g, b, 255});
  const std::vector<std::byte> png = encode_png(4, 4, 4, pixels.data());
  return {reinterpret_cast<const std::uint8_t*>(png.data()),
          reinterpret_cast<const std::uint8_t*>(png.data()) + png.size()};
}

/// A 2x2 quad facing +Z (towards a camera at yaw 0), white, fully rough.
Scene quad(bool tangents) {
  Scene s;
  Mesh m;
  m.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  m.normals.assign(4, {0, 0, 1});
  if (tangents) m.tangents.assign(4, {1, 0, 0, 1});
  m.uvs.push_back({{0, 0}, {1, 0}, {1, 1}, {0, 1}});  // the scene's default: origin bottom left
  m.indices = {0, 1, 2, 0, 2, 3};
  m.material = 0;
  s.meshes.push_back(m);
  Material mat;
  mat.roughness = 1.0f;
  s.materials.push_back(mat);
  return s;
}

/// Mean RGB of the centre 16x16 pixels of `scene` seen head-on (no grid).
std::array<double, 3> centre_colour(const Scene& scene) {
  auto renderer = render::Renderer::create();
  EXPECT_TRUE(renderer.ok());
  if (!renderer.ok()) return {};
  auto& r = *renderer.value();
  r.load(scene, {});
  const auto pixels = draw_offscreen(r, render::orbit_camera(r.rest_bounds(), 0.0f, 0.0f, 1.0f), kSize, kSize,
                                     render::DrawOptions{}.background)
                          .rgba;
  std::array<double, 3> sum{};
  for (int y = kSize / 2 - 8; y < kSize / 2 + 8; ++y)
    for (int x = kSize / 2 - 8; x < kSize / 2 + 8; ++x)
      for (int c = 0; c < 3; ++c) sum[c] += pixels[(std::size_t(y) * kSize + x) * 4 + c] / 256.0;
  for (double& v : sum) v /= 256.0;
  return sum;
}

using RenderMaterial = HeadlessTest;

/// The quad with a normal map of one colour.
Scene mapped(bool tangents, std::uint8_t r, std::uint8_t g) {
  Scene s = quad(tangents);
  const auto png = solid_png(r, g, 255);
  s.textures.push_back({"map.png", std::vector<std::uint8_t>(png.begin(), png.end()), "image/png"});
  s.materials[0].textures.normal = 0;
  return s;
}

/// The quad with a normal map whose every texel leans 45 degrees towards +U (the tangent, +X here): away from
/// the key light, which comes from the upper left, so the quad gets darker (by about 0.07 in the
/// 0..1 output, after the tone curve and ambient light; an ignored map changes nothing).
Scene tilted(bool tangents) { return mapped(tangents, 255, 128); }

TEST_F(RenderMaterial, NormalMapTiltsTheLightingWithTangents) {
  const auto flat = centre_colour(quad(true));
  const auto mapped = centre_colour(tilted(true));
  EXPECT_LT(mapped[0], flat[0] - 0.04) << "flat " << flat[0] << " mapped " << mapped[0];
}

TEST_F(RenderMaterial, NormalMapTiltsTheLightingWithoutTangents) {
  const auto flat = centre_colour(quad(false));
  const auto mapped = centre_colour(tilted(false));
  EXPECT_LT(mapped[0], flat[0] - 0.04) << "flat " << flat[0] << " mapped " << mapped[0];
  // Both tangent frames agree on this quad.
  EXPECT_NEAR(mapped[0], centre_colour(tilted(true))[0], 0.02);
}

// Green up the image means up the quad (towards the key light) in both tangent frames: brighter.
TEST_F(RenderMaterial, NormalMapGreenPointsUpTheImageInBothFrames) {
  const double flat = centre_colour(quad(true))[0];
  const double with_tangents = centre_colour(mapped(true, 128, 230))[0];
  const double derived = centre_colour(mapped(false, 128, 230))[0];
  EXPECT_GT(with_tangents, flat + 0.02);
  EXPECT_NEAR(derived, with_tangents, 0.02);
}

TEST_F(RenderMaterial, BaseColourTextureColoursTheSurface) {
  Scene s = quad(true);
  const auto png = solid_png(20, 200, 30);
  s.textures.push_back({"green.png", std::vector<std::uint8_t>(png.begin(), png.end()), "image/png"});
  s.materials[0].textures.base_color = 0;
  const auto c = centre_colour(s);
  EXPECT_GT(c[1], c[0] * 2) << c[0] << " " << c[1] << " " << c[2];
  EXPECT_GT(c[1], c[2] * 2);
}

TEST_F(RenderMaterial, UndecodableTextureFallsBackAndIsReported) {
  Scene s = quad(true);
  s.textures.push_back({"broken.png", {1, 2, 3, 4}, "image/png"});
  s.materials[0].textures.base_color = 0;
  auto renderer = render::Renderer::create();
  ASSERT_TRUE(renderer.ok());
  renderer.value()->load(s, {});
  EXPECT_EQ(renderer.value()->textures().problems().size(), 1u);
  EXPECT_NEAR(centre_colour(s)[0], centre_colour(quad(true))[0], 0.01);
}

}  // namespace
}  // namespace aem::test
