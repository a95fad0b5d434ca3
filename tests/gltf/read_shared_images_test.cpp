// Textures that share an image (glTF pairs an image with a sampler per texture) read its file once:
// each texture carries the bytes and its own sampler, and a missing image is reported once. The last
// texture to read an image takes its bytes; a texture read again after that reads the file again.
#include <gtest/gtest.h>

#include <algorithm>

#include "aem/io.hpp"
#include "core/image.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

TEST(GltfReadSharedImages, TexturesSharingAnImageReadItOnce) {
  const auto dir = test::temp_dir("gltf-shared-images-read");
  const std::uint8_t white[4] = {255, 255, 255, 255};
  const auto png = encode_png(1, 1, 4, white);
  test::write_file(dir / "checker.png", png);
  std::string materials;
  for (int i = 0; i < 4; ++i)
    materials += std::string(i ? "," : "") + R"({"pbrMetallicRoughness":{"baseColorTexture":{"index":)" +
                 std::to_string(i) + "}}}";
  test::write_file(
      dir / "model.gltf",
      R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
      R"("meshes":[{"primitives":[{"attributes":{"POSITION":0},"material":0}]}],)"
      R"("accessors":[{"bufferView":0,"componentType":5126,"type":"VEC3","count":3}],)"
      R"("bufferViews":[{"buffer":0,"byteLength":36}],"buffers":[{"byteLength":36,"uri":)"
      R"("data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}],)"
      R"("images":[{"uri":"checker.png"},{"uri":"gone.png"}],"samplers":[{"wrapS":33071},{"wrapS":33648}],)"
      R"("textures":[{"source":0,"sampler":0},{"source":0,"sampler":1},{"source":1,"sampler":0},{"source":1}],)"
      R"("materials":[)" +
          materials + "]}");
  auto scene = read_scene(dir / "model.gltf");
  ASSERT_TRUE(scene) << scene.error().to_string();
  ASSERT_EQ(scene->materials.size(), 4u);
  std::vector<const Texture*> textures;
  for (const Material& m : scene->materials) {
    ASSERT_GE(m.textures.base_color, 0);
    textures.push_back(&scene->textures[m.textures.base_color]);
  }
  const std::vector<std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(png.data()),
                                        reinterpret_cast<const std::uint8_t*>(png.data()) + png.size());
  EXPECT_EQ(textures[0]->data, bytes);
  EXPECT_EQ(textures[1]->data, bytes);
  EXPECT_EQ(textures[0]->wrap_u, TextureWrap::ClampToEdge);
  EXPECT_EQ(textures[1]->wrap_u, TextureWrap::MirroredRepeat);
  EXPECT_EQ(textures[2]->name, "gone.png");
  EXPECT_EQ(textures[3]->name, "gone.png");
  EXPECT_TRUE(textures[2]->data.empty());
  EXPECT_EQ(textures[2]->wrap_u, TextureWrap::ClampToEdge);
  EXPECT_EQ(textures[3]->wrap_u, TextureWrap::Repeat);
  EXPECT_EQ(std::count_if(scene.warnings.begin(), scene.warnings.end(),
                          [](const Warning& w) { return w.code == "GLTF_IMAGE_MISSING"; }),
            1)
      << "one image is missing, whichever number of textures use it";
}

TEST(GltfReadSharedImages, ATextureReadAgainAfterItsImageWasHandedOverStillHasTheBytes) {
  // Two specular-glossiness materials decode the same diffuse texture: its one image is read for the
  // first and handed over, then read again for the second.
  const auto dir = test::temp_dir("gltf-shared-images-reread");
  const std::uint8_t grey[4] = {128, 128, 128, 255};
  test::write_file(dir / "diffuse.png", encode_png(1, 1, 4, grey));
  const std::string spec_gloss =
      R"({"extensions":{"KHR_materials_pbrSpecularGlossiness":{"diffuseTexture":{"index":0}}}})";
  test::write_file(dir / "model.gltf",
                   R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
                   R"("meshes":[{"primitives":[{"attributes":{"POSITION":0},"material":0}]}],)"
                   R"("accessors":[{"bufferView":0,"componentType":5126,"type":"VEC3","count":3}],)"
                   R"("bufferViews":[{"buffer":0,"byteLength":36}],"buffers":[{"byteLength":36,"uri":)"
                   R"("data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}],)"
                   R"("extensionsUsed":["KHR_materials_pbrSpecularGlossiness"],)"
                   R"("images":[{"uri":"diffuse.png"}],"textures":[{"source":0}],"materials":[)" +
                       spec_gloss + "," + spec_gloss + "]}");
  auto scene = read_scene(dir / "model.gltf");
  ASSERT_TRUE(scene) << scene.error().to_string();
  ASSERT_EQ(scene->materials.size(), 2u);
  for (const Material& m : scene->materials) {
    ASSERT_GE(m.textures.base_color, 0);
    EXPECT_FALSE(scene->textures[m.textures.base_color].data.empty());
  }
  for (const Warning& w : scene.warnings) EXPECT_NE(w.code, "GLTF_SPEC_GLOSS_APPROXIMATED") << w.to_string();
}

}  // namespace
}  // namespace aem
