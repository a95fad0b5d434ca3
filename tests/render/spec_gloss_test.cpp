// A glTF whose material uses KHR_materials_pbrSpecularGlossiness renders like its metallic-roughness
// twin (docs/formats/gltf.md §2). Both files are built here: a quad whose textures hold four materials,
// one per quadrant, written in metallic-roughness for one twin and turned into specular-glossiness for
// the other by the published forward conversion (specular = lerp(0.04, base, metallic), diffuse =
// base · 0.96 · (1 − metallic) / (1 − max(specular)), glossiness = 1 − roughness), which the reader's
// inverse undoes exactly for dielectrics, metals and greys. Rendered through `aem render`.
#include <algorithm>
#include <array>
#include <cstring>

#include "core/srgb.hpp"
#include "render/render_support.hpp"

namespace aem::test {
namespace {

constexpr int kTexels = 64;  // each quadrant 32 x 32: filtering blends only along the borders

struct MetalRoughTexel {
  std::array<float, 3> base;  // linear
  float metallic, roughness;
};

// Quadrants in image order (top left, top right, bottom left, bottom right).
const std::array<MetalRoughTexel, 4> kQuadrants = {{
    {{0.8f, 0.1f, 0.1f}, 0.0f, 0.5f},      // red plastic
    {{1.0f, 0.766f, 0.336f}, 1.0f, 0.3f},  // gold
    {{0.6f, 0.6f, 0.6f}, 0.5f, 0.6f},      // grey, half metal
    {{0.1f, 0.2f, 0.8f}, 0.0f, 0.8f},      // blue plastic
}};

std::uint8_t encode(float linear) {
  return static_cast<std::uint8_t>(std::lround(detail::linear_to_srgb(linear) * 255));
}
std::uint8_t byte(float v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255)); }

/// A kTexels² RGBA image whose quadrant q has the pixel `texel(q)`.
template <class Texel>
void write_quadrants(const std::filesystem::path& path, Texel texel) {
  std::vector<std::uint8_t> rgba;
  for (int y = 0; y < kTexels; ++y)
    for (int x = 0; x < kTexels; ++x) {
      const std::array<std::uint8_t, 4> p = texel((y < kTexels / 2 ? 0 : 2) + (x < kTexels / 2 ? 0 : 1));
      rgba.insert(rgba.end(), p.begin(), p.end());
    }
  write_file(path, encode_png(kTexels, kTexels, 4, rgba.data()));
}

/// The quad (x, y -1..1 facing +Z, UV top left at the top left corner) in quad.bin: positions, normals,
/// UVs, then the indices.
void write_quad_buffer(const std::filesystem::path& path) {
  const float floats[] = {-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0,  // positions
                          0,  0,  1, 0, 0,  1, 0, 0, 1, 0,  0, 1,  // normals
                          0,  1,  1, 1, 1,  0, 0, 0};              // UVs
  const std::uint16_t indices[] = {0, 1, 2, 0, 2, 3};
  std::vector<std::byte> bytes(sizeof floats + sizeof indices);
  std::memcpy(bytes.data(), floats, sizeof floats);
  std::memcpy(bytes.data() + sizeof floats, indices, sizeof indices);
  write_file(path, bytes);
}

/// The glTF of the quad with `material` and the images `image0`, `image1`.
std::string quad_gltf(const std::string& extensions, const std::string& material, const std::string& image0,
                      const std::string& image1) {
  return R"({"asset":{"version":"2.0"},)" + extensions +
         R"("scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
         R"("meshes":[{"primitives":[{"attributes":{"POSITION":0,"NORMAL":1,"TEXCOORD_0":2},"indices":3,"material":0}]}],)"
         R"("accessors":[{"bufferView":0,"componentType":5126,"type":"VEC3","count":4,"min":[-1,-1,0],"max":[1,1,0]},)"
         R"({"bufferView":0,"byteOffset":48,"componentType":5126,"type":"VEC3","count":4},)"
         R"({"bufferView":0,"byteOffset":96,"componentType":5126,"type":"VEC2","count":4},)"
         R"({"bufferView":1,"componentType":5123,"type":"SCALAR","count":6}],)"
         R"("bufferViews":[{"buffer":0,"byteLength":128},{"buffer":0,"byteOffset":128,"byteLength":12}],)"
         R"("buffers":[{"byteLength":140,"uri":"quad.bin"}],)"
         R"("images":[{"uri":")" +
         image0 + R"("},{"uri":")" + image1 +
         R"("}],"textures":[{"source":0},{"source":1}],)"
         R"("materials":[)" +
         material + "]}";
}

TEST(RenderSpecGloss, SpecGlossQuadRendersLikeItsMetalRoughTwin) {
  AEM_REQUIRE_RENDER();
  const auto dir = temp_dir("spec-gloss-render");
  write_quad_buffer(dir / "quad.bin");
  write_quadrants(dir / "base.png", [](int q) {
    const auto& t = kQuadrants[q];
    return std::array<std::uint8_t, 4>{encode(t.base[0]), encode(t.base[1]), encode(t.base[2]), 255};
  });
  write_quadrants(dir / "metal_rough.png", [](int q) {
    return std::array<std::uint8_t, 4>{255, byte(kQuadrants[q].roughness), byte(kQuadrants[q].metallic), 255};
  });
  std::array<std::array<float, 3>, 4> specular{}, diffuse{};
  for (int q = 0; q < 4; ++q) {
    const auto& t = kQuadrants[q];
    for (int c = 0; c < 3; ++c) specular[q][c] = 0.04f + (t.base[c] - 0.04f) * t.metallic;
    const float strongest = std::max({specular[q][0], specular[q][1], specular[q][2]});
    for (int c = 0; c < 3; ++c) diffuse[q][c] = t.base[c] * 0.96f * (1 - t.metallic) / std::max(1 - strongest, 1e-6f);
  }
  write_quadrants(dir / "diffuse.png", [&](int q) {
    return std::array<std::uint8_t, 4>{encode(diffuse[q][0]), encode(diffuse[q][1]), encode(diffuse[q][2]), 255};
  });
  write_quadrants(dir / "spec_gloss.png", [&](int q) {
    return std::array<std::uint8_t, 4>{encode(specular[q][0]), encode(specular[q][1]), encode(specular[q][2]),
                                       byte(1 - kQuadrants[q].roughness)};
  });
  write_file(
      dir / "metal_rough.gltf",
      quad_gltf("",
                R"({"pbrMetallicRoughness":{"baseColorTexture":{"index":0},"metallicRoughnessTexture":{"index":1}}})",
                "base.png", "metal_rough.png"));
  // Listed as used, not required: a reader that ignores it still loads the file, white.
  write_file(dir / "spec_gloss.gltf",
             quad_gltf(R"("extensionsUsed":["KHR_materials_pbrSpecularGlossiness"],)",
                       R"({"extensions":{"KHR_materials_pbrSpecularGlossiness":{"diffuseTexture":{"index":0},)"
                       R"("specularGlossinessTexture":{"index":1}}}})",
                       "diffuse.png", "spec_gloss.png"));

  const std::string options = "--size 256x256 --no-grid --background transparent --yaw 0 --pitch 0";
  render_to(dir / "metal_rough.gltf", dir / "render_metal_rough.png", options);
  render_to(dir / "spec_gloss.gltf", dir / "render_spec_gloss.png", options);
  const Png twin = read_png(dir / "render_metal_rough.png"), converted = read_png(dir / "render_spec_gloss.png");
  ASSERT_EQ(twin.width, converted.width);
  int compared = 0;
  // 8-bit textures on both sides: the specular 0.04 of the plastics is stored as sRGB 57 (0.0409), which
  // the reader takes for a trace of metal (m ≈ 0.002); a few levels of difference at most.
  EXPECT_LE(interior_difference(twin, converted, compared), 4) << "renders in " << dir;
  EXPECT_GT(compared, 256 * 256 / 10);
  // Not alike by being both white: the red and blue quadrants keep their colours.
  const auto at = [&](double fx, double fy) {
    return converted.at(int(fx * converted.width), int(fy * converted.height));
  };
  const std::uint8_t* red = at(0.3, 0.3);
  const std::uint8_t* blue = at(0.7, 0.7);
  EXPECT_GT(red[0], 2 * red[2]) << int(red[0]) << " " << int(red[1]) << " " << int(red[2]);
  EXPECT_GT(blue[2], 2 * blue[0]) << int(blue[0]) << " " << int(blue[1]) << " " << int(blue[2]);
}

}  // namespace
}  // namespace aem::test
