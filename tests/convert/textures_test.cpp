// Texture export: PNG/JPEG sources whose channels need no change are copied byte for byte; composed
// images are encoded as PNG and decode (with stb, independently of our encoder) to the expected
// pixels; any thread count writes the same files.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "aem/io.hpp"
#include "convert/textures.hpp"
#include "core/image.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

/// A w x h image whose channels vary independently, from a fixed pseudo-random sequence.
std::vector<std::uint8_t> pixels(int w, int h, int channels, std::uint32_t seed) {
  std::vector<std::uint8_t> p(std::size_t(w) * h * channels);
  for (std::size_t i = 0; i < p.size(); ++i) {
    seed = seed * 1664525u + 1013904223u;
    p[i] = static_cast<std::uint8_t>((i * 7 / channels) + (seed >> 29));  // smooth ramp plus noise
  }
  return p;
}

std::vector<std::uint8_t> png_bytes(int w, int h, const std::vector<std::uint8_t>& rgba) {
  auto png = encode_png(w, h, 4, rgba.data());
  return {reinterpret_cast<const std::uint8_t*>(png.data()),
          reinterpret_cast<const std::uint8_t*>(png.data()) + png.size()};
}

Image decode_file(const std::filesystem::path& path) {
  auto bytes = test::read_bytes(path);
  return decode_image({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
}

std::uint8_t scaled(std::uint8_t v, float f) { return static_cast<std::uint8_t>(std::lround(v * f)); }

/// An sRGB-encoded byte multiplied by a linear factor: decoded, multiplied and encoded again.
int tinted(std::uint8_t v, double f) {
  const double c = v / 255.0;
  const double linear = (c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4)) * f;
  return static_cast<int>(
      std::lround(255.0 * (linear <= 0.0031308 ? linear * 12.92 : 1.055 * std::pow(linear, 1 / 2.4) - 0.055)));
}

/// One triangle mesh per material, so that every material counts as used.
Scene scene_with(std::vector<Material> materials, std::vector<Texture> textures) {
  Scene s;
  s.materials = std::move(materials);
  s.textures = std::move(textures);
  for (std::size_t i = 0; i < s.materials.size(); ++i) {
    Mesh m;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    m.indices = {0, 1, 2};
    m.material = static_cast<std::int32_t>(i);
    s.meshes.push_back(m);
  }
  return s;
}

TEST(PngEncoder, EveryFilterLevelAndChannelCountDecodesToThePixels) {
  const int w = 37, h = 23;
  for (int channels = 1; channels <= 4; ++channels)
    for (PngFilter filter :
         {PngFilter::None, PngFilter::Sub, PngFilter::Up, PngFilter::Average, PngFilter::Paeth, PngFilter::Adaptive})
      for (int level : {0, 1, 6, 9}) {
        SCOPED_TRACE(testing::Message() << channels << " channels, filter " << int(filter) << ", level " << level);
        const auto p = pixels(w, h, channels, 7u * channels + level);
        const auto png = encode_png(w, h, channels, p.data(), {level, filter});
        EXPECT_EQ(png, encode_png(w, h, channels, p.data(), {level, filter}));
        const Image img = decode_image({reinterpret_cast<const std::uint8_t*>(png.data()), png.size()});
        ASSERT_EQ(img.width, w);
        ASSERT_EQ(img.height, h);
        for (int i = 0; i < w * h; ++i) {
          const std::uint8_t* src = &p[std::size_t(i) * channels];
          const std::uint8_t* got = &img.rgba[std::size_t(i) * 4];
          const bool grey = channels <= 2;
          ASSERT_EQ(got[0], src[0]) << i;
          ASSERT_EQ(got[1], grey ? src[0] : src[1]) << i;
          ASSERT_EQ(got[2], grey ? src[0] : src[2]) << i;
          ASSERT_EQ(got[3], channels == 2 ? src[1] : channels == 4 ? src[3] : 255) << i;
        }
      }
}

TEST(TextureExport, SourcesThatNeedNoChangeAreCopiedByteForByte) {
  const auto bc = png_bytes(8, 4, pixels(8, 4, 4, 1)), normal = png_bytes(4, 4, pixels(4, 4, 4, 2)),
             orm = png_bytes(4, 8, pixels(4, 8, 4, 3));
  Material m;
  m.name = "plain";
  m.metallic = m.roughness = 1.0f;
  m.textures.base_color = 0;
  m.textures.normal = 1;
  m.textures.occlusion = m.textures.metallic_roughness = 2;  // glTF's packed occlusion + metallic-roughness
  Scene s = scene_with({m}, {{"bc", bc, "image/png"}, {"n", normal, "image/png"}, {"orm", orm, "image/png"}});
  const auto dir = test::temp_dir("textures-copy");
  auto out = convert::export_textures(s, dir, "model");
  ASSERT_TRUE(out.ok());
  ASSERT_EQ(out->written.size(), 3u);
  const auto& slots = s.materials[0].textures;
  for (auto [slot, want] :
       {std::pair{slots.base_color, &bc}, std::pair{slots.normal, &normal}, std::pair{slots.orm, &orm}}) {
    ASSERT_GE(slot, 0);
    const auto got = test::read_bytes(dir / s.textures[slot].name);
    EXPECT_TRUE(std::equal(got.begin(), got.end(), reinterpret_cast<const std::byte*>(want->data()),
                           reinterpret_cast<const std::byte*>(want->data() + want->size())) &&
                got.size() == want->size())
        << s.textures[slot].name;
  }
  EXPECT_EQ(s.textures[slots.base_color].name, "model_plain_BCO.png");
}

TEST(TextureExport, FactorsAndSeparateMapsArePackedIntoNewPngs) {
  const int w = 6, h = 4;
  const auto bc_px = pixels(w, h, 4, 11), occ_px = pixels(w, h, 4, 12), mr_px = pixels(w, h, 4, 13);
  Material m;
  m.name = "tinted";
  m.base_color = {0.5f, 1.0f, 0.25f, 1.0f};
  m.opacity = 0.5f;
  m.metallic = 0.5f;
  m.roughness = 1.0f;
  m.textures.base_color = 0;
  m.textures.occlusion = 1;
  m.textures.metallic_roughness = 2;
  Scene s = scene_with(
      {m},
      {{"bc", png_bytes(w, h, bc_px), ""}, {"o", png_bytes(w, h, occ_px), ""}, {"mr", png_bytes(w, h, mr_px), ""}});
  const auto dir = test::temp_dir("textures-pack");
  ASSERT_TRUE(convert::export_textures(s, dir, "model").ok());
  const Image bc = decode_file(dir / s.textures[s.materials[0].textures.base_color].name);
  const Image orm = decode_file(dir / s.textures[s.materials[0].textures.orm].name);
  ASSERT_EQ(bc.width, w);
  ASSERT_EQ(orm.width, w);
  for (int i = 0; i < w * h; ++i) {
    const std::uint8_t* src = &bc_px[4 * i];
    // Colour factors are linear: they multiply the texture's decoded values, not its sRGB bytes.
    EXPECT_NEAR(bc.rgba[4 * i + 0], tinted(src[0], 0.5), 1);
    EXPECT_EQ(bc.rgba[4 * i + 1], src[1]);
    EXPECT_NEAR(bc.rgba[4 * i + 2], tinted(src[2], 0.25), 1);
    EXPECT_EQ(bc.rgba[4 * i + 3], scaled(src[3], 0.5f));
    EXPECT_EQ(orm.rgba[4 * i + 0], occ_px[4 * i]);
    EXPECT_EQ(orm.rgba[4 * i + 1], mr_px[4 * i + 1]);
    EXPECT_EQ(orm.rgba[4 * i + 2], scaled(mr_px[4 * i + 2], 0.5f));
  }
}

// A colour factor without a texture is linear; the image that replaces it is sRGB like every colour
// map, so 0.8 / 0.5 / 0.2 are stored as 231 / 188 / 124 (IEC 61966-2-1), and alpha as it is.
TEST(TextureExport, ColourFactorAloneIsEncodedAsSrgb) {
  Material m;
  m.name = "red";
  m.base_color = {0.8f, 0.5f, 0.2f, 0.6f};
  Scene s = scene_with({m}, {});
  const auto dir = test::temp_dir("textures-solid");
  ASSERT_TRUE(convert::export_textures(s, dir, "model").ok());
  const Image bc = decode_file(dir / s.textures[s.materials[0].textures.base_color].name);
  ASSERT_FALSE(bc.empty());
  for (std::size_t p = 0; p < bc.rgba.size(); p += 4) {
    EXPECT_EQ(bc.rgba[p + 0], 231);
    EXPECT_EQ(bc.rgba[p + 1], 188);
    EXPECT_EQ(bc.rgba[p + 2], 124);
    EXPECT_EQ(bc.rgba[p + 3], 153);
  }
}

// The written files keep their sources' wraps, so that a writer that cannot store them says so.
TEST(TextureExport, WrittenTexturesKeepTheirSourcesWraps) {
  Material copied, composed;
  copied.name = "copied";
  copied.textures.base_color = 0;
  composed.name = "composed";
  composed.base_color = {0.5f, 0.5f, 0.5f, 1.0f};
  composed.textures.base_color = 1;
  Texture clamp{"clamp", png_bytes(2, 2, pixels(2, 2, 4, 5)), "image/png"};
  clamp.wrap_u = TextureWrap::ClampToEdge;
  Texture mirror{"mirror", png_bytes(2, 2, pixels(2, 2, 4, 6)), "image/png"};
  mirror.wrap_v = TextureWrap::MirroredRepeat;
  Scene s = scene_with({copied, composed}, {clamp, mirror});
  ASSERT_TRUE(convert::export_textures(s, test::temp_dir("textures-wrap"), "model").ok());
  const Texture& a = s.textures[s.materials[0].textures.base_color];
  const Texture& b = s.textures[s.materials[1].textures.base_color];
  EXPECT_EQ(a.wrap_u, TextureWrap::ClampToEdge);
  EXPECT_EQ(a.wrap_v, TextureWrap::Repeat);
  EXPECT_EQ(b.wrap_u, TextureWrap::Repeat);
  EXPECT_EQ(b.wrap_v, TextureWrap::MirroredRepeat);
}

// A texture whose file was not found (a name, no bytes: an IQM's "Body.tga" without the image) stays
// a reference to that name; a 2x2 image made up in its place would give the game another file name.
TEST(TextureExport, MissingTextureStaysAReferenceByItsOwnName) {
  Material body, skin;
  body.name = "Body.tga";
  body.textures.base_color = 0;
  skin.name = "skin";
  skin.textures.base_color = 0;  // a second material naming the same missing file: one warning
  skin.textures.normal = 1;
  Scene s = scene_with({body, skin}, {Texture{"Body.tga", {}, {}}, Texture{"maps/skin_n.png", {}, {}}});
  const auto dir = test::temp_dir("textures-missing");
  auto exported = convert::export_textures(s, dir, "model");
  ASSERT_TRUE(exported.ok());
  for (const auto* m : {&s.materials[0], &s.materials[1]}) {
    ASSERT_GE(m->textures.base_color, 0);
    EXPECT_EQ(s.textures[m->textures.base_color].name, "Body.tga") << m->name;
    EXPECT_TRUE(s.textures[m->textures.base_color].data.empty());
  }
  ASSERT_GE(s.materials[1].textures.normal, 0);
  EXPECT_EQ(s.textures[s.materials[1].textures.normal].name, "maps/skin_n.png");
  for (const auto& file : exported->written) EXPECT_EQ(file.filename().string().find("BCO"), std::string::npos) << file;
  EXPECT_FALSE(std::filesystem::exists(dir / "model_Body_tga_BCO.png"));
  const auto missing = std::count_if(exported->warnings.begin(), exported->warnings.end(),
                                     [](const Warning& w) { return w.code == "CONVERT_TEXTURE_MISSING"; });
  EXPECT_EQ(missing, 2) << "one warning per missing file";
}

TEST(TextureExport, MetallicRoughnessAloneIsCopiedOnlyWhenItsRedChannelIsWhite) {
  auto white_red = pixels(4, 4, 4, 21), dark_red = pixels(4, 4, 4, 22);
  for (std::size_t i = 0; i < white_red.size(); i += 4) white_red[i] = 255, dark_red[i] = 0;
  Material a, b;
  a.name = "white";
  b.name = "dark";
  a.metallic = a.roughness = b.metallic = b.roughness = 1.0f;
  a.textures.metallic_roughness = 0;
  b.textures.metallic_roughness = 1;
  const auto white_png = png_bytes(4, 4, white_red);
  Scene s = scene_with({a, b}, {{"w", white_png, ""}, {"d", png_bytes(4, 4, dark_red), ""}});
  const auto dir = test::temp_dir("textures-mr");
  ASSERT_TRUE(convert::export_textures(s, dir, "m").ok());
  EXPECT_EQ(test::read_bytes(dir / s.textures[s.materials[0].textures.orm].name).size(), white_png.size());
  const Image packed = decode_file(dir / s.textures[s.materials[1].textures.orm].name);
  ASSERT_EQ(packed.width, 4);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(packed.rgba[4 * i], 255);  // no occlusion map: unoccluded, not the map's dark red
    EXPECT_EQ(packed.rgba[4 * i + 1], dark_red[4 * i + 1]);
    EXPECT_EQ(packed.rgba[4 * i + 2], dark_red[4 * i + 2]);
  }
}

TEST(TextureExport, AnyThreadCountWritesTheSameFiles) {
  std::vector<Material> materials;
  std::vector<Texture> textures;
  for (int i = 0; i < 7; ++i) {
    Material m;
    m.name = "mat" + std::to_string(i);
    m.base_color = {0.9f, 0.8f, 0.7f, 1.0f};  // forces re-encoding
    m.metallic = 0.3f;
    m.textures.base_color = 2 * i;
    m.textures.metallic_roughness = 2 * i + 1;
    m.textures.occlusion = i % 2 ? 2 * i : -1;
    materials.push_back(m);
    textures.push_back({"c", png_bytes(64, 32, pixels(64, 32, 4, 100 + i)), ""});
    textures.push_back({"mr", png_bytes(32, 64, pixels(32, 64, 4, 200 + i)), ""});
  }
  std::map<unsigned, std::vector<std::vector<std::byte>>> files;
  std::vector<std::string> names;
  for (unsigned threads : {1u, 2u, 5u}) {
    Scene s = scene_with(materials, textures);
    const auto dir = test::temp_dir("textures-threads");
    auto out = convert::export_textures(s, dir, "t", threads);
    ASSERT_TRUE(out.ok());
    ASSERT_EQ(out->written.size(), 14u);
    std::vector<std::string> these;
    for (const auto& f : out->written) {
      files[threads].push_back(test::read_bytes(f));
      these.push_back(f.filename().string());
    }
    if (names.empty()) names = these;
    EXPECT_EQ(these, names);
  }
  EXPECT_EQ(files[1], files[2]);
  EXPECT_EQ(files[1], files[5]);
}

TEST(TextureExport, CesiumManKeepsItsJpegBaseColour) {
  AEM_CORPUS_FILE(in, "gltf/CesiumMan/CesiumMan.glb");
  auto scene = read_scene(in);
  ASSERT_TRUE(scene.ok());
  const std::int32_t bc = scene->materials[scene->meshes[0].material].textures.base_color;
  ASSERT_GE(bc, 0);
  const std::vector<std::uint8_t> jpeg = scene->textures[bc].data;
  ASSERT_EQ(image_file_extension(jpeg), std::string(".jpg"));
  const auto dir = test::temp_dir("textures-cesium");
  ASSERT_TRUE(convert::export_textures(scene.value(), dir, "cm").ok());
  const auto& out = scene->textures[scene->materials[scene->meshes[0].material].textures.base_color];
  EXPECT_TRUE(out.name.ends_with("_BCO.jpg")) << out.name;
  const auto got = test::read_bytes(dir / out.name);
  ASSERT_EQ(got.size(), jpeg.size());
  EXPECT_TRUE(std::equal(got.begin(), got.end(), reinterpret_cast<const std::byte*>(jpeg.data())));
}

}  // namespace
}  // namespace aem
