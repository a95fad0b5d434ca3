// The renderer honours each texture's wrap modes and each material's sidedness: hand-built quads whose
// texture coordinates run past 1 show repeat, clamp and mirrored repeat apart, a quad seen from behind
// vanishes only when its material is single-sided, and the Khronos TextureSettingsTest model (through
// `aem render`, as read and as converted to glTF) matches its own "sample pass" column.

#include "core/image.hpp"
#include "render/render_support.hpp"

namespace aem::test {
namespace {

constexpr int kSize = 128;

/// A 16x16 PNG whose left half (or, when `rows`, top half) is `first` and the other half `second`.
std::vector<std::uint8_t> halves_png(bool rows, std::array<std::uint8_t, 3> first, std::array<std::uint8_t, 3> second) {
  std::vector<std::uint8_t> pixels;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) {
      const auto& c = (rows ? y : x) < 8 ? first : second;
      pixels.insert(pixels.end(), {c[0], c[1], c[2], 255});
    }
  const std::vector<std::byte> png = encode_png(16, 16, 4, pixels.data());
  return {reinterpret_cast<const std::uint8_t*>(png.data()),
          reinterpret_cast<const std::uint8_t*>(png.data()) + png.size()};
}

constexpr std::array<std::uint8_t, 3> kRed{220, 20, 20}, kGreen{20, 220, 20};

/// A 2x2 quad facing the camera (+Z) whose texture coordinates run 0..2 along `axis` (0 = U, left to
/// right; 1 = V, bottom to top) and 0..1 along the other. The texture is red then green along that
/// axis as the sampler sees it (U: left half red; V, origin at the image's top: top half green).
Scene wrapped_quad(int axis, TextureWrap wrap) {
  Scene s;
  Mesh m;
  m.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  m.normals.assign(4, {0, 0, 1});
  m.uvs.push_back(axis == 0 ? std::vector<Vec2>{{0, 0}, {2, 0}, {2, 1}, {0, 1}}
                            : std::vector<Vec2>{{0, 0}, {1, 0}, {1, 2}, {0, 2}});
  m.indices = {0, 1, 2, 0, 2, 3};
  m.material = 0;
  s.meshes.push_back(m);
  Texture t{"halves.png", axis == 0 ? halves_png(false, kRed, kGreen) : halves_png(true, kGreen, kRed), "image/png"};
  (axis == 0 ? t.wrap_u : t.wrap_v) = wrap;
  s.textures.push_back(t);
  Material mat;
  mat.textures.base_color = 0;
  s.materials.push_back(mat);
  return s;
}

struct Rendered {
  std::vector<std::uint8_t> rgba;
  Mat4 view_projection;
  const std::uint8_t* at(const Vec3& p) const {
    float x = 0, y = 0;
    render::project_to_pixel(view_projection, p, kSize, kSize, x, y);
    return &rgba[4 * (std::size_t(y) * kSize + std::size_t(x))];
  }
};

/// `scene` seen head-on on a transparent background, without the grid.
Rendered render(const Scene& scene) {
  auto renderer = render::Renderer::create();
  EXPECT_TRUE(renderer.ok());
  if (!renderer.ok()) return {};
  auto& r = *renderer.value();
  r.load(scene, {});
  const auto camera = render::orbit_camera(r.rest_bounds(), 0.0f, 0.0f, 1.0f);
  return {draw_offscreen(r, camera, kSize, kSize).rgba, camera.view_projection(1.0f)};
}

char hue(const std::uint8_t* p) { return p[0] > p[1] + 40 ? 'r' : p[1] > p[0] + 40 ? 'g' : '?'; }

using RenderSamplerState = HeadlessTest;

// Along the wrapped axis, at texture coordinates 1.25 and 1.75: repeat reads 0.25 and 0.75 (red, green),
// clamp the edge (green, green), mirrored repeat 0.75 and 0.25 (green, red).
TEST_F(RenderSamplerState, RepeatClampAndMirrorAlongUAndV) {
  const std::pair<TextureWrap, std::string> cases[] = {
      {TextureWrap::Repeat, "rg"}, {TextureWrap::ClampToEdge, "gg"}, {TextureWrap::MirroredRepeat, "gr"}};
  for (int axis = 0; axis < 2; ++axis)
    for (const auto& [wrap, want] : cases) {
      SCOPED_TRACE("axis " + std::to_string(axis) + " wrap " + std::to_string(int(wrap)));
      const Rendered img = render(wrapped_quad(axis, wrap));
      ASSERT_FALSE(img.rgba.empty());
      auto point = [&](float f) { return axis == 0 ? Vec3{-1 + 2 * f, 0, 0} : Vec3{0, -1 + 2 * f, 0}; };
      const std::string got{hue(img.at(point(0.625f))), hue(img.at(point(0.875f)))};
      EXPECT_EQ(got, want);
    }
}

TEST_F(RenderSamplerState, BackFacesOfSingleSidedMaterialsAreCulled) {
  for (const bool facing_away : {false, true})
    for (const bool double_sided : {false, true}) {
      Scene s = wrapped_quad(0, TextureWrap::Repeat);
      if (facing_away) s.meshes[0].indices = {0, 2, 1, 0, 3, 2};
      s.materials[0].double_sided = double_sided;
      const Rendered img = render(s);
      ASSERT_FALSE(img.rgba.empty());
      const bool drawn = img.at({0.1f, 0.1f, 0})[3] == 255;
      EXPECT_EQ(drawn, !facing_away || double_sided)
          << "facing away " << facing_away << ", double-sided " << double_sided;
    }
}

/// In the model's 800x800 head-on render, the centre of each row's "Test" cell and its "Sample pass"
/// cell 106 pixels to the right (rows: single-sided, double-sided, clamp s, clamp t, repeat s/t, mirror s/t).
constexpr int kTestColumn = 422, kSampleOffset = 106;
constexpr int kRowCentres[] = {244, 296, 347, 398, 450, 501, 553, 604};

struct CellCounts {
  int red = 0, green = 0;
};

CellCounts cell(const Png& img, int cx, int cy) {
  CellCounts c;
  for (int y = cy - 16; y <= cy + 16; ++y)
    for (int x = cx - 16; x <= cx + 16; ++x) {
      const std::uint8_t* p = img.at(x, y);
      c.red += p[0] > 150 && p[1] < 100;
      c.green += p[1] > 150 && p[0] < 100;
    }
  return c;
}

/// Every "Test" cell shows no red and as much green as its "Sample pass" cell.
void expect_every_test_passes(const std::filesystem::path& png) {
  const Png img = read_png(png);
  ASSERT_EQ(img.width, 800);
  for (std::size_t row = 0; row < std::size(kRowCentres); ++row) {
    SCOPED_TRACE("row " + std::to_string(row));
    const CellCounts test = cell(img, kTestColumn, kRowCentres[row]);
    const CellCounts sample = cell(img, kTestColumn + kSampleOffset, kRowCentres[row]);
    EXPECT_GT(sample.green, 100);  // the cell is where it should be
    EXPECT_EQ(test.red, 0);
    EXPECT_NEAR(test.green, sample.green, sample.green / 10);
  }
}

TEST(RenderSamplerStateCorpus, TextureSettingsTestPassesAsReadAndAsConvertedToGltf) {
  AEM_REQUIRE_RENDER();
  AEM_CORPUS_FILE(model, "gltf/TextureSettingsTest/TextureSettingsTest.gltf");
  const auto dir = temp_dir("texture-settings");
  const std::string options = "--size 800x800 --yaw 0 --pitch 0 --no-grid";
  render_to(model, dir / "source.png", options);
  expect_every_test_passes(dir / "source.png");
  std::string out;
  ASSERT_EQ(run_cli("convert '" + model.string() + "' '" + (dir / "converted.glb").string() + "'", &out), 0) << out;
  render_to(dir / "converted.glb", dir / "converted.png", options);
  expect_every_test_passes(dir / "converted.png");
}

}  // namespace
}  // namespace aem::test
