// Round trips through the glTF writer keep what the scene holds: AEM -> glTF -> AEM, glTF -> AEM ->
// glTF, glTF -> glTF and CEM -> glTF -> CEM keep mesh, vertex, triangle, joint, material and animation
// counts, names, and the posed vertices within 1e-4 at five times of every animation. glTF is read
// through read_scene, so these hold for whichever glTF reader the build has.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "aem/io.hpp"
#include "core/image.hpp"
#include "formats/gltf/json.hpp"
#include "gltf/gltf_write_support.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"

namespace aem {
namespace {

std::vector<std::string> names(const auto& items) {
  std::vector<std::string> out;
  for (const auto& i : items) out.push_back(i.name);
  return out;
}

/// Indices of the animations glTF can carry: those with channels, and the vertex animation. An
/// animation with neither (AEM keeps a morph animation's name but not its frames) cannot be written:
/// glTF needs a channel per animation, and the writer warns GLTF_WRITE_EMPTY_ANIMATION.
std::vector<int> playable(const Scene& s) {
  std::vector<int> out;
  for (std::size_t a = 0; a < s.animations.size(); ++a)
    if (!s.animations[a].channels.empty() ||
        (s.vertex_animation.frame_count > 0 && s.animations[a].name == s.vertex_animation.name))
      out.push_back(static_cast<int>(a));
  return out;
}

/// Same counts, names and posed vertices (bind pose and five times of every animation).
void expect_same_model(const Scene& want, const Scene& got) {
  EXPECT_EQ(got.meshes.size(), want.meshes.size());
  EXPECT_EQ(got.vertex_count(), want.vertex_count());
  EXPECT_EQ(got.triangle_count(), want.triangle_count());
  const auto want_anims = playable(want), got_anims = playable(got);
  ASSERT_EQ(got_anims.size(), want_anims.size());
  EXPECT_EQ(got.animations.size(), got_anims.size()) << "nothing unplayable appears";
  for (std::size_t i = 0; i < want_anims.size(); ++i)
    EXPECT_EQ(got.animations[got_anims[i]].name, want.animations[want_anims[i]].name);
  EXPECT_EQ(names(got.meshes), names(want.meshes));
  EXPECT_EQ(got.joints.size(), want.joints.size());
  EXPECT_EQ(names(got.joints), names(want.joints));
  EXPECT_EQ(got.materials.size(), want.materials.size());
  EXPECT_EQ(names(got.materials), names(want.materials));
  for (int i = -1; i < static_cast<int>(want_anims.size()); ++i) {
    const int wa = i < 0 ? -1 : want_anims[i], ga = i < 0 ? -1 : got_anims[i];
    const float duration = i < 0 ? 0.0f : want.animations[wa].duration;
    for (int k = 0; k < (i < 0 ? 1 : 5); ++k) {
      const float t = duration * k / 4.0f;
      const auto w = test::posed_scene(want, wa, t), g = test::posed_scene(got, ga, t);
      ASSERT_EQ(g.size(), w.size());
      std::size_t bad = 0;
      for (std::size_t v = 0; v < w.size(); ++v)
        if (length(g[v] - w[v]) > 1e-4f && bad++ < 3)
          ADD_FAILURE() << "animation " << wa << " t=" << t << " vertex " << v << ": (" << g[v].x << ", " << g[v].y
                        << ", " << g[v].z << ") instead of (" << w[v].x << ", " << w[v].y << ", " << w[v].z << ")";
    }
  }
}

TEST(GltfWriteRoundTrip, AemToGltfToAem) {
  AEM_CORPUS_OR_FIXTURE_FILES(inputs, "aem", ".aem");
  const auto dir = test::temp_dir("gltf-aem-rt");
  for (const auto& in : inputs) {
    for (const char* ext : {".glb", ".gltf"}) {
      SCOPED_TRACE(in.filename().string() + " via " + ext);
      const auto mid = test::convert_cli(in, dir / (in.stem().string() + ext));
      const auto back = test::convert_cli(mid, dir / (in.stem().string() + "-back.aem"));
      expect_same_model(test::read_or_fail(in), test::read_or_fail(back));
    }
  }
}

TEST(GltfWriteRoundTrip, GltfToAemToGltfAndGltfToGltf) {
  AEM_CORPUS_OR_FIXTURE_FILES(inputs, "gltf", ".glb");
  for (const auto& f : test::corpus_or_fixture_files("gltf", ".gltf")) inputs.push_back(f);
  const auto dir = test::temp_dir("gltf-gltf-rt");
  for (const auto& in : inputs) {
    SCOPED_TRACE(in.filename().string());
    const Scene source = test::read_or_fail(in);
    const auto direct = test::convert_cli(in, dir / (in.stem().string() + "-direct.glb"));
    {
      SCOPED_TRACE("glTF -> glTF");
      expect_same_model(source, test::read_or_fail(direct));
    }
    const auto aem = test::convert_cli(in, dir / (in.stem().string() + ".aem"));
    const auto back = test::convert_cli(aem, dir / (in.stem().string() + "-back.glb"));
    SCOPED_TRACE("glTF -> AEM -> glTF");
    expect_same_model(test::read_or_fail(aem), test::read_or_fail(back));
  }
}

TEST(GltfWriteRoundTrip, CemToGltfToCemKeepsTheFrames) {
  AEM_CORPUS_OR_FIXTURE_FILES(inputs, "cem", ".cem");
  const auto dir = test::temp_dir("gltf-cem-rt");
  for (const auto& in : inputs) {
    SCOPED_TRACE(in.filename().string());
    const Scene source = test::read_or_fail(in);
    const auto glb = test::convert_cli(in, dir / (in.stem().string() + ".glb"));
    const Scene back = test::read_or_fail(test::convert_cli(glb, dir / (in.stem().string() + "-back.cem")));
    ASSERT_EQ(back.meshes.size(), source.meshes.size());
    EXPECT_EQ(back.vertex_animation.frame_count, source.vertex_animation.frame_count);
    for (std::size_t m = 0; m < source.meshes.size(); ++m) {
      ASSERT_EQ(back.meshes[m].frames.size(), source.meshes[m].frames.size());
      for (std::size_t f = 0; f < source.meshes[m].frames.size(); ++f)
        for (std::size_t v = 0; v < source.meshes[m].frames[f].positions.size(); ++v)
          EXPECT_LE(length(back.meshes[m].frames[f].positions[v] - source.meshes[m].frames[f].positions[v]), 1e-4f)
              << "mesh " << m << " frame " << f << " vertex " << v;
    }
  }
}

/// Adds material "m<i>" with texture i as its base colour, and a triangle at z = i that uses it.
void add_textured_triangle(Scene& s, std::size_t i) {
  Material m;
  m.name = "m" + std::to_string(i);
  m.textures.base_color = static_cast<std::int32_t>(i);
  s.materials.push_back(m);
  Mesh mesh;
  mesh.positions = {{0, 0, float(i)}, {1, 0, float(i)}, {0, 1, float(i)}};
  mesh.uvs = {{{0, 0}, {1, 0}, {0, 1}}};
  mesh.indices = {0, 1, 2};
  mesh.material = static_cast<std::int32_t>(i);
  s.meshes.push_back(mesh);
}

// Sampler wraps (one glTF sampler per distinct pair) and doubleSided come back as they were written.
TEST(GltfWriteRoundTrip, WrapModesAndSidednessSurvive) {
  const std::uint8_t white[4] = {255, 255, 255, 255};
  const auto png = encode_png(1, 1, 4, white);
  const std::vector<std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(png.data()),
                                        reinterpret_cast<const std::uint8_t*>(png.data()) + png.size());
  const std::pair<TextureWrap, TextureWrap> wraps[] = {{TextureWrap::ClampToEdge, TextureWrap::MirroredRepeat},
                                                       {TextureWrap::MirroredRepeat, TextureWrap::Repeat},
                                                       {TextureWrap::Repeat, TextureWrap::Repeat},
                                                       {TextureWrap::ClampToEdge, TextureWrap::MirroredRepeat}};
  Scene s;
  for (std::size_t i = 0; i < std::size(wraps); ++i) {
    Texture t{"t" + std::to_string(i), bytes, "image/png"};
    t.wrap_u = wraps[i].first, t.wrap_v = wraps[i].second;
    s.textures.push_back(t);
    add_textured_triangle(s, i);
    s.materials.back().double_sided = i % 2 == 1;
  }
  const auto path = test::temp_dir("gltf-wraps") / "wraps.glb";
  ASSERT_TRUE(write_scene(path, s).ok());
  const Scene back = test::read_or_fail(path);
  if (back.source_format != "glTF") GTEST_SKIP() << "wrap modes are read by the native glTF reader, not Assimp";
  ASSERT_EQ(back.materials.size(), s.materials.size());
  for (std::size_t i = 0; i < s.materials.size(); ++i) {
    SCOPED_TRACE(s.materials[i].name);
    EXPECT_EQ(back.materials[i].double_sided, s.materials[i].double_sided);
    const std::int32_t t = back.materials[i].textures.base_color;
    ASSERT_GE(t, 0);
    EXPECT_EQ(back.textures[t].wrap_u, wraps[i].first);
    EXPECT_EQ(back.textures[t].wrap_v, wraps[i].second);
  }
}

// Textures that differ only in their samplers (as glTF's own files have them, read back) are written
// as one image with several textures; the same bytes under another name stay an image of their own.
TEST(GltfWriteRoundTrip, TexturesSharingAnImageWriteItOnce) {
  const std::uint8_t white[4] = {255, 255, 255, 255}, red[4] = {255, 0, 0, 255};
  const auto as_bytes = [](const std::vector<std::byte>& png) {
    return std::vector<std::uint8_t>(reinterpret_cast<const std::uint8_t*>(png.data()),
                                     reinterpret_cast<const std::uint8_t*>(png.data()) + png.size());
  };
  const auto checker = as_bytes(encode_png(1, 1, 4, white)), other = as_bytes(encode_png(1, 1, 4, red));
  Scene s;
  s.textures = {{"checker.png", checker, "image/png"},
                {"checker.png", checker, "image/png"},
                {"other.png", other, "image/png"},
                {"copy.png", checker, "image/png"}};
  s.textures[1].wrap_u = TextureWrap::ClampToEdge;
  for (std::size_t i = 0; i < s.textures.size(); ++i) add_textured_triangle(s, i);
  const auto path = test::temp_dir("gltf-shared-images") / "shared.glb";
  ASSERT_TRUE(write_scene(path, s).ok());
  const auto glb = test::read_bytes(path);
  std::uint32_t json_length = 0;
  std::memcpy(&json_length, glb.data() + 12, 4);
  auto parsed = formats::gltf::JsonDocument::parse({reinterpret_cast<const char*>(glb.data()) + 20, json_length});
  const auto root = std::get<formats::gltf::JsonDocument>(parsed).root();
  ASSERT_EQ(root["images"].size(), 3u);
  ASSERT_EQ(root["textures"].size(), 4u);
  std::vector<double> sources;
  for (std::size_t t = 0; t < 4; ++t) sources.push_back(root["textures"][t]["source"].number());
  EXPECT_EQ(sources, (std::vector<double>{0, 0, 1, 2}));
  const Scene back = test::read_or_fail(path);
  ASSERT_EQ(back.materials.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    const std::int32_t t = back.materials[i].textures.base_color;
    ASSERT_GE(t, 0);
    EXPECT_EQ(back.textures[t].data, s.textures[i].data);
    EXPECT_EQ(back.textures[t].wrap_u, s.textures[i].wrap_u);
  }
  if (test::validator_installed()) EXPECT_EQ(test::validate_gltf({path}).at(0).errors, 0);
}

}  // namespace
}  // namespace aem
