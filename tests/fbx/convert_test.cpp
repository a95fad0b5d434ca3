// FBX through the converter: a skeleton with animation and no mesh converts to formats that hold one
// (glTF, IQM, E3D) and is refused with CONVERT_NO_GEOMETRY by AEM and CEM, which hold models; an
// embedded JPEG reaches AEM's texture file and the .glb byte for byte, as Blender writes such files
// (an image linked to a diffuse colour of 0.8 that the image replaces).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

#include "aem/convert.hpp"
#include "support/corpus.hpp"
#include "support/fbx_builder.hpp"

namespace aem::test {
namespace {

std::filesystem::path scratch(const std::string& name) {
  static const auto dir = test::temp_dir("fbx-convert");  // removed when the tests end
  return dir / name;
}

fbx::Document skeleton_only() {
  fbx::Document doc;
  fbx::Node& hip = doc.nodes.emplace_back();
  hip.name = "hip", hip.type = fbx::NodeType::Skeleton;
  fbx::Node& knee = doc.nodes.emplace_back();
  knee.name = "knee", knee.type = fbx::NodeType::Skeleton, knee.parent = 0, knee.translation = {0, -40, 0};
  fbx::Track bend{.node = 1, .channel = fbx::Channel::Rotation};
  bend.components[0] = {{0.0, 0.0}, {1.0, 60.0}};
  doc.takes = {{"kick", 0.0, 1.0, {bend}}};
  return doc;
}

TEST(FbxConvert, SkeletonOnlyGoesWhereASkeletonFits) {
  const auto input = scratch("skeleton.fbx");
  fbx::write_fbx_file(input, skeleton_only(), fbx::Encoding::Binary, 7400);
  for (const char* ext : {".glb", ".iqm", ".e3d"}) {
    const auto output = scratch(std::string("skeleton") + ext);
    const auto report = convert::convert_file(input, output, {});
    ASSERT_TRUE(report.ok()) << ext << ": " << report.error().to_string();
    const auto back = read_scene(output);
    ASSERT_TRUE(back.ok()) << ext << ": " << back.error().to_string();
    EXPECT_GE(back->joints.size(), 2u) << ext;
    ASSERT_EQ(back->animations.size(), 1u) << ext;
    EXPECT_NEAR(back->animations[0].duration, 1.0f, 1e-3f) << ext;
  }
  for (const char* ext : {".aem", ".cem"}) {
    const auto output = scratch(std::string("skeleton") + ext);
    std::filesystem::remove(output);
    const auto report = convert::convert_file(input, output, {});
    ASSERT_FALSE(report.ok()) << ext;
    EXPECT_EQ(report.error().code, "CONVERT_NO_GEOMETRY") << ext;
    EXPECT_FALSE(std::filesystem::exists(output)) << ext << ": nothing is left behind";
  }
}

TEST(FbxConvert, WritingFbxIsAUsageErrorThatNamesWhatIsWritten) {
  const auto dir = temp_dir("fbx-not-written");
  fbx::write_fbx_file(dir / "in.fbx", skeleton_only(), fbx::Encoding::Binary, 7400);
  for (const std::string extra : {"", " --to fbx"}) {
    std::string out;
    EXPECT_EQ(run_cli("convert '" + (dir / "in.fbx").string() + "' '" + (dir / "out.fbx").string() + "'" + extra, &out),
              2)
        << out;
    EXPECT_NE(out.find("read but not written"), std::string::npos) << out;
    EXPECT_NE(out.find("gltf"), std::string::npos) << "the writable formats are listed: " << out;
  }
}

/// A 24 x 16 gradient encoded by stb_image_write (an encoder independent of aem's).
std::vector<std::byte> small_jpeg() {
  std::vector<std::uint8_t> rgb;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 24; ++x) rgb.insert(rgb.end(), {std::uint8_t(x * 10), std::uint8_t(y * 15), std::uint8_t(90)});
  std::vector<std::byte> out;
  stbi_write_jpg_to_func(
      [](void* context, void* data, int size) {
        auto* bytes = static_cast<std::vector<std::byte>*>(context);
        bytes->insert(bytes->end(), static_cast<const std::byte*>(data), static_cast<const std::byte*>(data) + size);
      },
      &out, 24, 16, 3, rgb.data(), 90);
  return out;
}

TEST(FbxConvert, EmbeddedJpegStaysTheSameJpeg) {
  const std::vector<std::byte> jpeg = small_jpeg();
  ASSERT_GT(jpeg.size(), 100u);
  fbx::Document doc;
  fbx::Material painted{"painted", {0.8, 0.8, 0.8}, true, {"paint", "C:/art/paint.jpg", "paint.jpg", jpeg}};
  doc.materials = {painted};
  fbx::Node& quad = doc.nodes.emplace_back();
  quad.name = "quad", quad.type = fbx::NodeType::Mesh, quad.materials = {0};
  quad.mesh.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  quad.mesh.polygons = {{0, 1, 2, 3}};
  quad.mesh.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  for (const char* ext : {".aem", ".glb"}) {
    SCOPED_TRACE(ext);
    const auto dir = temp_dir(std::string("fbx-jpeg") + ext);
    fbx::write_fbx_file(dir / "painted.fbx", doc, fbx::Encoding::Binary, 7400);
    const auto output = dir / (std::string("out") + ext);
    const auto report = convert::convert_file(dir / "painted.fbx", output, {});
    ASSERT_TRUE(report.ok()) << report.error().to_string();
    if (std::string(ext) == ".glb") {
      const auto back = read_scene(output);
      ASSERT_TRUE(back.ok()) << back.error().to_string();
      ASSERT_EQ(back->textures.size(), 1u);
      EXPECT_EQ(back->textures[0].data.size(), jpeg.size());
      EXPECT_EQ(std::memcmp(back->textures[0].data.data(), jpeg.data(), jpeg.size()), 0);
      EXPECT_EQ(back->materials.at(0).base_color.x, 1.0f) << "the image replaces the file's diffuse colour";
      continue;
    }
    bool found = false;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      // AEM's packed occlusion-roughness-metalness image is made from the material's factors: the only PNG.
      if (entry.path().extension() == ".png" && !entry.path().filename().string().ends_with("_ORM.png"))
        ADD_FAILURE() << "re-encoded as " << entry.path();
      if (entry.path().extension() != ".jpg") continue;
      const auto bytes = read_bytes(entry.path());
      found |= bytes.size() == jpeg.size() && std::memcmp(bytes.data(), jpeg.data(), jpeg.size()) == 0;
    }
    EXPECT_TRUE(found) << "no .jpg beside the AEM holds the embedded bytes";
  }
}

// Maya and Blender give each material's use of an image a texture of its own, each embedding the
// image again: one image is one scene texture (and one image in a glb), however many materials use it.
TEST(FbxConvert, AnImageTwoMaterialsEmbedIsOneTexture) {
  const std::vector<std::byte> jpeg = small_jpeg();
  std::vector<std::byte> other = jpeg;
  other.back() = std::byte{0x42};  // the same file name, other bytes: another image
  fbx::Document doc;
  doc.materials = {{"a", {0.8, 0.8, 0.8}, true, {"paint_a", "C:/art/paint.jpg", "paint.jpg", jpeg}},
                   {"b", {0.8, 0.8, 0.8}, true, {"paint_b", "C:/art/paint.jpg", "paint.jpg", jpeg}},
                   {"c", {0.8, 0.8, 0.8}, true, {"paint_c", "C:/art/paint.jpg", "paint.jpg", other}}};
  fbx::Node& quad = doc.nodes.emplace_back();
  quad.name = "quad", quad.type = fbx::NodeType::Mesh, quad.materials = {0, 1, 2};
  quad.mesh.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {2, 0, 0}};
  quad.mesh.polygons = {{0, 1, 2}, {0, 2, 3}, {1, 4, 2}};
  quad.mesh.polygon_materials = {0, 1, 2};
  const auto bytes = fbx::write_fbx(doc, fbx::Encoding::Binary, 7400);
  const auto scene = read_scene(bytes, "shared.fbx");
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  ASSERT_EQ(scene->materials.size(), 3u);
  ASSERT_EQ(scene->textures.size(), 2u);
  EXPECT_GE(scene->materials[0].textures.base_color, 0);
  EXPECT_EQ(scene->materials[1].textures.base_color, scene->materials[0].textures.base_color);
  EXPECT_NE(scene->materials[2].textures.base_color, scene->materials[0].textures.base_color);
}

TEST(FbxConvert, AnImageBesideTheModelIsReadAndCopied) {
  // The texture is named by a path on the artist's machine; its file lies beside the model.
  const std::vector<std::byte> jpeg = small_jpeg();
  fbx::Document doc;
  doc.materials = {
      {"painted", {0.8, 0.8, 0.8}, true, {"paint", "D:/art/textures/paint.jpg", "textures/paint.jpg", {}}}};
  fbx::Node& quad = doc.nodes.emplace_back();
  quad.name = "quad", quad.type = fbx::NodeType::Mesh, quad.materials = {0};
  quad.mesh.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
  quad.mesh.polygons = {{0, 1, 2}};
  quad.mesh.uvs = {{0, 0}, {1, 0}, {1, 1}};
  const auto dir = temp_dir("fbx-side-image");
  fbx::write_fbx_file(dir / "painted.fbx", doc, fbx::Encoding::Ascii, 7400);
  write_file(dir / "paint.jpg", std::span<const std::byte>(jpeg));
  const auto scene = read_scene(dir / "painted.fbx");
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  ASSERT_EQ(scene->textures.size(), 1u);
  EXPECT_EQ(scene->textures[0].name, "paint.jpg") << "the bare file name found beside the model";
  EXPECT_EQ(scene->textures[0].data.size(), jpeg.size());
  // Without the file: kept by name, with a warning.
  std::filesystem::remove(dir / "paint.jpg");
  const auto missing = read_scene(dir / "painted.fbx");
  ASSERT_TRUE(missing.ok());
  EXPECT_TRUE(missing->textures.at(0).data.empty());
  EXPECT_TRUE(has_code(missing.warnings, "FBX_TEXTURE_MISSING"));
}

}  // namespace
}  // namespace aem::test
