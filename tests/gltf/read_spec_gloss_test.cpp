// KHR_materials_pbrSpecularGlossiness (docs/formats/gltf.md §2) read as metallic-roughness, required or
// not. Every expected value was worked out by hand from the conversion the extension's examples
// publish; the steps are in the comments (D, S: perceived brightness √(0.299 r² + 0.587 g² + 0.114 b²)
// of diffuse and specular; s = 1 − max(specular); m = larger root of 0.04 m² + b m + c, b = D s / 0.96
// + S − 0.08, c = 0.04 − S; base = lerp(diffuse s / 0.96 / (1 − m), (specular − 0.04 (1 − m)) / m, m²)).
#include <gtest/gtest.h>

#include "aem/io.hpp"
#include "core/image.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

/// A triangle (3 float positions in a data URI) and `rest`, which carries the materials.
std::string gltf_with(const std::string& rest) {
  return R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
         R"("meshes":[{"primitives":[{"attributes":{"POSITION":0},"material":0}]}],)"
         R"("accessors":[{"bufferView":0,"componentType":5126,"type":"VEC3","count":3}],)"
         R"("bufferViews":[{"buffer":0,"byteLength":36}],"buffers":[{"byteLength":36,"uri":)"
         R"("data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}],)" +
         rest + "}";
}

Result<Scene> read_text(const std::string& text) {
  return read_scene(std::as_bytes(std::span(text.data(), text.size())), "memory.gltf");
}

std::string spec_gloss(const std::string& members) {
  return R"({"extensions":{"KHR_materials_pbrSpecularGlossiness":{)" + members + "}}}";
}

void expect_material(const Material& m, Vec3 base, float opacity, float metallic, float roughness) {
  EXPECT_NEAR(m.base_color.x, base.x, 1e-5f) << m.name;
  EXPECT_NEAR(m.base_color.y, base.y, 1e-5f) << m.name;
  EXPECT_NEAR(m.base_color.z, base.z, 1e-5f) << m.name;
  EXPECT_NEAR(m.base_color.w, opacity, 1e-6f) << m.name;
  EXPECT_NEAR(m.opacity, opacity, 1e-6f) << m.name;
  EXPECT_NEAR(m.metallic, metallic, 1e-5f) << m.name;
  EXPECT_NEAR(m.roughness, roughness, 1e-5f) << m.name;
}

TEST(GltfReadSpecGloss, RequiredExtensionIsReadAndItsFactorsConverted) {
  const std::string materials =
      R"("extensionsUsed":["KHR_materials_pbrSpecularGlossiness"],"extensionsRequired":["KHR_materials_pbrSpecularGlossiness"],)"
      R"("materials":[)" +
      spec_gloss(R"("diffuseFactor":[0.5,0.5,0.5,1],"specularFactor":[0.3,0.3,0.3],"glossinessFactor":0.4)") + "," +
      spec_gloss(R"("diffuseFactor":[0.6,0.3,0.1,0.8],"specularFactor":[0.2,0.15,0.1],"glossinessFactor":0.75)") + "," +
      spec_gloss(R"("diffuseFactor":[0,0,0,1],"specularFactor":[1,0.766,0.336],"glossinessFactor":0.9)") + "," +
      spec_gloss(R"("diffuseFactor":[0.8,0.2,0.2,1],"specularFactor":[0.02,0.02,0.02],"glossinessFactor":0.5)") + "," +
      spec_gloss("") + "]";
  auto scene = read_text(gltf_with(materials));
  ASSERT_TRUE(scene) << scene.error().to_string();
  ASSERT_EQ(scene->materials.size(), 5u);
  const auto& mats = scene->materials;

  // Grey: D 0.5, S 0.3, s 0.7; b = 0.5·0.7/0.96 + 0.3 − 0.08 = 0.584583, c = −0.26,
  // b² − 4·0.04·c = 0.383338, m = (√0.383338 − 0.584583) / 0.08 = 0.431992.
  // base = 0.5·0.7/0.96/0.568008 = 0.641863 (the specular side gives the same: (0.3 − 0.04·0.568008) / 0.431992).
  expect_material(mats[0], {0.641863f, 0.641863f, 0.641863f}, 1.0f, 0.431992f, 0.6f);
  // A grey material keeps its shading inputs: c_diff = base·0.96·(1 − m) = 0.5·0.7, F0 = 0.04(1 − m) + base·m = 0.3.
  EXPECT_NEAR(mats[0].base_color.x * 0.96f * (1 - mats[0].metallic), 0.35f, 1e-5f);
  EXPECT_NEAR(0.04f * (1 - mats[0].metallic) + mats[0].base_color.x * mats[0].metallic, 0.3f, 1e-5f);

  // Coloured: D = √(0.299·0.36 + 0.587·0.09 + 0.114·0.01) = 0.402007, S = √(0.299·0.04 + 0.587·0.0225 + 0.114·0.01)
  // = 0.162196, s = 0.8; b = 0.417202, c = −0.122196, m = (√0.193609 − 0.417202) / 0.08 = 0.285101.
  // From diffuse: (0.6, 0.3, 0.1)·0.8/0.96/0.714899 = (0.699399, 0.349700, 0.116567); from specular:
  // ((0.2, 0.15, 0.1) − 0.04·0.714899) / 0.285101 = (0.601205, 0.425829, 0.250452); blended by m² = 0.081283.
  expect_material(mats[1], {0.691418f, 0.355888f, 0.127449f}, 0.8f, 0.285101f, 0.25f);

  // The extension's own gold: no diffuse, so s = 0 and D = 0; S = 0.810121, b = 0.730121, c = −0.770121,
  // b² − 4ac = S² exactly, m = (S − b) / 0.08 = 1: a pure metal whose base colour is its specular colour.
  expect_material(mats[2], {1.0f, 0.766f, 0.336f}, 1.0f, 1.0f, 0.1f);

  // Specular 0.02 < 0.04: no metal; base = (0.8, 0.2, 0.2)·0.98/0.96.
  expect_material(mats[3], {0.816667f, 0.204167f, 0.204167f}, 1.0f, 0.0f, 0.5f);

  // Every default (diffuse 1, specular 1, glossiness 1): s = 0, S = 1, b = 0.92, c = −0.96, m = (1 − 0.92)/0.08
  // = 1: a white mirror.
  expect_material(mats[4], {1.0f, 1.0f, 1.0f}, 1.0f, 1.0f, 0.0f);
}

TEST(GltfReadSpecGloss, TheExtensionWinsOverTheCoreMaterial) {
  const std::string materials =
      R"("extensionsUsed":["KHR_materials_pbrSpecularGlossiness"],"materials":[{)"
      R"("pbrMetallicRoughness":{"baseColorFactor":[0.1,0.9,0.1,1],"metallicFactor":0.2,"roughnessFactor":0.9},)"
      R"("extensions":{"KHR_materials_pbrSpecularGlossiness":{)"
      R"("diffuseFactor":[0,0,0,1],"specularFactor":[1,0.766,0.336],"glossinessFactor":0.9}}}])";
  auto scene = read_text(gltf_with(materials));
  ASSERT_TRUE(scene) << scene.error().to_string();
  expect_material(scene->materials[0], {1.0f, 0.766f, 0.336f}, 1.0f, 1.0f, 0.1f);
}

/// A width x 1 PNG of the given RGBA pixels.
std::vector<std::byte> png_row(const std::vector<std::uint8_t>& rgba) {
  return encode_png(static_cast<int>(rgba.size() / 4), 1, 4, rgba.data());
}

std::string textured_materials(const std::string& diffuse_uri) {
  return R"("extensionsRequired":["KHR_materials_pbrSpecularGlossiness"],)"
         R"("images":[{"uri":")" +
         diffuse_uri +
         R"("},{"uri":"specgloss.png"}],)"
         R"("samplers":[{"wrapS":33071,"wrapT":33648}],"textures":[{"source":0,"sampler":0},{"source":1}],)"
         R"("materials":[{"name":"painted",)"
         R"("extensions":{"KHR_materials_pbrSpecularGlossiness":{"diffuseFactor":[1,1,1,0.6],)"
         R"("diffuseTexture":{"index":0},"specularGlossinessTexture":{"index":1}}}}])";
}

TEST(GltfReadSpecGloss, TexturesAreConvertedPixelByPixel) {
  const auto dir = test::temp_dir("spec-gloss-textures");
  // Three texels: red over a weak grey specular, black over gold, mid grey over a stronger grey specular.
  test::write_file(dir / "diffuse.png", png_row({255, 0, 0, 255, 0, 0, 0, 255, 188, 188, 188, 255}));
  test::write_file(dir / "specgloss.png", png_row({10, 10, 10, 128, 255, 196, 86, 230, 149, 149, 149, 102}));
  test::write_file(dir / "model.gltf", gltf_with(textured_materials("diffuse.png")));
  auto scene = read_scene(dir / "model.gltf");
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_FALSE(test::has_code(scene.warnings, "GLTF_SPEC_GLOSS_APPROXIMATED"));
  const Material& m = scene->materials[0];
  // The factors moved into the pixels.
  expect_material(m, {1, 1, 1}, 1.0f, 1.0f, 1.0f);
  ASSERT_GE(m.textures.base_color, 0);
  ASSERT_GE(m.textures.metallic_roughness, 0);
  const Texture& base_tex = scene->textures[m.textures.base_color];
  const Texture& mr_tex = scene->textures[m.textures.metallic_roughness];
  EXPECT_EQ(base_tex.name, "painted_baseColor.png");
  EXPECT_EQ(mr_tex.name, "painted_metallicRoughness.png");
  EXPECT_EQ(base_tex.mime_type, "image/png");
  EXPECT_EQ(base_tex.wrap_u, TextureWrap::ClampToEdge);  // the diffuse texture's sampler
  EXPECT_EQ(mr_tex.wrap_v, TextureWrap::MirroredRepeat);
  const Image base = decode_image(base_tex.data), mr = decode_image(mr_tex.data);
  ASSERT_EQ(base.width, 3);
  ASSERT_EQ(mr.width, 3);

  // Texel 0: diffuse linear (1, 0, 0); specular sRGB 10 = linear 0.003035 < 0.04: no metal; base =
  // (1, 0, 0)·0.996965/0.96 = (1.038505, 0, 0), clamped to (1, 0, 0); glossiness 128/255, roughness 127/255.
  // Texel 1: no diffuse, specular linear (1, 0.552011, 0.093059): metal 1, base = specular, sRGB (255, 196, 86);
  // glossiness 230/255, roughness 25/255.
  // Texel 2: diffuse sRGB 188 = linear 0.502886, specular sRGB 149 = 0.300544, s = 0.699456; b = 0.586947,
  // c = −0.260544, m = (√0.386194 − 0.586947)/0.08 = 0.431224 (110/255); base 0.644196 both ways, sRGB 210;
  // roughness 1 − 102/255 = 0.6 (153/255).
  // Opacity: the diffuse alpha 1 times the factor 0.6 = 153/255 at every texel.
  const std::uint8_t expected_base[3][4] = {{255, 0, 0, 153}, {255, 196, 86, 153}, {210, 210, 210, 153}};
  const std::uint8_t expected_mr[3][4] = {{255, 127, 0, 255}, {255, 25, 255, 255}, {255, 153, 110, 255}};
  for (int x = 0; x < 3; ++x)
    for (int c = 0; c < 4; ++c) {
      EXPECT_NEAR(base.at(x, 0)[c], expected_base[x][c], 1) << "base colour texel " << x << " channel " << c;
      EXPECT_NEAR(mr.at(x, 0)[c], expected_mr[x][c], 1) << "metallic-roughness texel " << x << " channel " << c;
    }
}

TEST(GltfReadSpecGloss, AMissingDiffuseImageKeepsItByNameAndSaysSo) {
  const auto dir = test::temp_dir("spec-gloss-missing");
  test::write_file(dir / "specgloss.png", png_row({255, 196, 86, 230}));
  test::write_file(dir / "model.gltf", gltf_with(textured_materials("absent.png")));
  auto scene = read_scene(dir / "model.gltf");
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_TRUE(test::has_code(scene.warnings, "GLTF_SPEC_GLOSS_APPROXIMATED"));
  EXPECT_EQ(std::count_if(scene.warnings.begin(), scene.warnings.end(),
                          [](const Warning& w) { return w.code == "GLTF_IMAGE_MISSING"; }),
            1);
  const Material& m = scene->materials[0];
  ASSERT_GE(m.textures.base_color, 0);
  EXPECT_EQ(scene->textures[m.textures.base_color].name, "absent.png");
  EXPECT_EQ(m.textures.metallic_roughness, -1);
  // The factors alone (diffuse 1, specular 1, glossiness 1: a white mirror), the opacity 0.6.
  expect_material(m, {1, 1, 1}, 0.6f, 1.0f, 0.0f);
}

}  // namespace
}  // namespace aem
