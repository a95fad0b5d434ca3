// Materials and textures of an OBJ from the .mtl libraries it names: colours, opacity, the Phong
// values, the images of map statements read from beside the model (one texture per image file), and
// what is said when a library, a material or an image is not there.
#include <gtest/gtest.h>

#include <algorithm>

#include "aem/io.hpp"
#include "core/image.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;

/// A triangle with UVs in material `material` of library `mtllib`.
std::string triangle(const std::string& mtllib, const std::string& material) {
  return "mtllib " + mtllib + "\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl " + material +
         "\nf 1/1 2/2 3/3\n";
}

std::vector<std::byte> png(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  const std::uint8_t px[16] = {r, g, b, 255, r, g, b, 255, r, g, b, 255, r, g, b, 255};
  return encode_png(2, 2, 4, px);
}

/// A folder (`tag`) holding `image` as `image_name`, the library m.mtl (`mtl`) and m.obj, a triangle in
/// `material`.
fs::path one_image_model(const std::string& tag, const std::string& image_name, const std::vector<std::byte>& image,
                         const std::string& mtl, const std::string& material) {
  const fs::path dir = test::temp_dir(tag);
  test::write_file(dir / image_name, image);
  test::write_file(dir / "m.mtl", mtl);
  test::write_file(dir / "m.obj", triangle("m.mtl", material));
  return dir;
}

const Warning* find(const std::vector<Warning>& warnings, const std::string& code) {
  const auto it = std::find_if(warnings.begin(), warnings.end(), [&](const Warning& w) { return w.code == code; });
  return it == warnings.end() ? nullptr : &*it;
}

TEST(ObjMaterials, ColoursOpacityAndPhongFromTheLibrary) {
  const fs::path dir = test::temp_dir("obj-mtl");
  test::write_file(dir / "m.mtl",
                   std::string("newmtl glass\nKa 0.1 0.1 0.1\nKd 0.2 0.4 0.6\nKs 0.5 0.5 0.5\nNs 32\nd 0.25\n"));
  test::write_file(dir / "m.obj", triangle("m.mtl", "glass"));
  auto s = read_scene(dir / "m.obj");
  ASSERT_TRUE(s) << s.error().to_string();
  ASSERT_EQ(s->materials.size(), 1u);
  const Material& m = s->materials[0];
  EXPECT_EQ(m.name, "glass");
  // Kd is the diffuse colour, d the dissolve (1 opaque): the scene's base colour with its opacity.
  EXPECT_EQ(m.base_color, (Vec4{0.2f, 0.4f, 0.6f, 0.25f}));
  EXPECT_FLOAT_EQ(m.opacity, 0.25f);
  EXPECT_TRUE(m.alpha_blend);
  EXPECT_TRUE(m.has_phong);
  EXPECT_EQ(m.ambient, (Vec3{0.1f, 0.1f, 0.1f}));
  EXPECT_EQ(m.diffuse, (Vec3{0.2f, 0.4f, 0.6f}));
  EXPECT_EQ(m.specular, (Vec3{0.5f, 0.5f, 0.5f}));
  EXPECT_FLOAT_EQ(m.shininess, 32.0f);
  EXPECT_EQ(s->meshes.at(0).material, 0);
}

TEST(ObjMaterials, MapImagesAreReadFromBesideTheModel) {
  const fs::path dir = test::temp_dir("obj-maps");
  const auto wood = png(160, 90, 40), bumps = png(128, 128, 255);
  test::write_file(dir / "my wood.png", wood);
  test::write_file(dir / "bumps.png", bumps);
  test::write_file(
      dir / "my library.mtl",
      std::string(
          "newmtl a\nKd 1 1 1\nmap_Kd my wood.png\nmap_Bump bumps.png\nnewmtl b\nKd 0.5 0.5 0.5\nmap_Kd my wood.png\n"));
  test::write_file(dir / "m.obj", triangle("my library.mtl", "a") + "usemtl b\nf 1/1 3/3 2/2\n");
  auto s = read_scene(dir / "m.obj");
  ASSERT_TRUE(s) << s.error().to_string();
  ASSERT_EQ(s->materials.size(), 2u);
  ASSERT_EQ(s->textures.size(), 2u) << "one texture per image file, however many materials use it";
  const Material& a = s->materials[0];
  const Material& b = s->materials[1];
  ASSERT_GE(a.textures.base_color, 0);
  EXPECT_EQ(b.textures.base_color, a.textures.base_color);
  const Texture& t = s->textures[a.textures.base_color];
  EXPECT_EQ(t.name, "my wood.png");
  EXPECT_TRUE(t.loaded_from_file);
  EXPECT_EQ(t.mime_type, "image/png");
  EXPECT_TRUE(std::equal(t.data.begin(), t.data.end(), reinterpret_cast<const std::uint8_t*>(wood.data()),
                         reinterpret_cast<const std::uint8_t*>(wood.data() + wood.size())));
  // The image is the colour (docs/formats/obj.md): the colour factor becomes white.
  EXPECT_EQ(a.base_color, (Vec4{1, 1, 1, 1}));
  EXPECT_EQ(b.base_color, (Vec4{1, 1, 1, 1}));
  ASSERT_GE(a.textures.normal, 0);
  EXPECT_EQ(s->textures[a.textures.normal].name, "bumps.png");
  EXPECT_EQ(s->textures[a.textures.normal].data.size(), bumps.size());
}

TEST(ObjMaterials, MapOptionsClampOrAreNamed) {
  const fs::path dir = test::temp_dir("obj-map-options");
  test::write_file(dir / "t.png", png(1, 2, 3));
  test::write_file(dir / "m.mtl",
                   std::string("newmtl clamped\nmap_Kd -clamp on t.png\nnewmtl scaled\nmap_Kd -s 4 4 1 t.png\n"
                               "newmtl plain\nmap_Kd -o 0 0 0 -s 1 1 1 t.png\n"));
  test::write_file(dir / "m.obj",
                   triangle("m.mtl", "clamped") + "usemtl scaled\nf 1/1 3/3 2/2\nusemtl plain\nf 2/2 3/3 1/1\n");
  auto s = read_scene(dir / "m.obj");
  ASSERT_TRUE(s) << s.error().to_string();
  ASSERT_EQ(s->materials.size(), 3u);
  const Texture& clamped = s->textures.at(s->materials[0].textures.base_color);
  const Texture& scaled = s->textures.at(s->materials[1].textures.base_color);
  EXPECT_EQ(clamped.wrap_u, TextureWrap::ClampToEdge);
  EXPECT_EQ(clamped.wrap_v, TextureWrap::ClampToEdge);
  EXPECT_EQ(scaled.wrap_u, TextureWrap::Repeat);
  EXPECT_EQ(s->materials[2].textures.base_color, s->materials[1].textures.base_color) << "the same file, repeated";
  // The scale is not applied to the UVs, and said so; the identity offset and scale are nothing to say.
  const auto ignored = std::count_if(s.warnings.begin(), s.warnings.end(),
                                     [](const Warning& w) { return w.code == "OBJ_UV_TRANSFORM_IGNORED"; });
  EXPECT_EQ(ignored, 1);
}

/// A grey PNG of `width` x `height` whose pixel (x, y) is `first + x + 10 * y`.
std::vector<std::byte> grey_ramp(int width, int height, std::uint8_t first) {
  std::vector<std::uint8_t> px(static_cast<std::size_t>(width) * height * 4, 255);  // alpha stays 255
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      std::fill_n(px.begin() + 4 * (y * width + x), 3, static_cast<std::uint8_t>(first + x + 10 * y));
  return encode_png(width, height, 4, px.data());
}

// map_Pr and map_Pm (the PBR extension of .mtl, as 3ds Max and Blender write it) name separate grey
// images; the scene holds one glTF-style image, G roughness and B metalness.
TEST(ObjMaterials, SeparateRoughnessAndMetalnessImagesArePackedIntoOne) {
  const fs::path dir = test::temp_dir("obj-pbr-maps");
  test::write_file(dir / "rough.png", grey_ramp(2, 2, 10));
  test::write_file(dir / "metal.png", grey_ramp(1, 1, 200));
  test::write_file(dir / "m.mtl", std::string("newmtl both\nPr 0.5\nPm 0.25\nmap_Pr rough.png\nmap_Pm metal.png\n"
                                              "newmtl rough_only\nmap_Pr rough.png\n"
                                              "newmtl lost\nPr 0.25\nPm 0.75\nmap_Pr rough.png\nmap_Pm nowhere.png\n"
                                              "newmtl again\nmap_Pr rough.png\nmap_Pm metal.png\n"));
  test::write_file(dir / "m.obj", triangle("m.mtl", "both") +
                                      "usemtl rough_only\nf 1/1 3/3 2/2\nusemtl lost\nf 2/2 3/3 1/1\n" +
                                      "usemtl again\nf 3/3 1/1 2/2\n");
  auto s = read_scene(dir / "m.obj");
  ASSERT_TRUE(s) << s.error().to_string();
  ASSERT_EQ(s->materials.size(), 4u);
  const auto packed = [&](const Material& m) {
    EXPECT_GE(m.textures.metallic_roughness, 0) << m.name;
    return m.textures.metallic_roughness < 0 ? Image{}
                                             : decode_image(s->textures.at(m.textures.metallic_roughness).data);
  };
  // Both: the larger size (2 x 2); the 1 x 1 metalness image fills every pixel; R and A are 255.
  const Image both = packed(s->materials[0]);
  ASSERT_EQ(both.width, 2);
  ASSERT_EQ(both.height, 2);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x) {
      const std::uint8_t* p = both.at(x, y);
      EXPECT_EQ(p[0], 255);
      EXPECT_EQ(p[1], 10 + x + 10 * y) << x << ", " << y;
      EXPECT_EQ(p[2], 200);
      EXPECT_EQ(p[3], 255);
    }
  // An image takes its value's place, as the colour's does: the factors (Pr 0.5, Pm 0.25) become 1.
  EXPECT_FLOAT_EQ(s->materials[0].roughness, 1.0f);
  EXPECT_FLOAT_EQ(s->materials[0].metallic, 1.0f);
  // Roughness alone: B is 255, so that the metalness factor (no Pm: 0) alone gives the metalness.
  const Image rough_only = packed(s->materials[1]);
  ASSERT_FALSE(rough_only.empty());
  EXPECT_EQ(rough_only.at(1, 1)[1], 21);
  EXPECT_EQ(rough_only.at(1, 1)[2], 255);
  EXPECT_FLOAT_EQ(s->materials[1].roughness, 1.0f);
  EXPECT_FLOAT_EQ(s->materials[1].metallic, 0.0f);
  // A map whose image is not there: no map, said so by material, and the material keeps its values.
  EXPECT_EQ(s->materials[2].textures.metallic_roughness, -1);
  EXPECT_FLOAT_EQ(s->materials[2].roughness, 0.25f);
  EXPECT_FLOAT_EQ(s->materials[2].metallic, 0.75f);
  // The same two images again: the same packed image.
  EXPECT_EQ(s->materials[3].textures.metallic_roughness, s->materials[0].textures.metallic_roughness);
  const Warning* dropped = find(s.warnings, "OBJ_MATERIAL_MAP_DROPPED");
  ASSERT_NE(dropped, nullptr);
  EXPECT_EQ(dropped->path, "lost");
  // The separate images, which no material slot holds, are gone: the scene has the two packed ones.
  ASSERT_EQ(s->textures.size(), 2u);
  EXPECT_EQ(s->textures[0].name, "both_metallic_roughness.png");
  EXPECT_EQ(s->textures[1].name, "rough_only_metallic_roughness.png");
}

// One image named by both map_Pr and map_Pm is already packed: the scene's map, its values factor 1.
TEST(ObjMaterials, OneImageForRoughnessAndMetalnessIsTheMapAsItIs) {
  const auto mr = png(255, 40, 200);
  const fs::path dir = one_image_model("obj-pbr-packed", "mr.png", mr,
                                       "newmtl packed\nPr 0.5\nPm 0.25\nmap_Pr mr.png\nmap_Pm mr.png\n", "packed");
  auto s = read_scene(dir / "m.obj");
  ASSERT_TRUE(s) << s.error().to_string();
  const Material& m = s->materials.at(0);
  ASSERT_GE(m.textures.metallic_roughness, 0);
  const Texture& t = s->textures[m.textures.metallic_roughness];
  EXPECT_EQ(t.name, "mr.png");
  EXPECT_EQ(t.data.size(), mr.size()) << "the file's bytes, not a repacked image";
  EXPECT_FLOAT_EQ(m.roughness, 1.0f);
  EXPECT_FLOAT_EQ(m.metallic, 1.0f);
}

TEST(ObjMaterials, WhatIsNotThereIsNamedAndTheColourStaysWhite) {
  const fs::path dir = test::temp_dir("obj-missing");
  // No library at all: the material keeps its name and the scene's default white, not black.
  test::write_file(dir / "nolib.obj", triangle("absent.mtl", "red"));
  auto nolib = read_scene(dir / "nolib.obj");
  ASSERT_TRUE(nolib) << nolib.error().to_string();
  const Warning* missing = find(nolib.warnings, "OBJ_SIDE_FILE_MISSING");
  ASSERT_NE(missing, nullptr);
  EXPECT_NE(missing->message.find("absent.mtl"), std::string::npos) << missing->message;
  ASSERT_EQ(nolib->materials.size(), 1u);
  EXPECT_EQ(nolib->materials[0].name, "red");
  EXPECT_EQ(nolib->materials[0].base_color, (Vec4{1, 1, 1, 1}));
  EXPECT_EQ(nolib->materials[0].diffuse, (Vec3{1, 1, 1}));

  // A library without that material, and an image that is not there.
  test::write_file(dir / "m.mtl", std::string("newmtl other\nKd 1 0 0\nmap_Kd gone.png\n"));
  test::write_file(dir / "m.obj", triangle("m.mtl", "undefined") + "usemtl other\nf 1/1 3/3 2/2\n");
  auto s = read_scene(dir / "m.obj");
  ASSERT_TRUE(s) << s.error().to_string();
  const auto undefined =
      std::find_if(s->materials.begin(), s->materials.end(), [](const Material& m) { return m.name == "undefined"; });
  ASSERT_NE(undefined, s->materials.end());
  EXPECT_EQ(undefined->base_color, (Vec4{1, 1, 1, 1}));
  const Warning* gone = find(s.warnings, "OBJ_TEXTURE_MISSING");
  ASSERT_NE(gone, nullptr);
  EXPECT_EQ(gone->path, "gone.png");
  ASSERT_EQ(s->textures.size(), 1u);
  EXPECT_EQ(s->textures[0].name, "gone.png") << "kept by name";
  EXPECT_TRUE(s->textures[0].data.empty());
}

TEST(ObjMaterials, ConvertingToAemCopiesTheImageByteForByte) {
  const auto wood = png(160, 90, 40);
  const fs::path dir = one_image_model("obj-to-aem", "wood.png", wood, "newmtl m\nKd 1 1 1\nmap_Kd wood.png\n", "m");
  std::string out;
  ASSERT_EQ(test::run_cli("convert '" + (dir / "m.obj").string() + "' '" + (dir / "out.aem").string() + "'", &out), 0)
      << out;
  EXPECT_EQ(test::read_bytes(dir / "out_m_BCO.png"), wood) << out;
}

}  // namespace
}  // namespace aem
