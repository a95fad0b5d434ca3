// glTF 1.0, which the native glTF reader refuses (it reads 2.x), reaches every command through
// Assimp's glTF 1.0 importer, with a warning naming the route. The quad (tests/data/gltf/quad_gltf1.gltf,
// see tests/data/README.md) spans x -1..1, y 0..1 at z 0 in its mesh, and its node moves it by +2 in x.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "aem/io.hpp"
#include "core/flatten.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

const std::filesystem::path kQuad = std::filesystem::path(AEM_TEST_DATA_DIR) / "gltf" / "quad_gltf1.gltf";

/// The quad's corners where its node puts them, in the order the file lists them.
const std::vector<Vec3> kPlacedCorners = {{1, 0, 0}, {3, 0, 0}, {3, 1, 0}, {1, 1, 0}};

/// Every vertex of every mesh of `scene` placed by its nodes, sorted (the order Assimp hands them out
/// in is its own).
std::vector<Vec3> placed_positions(const Scene& scene) {
  const Scene flat = flatten_nodes(scene);
  std::vector<Vec3> out;
  for (const Mesh& m : flat.meshes) out.insert(out.end(), m.positions.begin(), m.positions.end());
  const auto less = [](const Vec3& a, const Vec3& b) { return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z); };
  std::sort(out.begin(), out.end(), less);
  return out;
}

std::vector<Vec3> sorted(std::vector<Vec3> v) {
  std::sort(v.begin(), v.end(),
            [](const Vec3& a, const Vec3& b) { return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z); });
  return v;
}

void expect_the_quad(const Result<Scene>& scene) {
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_TRUE(test::has_code(scene.warnings, "GLTF_1_THROUGH_ASSIMP"));
  EXPECT_EQ(scene->vertex_count(), 4u);
  EXPECT_EQ(scene->triangle_count(), 2u);
  EXPECT_EQ(placed_positions(scene.value()), sorted(kPlacedCorners));
}

TEST(Gltf1, ReadsThroughAssimpWithAWarning) {
  auto scene = read_scene(kQuad);
  expect_the_quad(scene);
  ASSERT_EQ(scene->materials.size(), 1u);
  // The material's "diffuse" value [0.8, 0.4, 0.1, 1] (glTF 1.0 techniques name their own parameters;
  // Assimp maps "diffuse").
  EXPECT_NEAR(scene->materials[0].base_color.x, 0.8f, 1e-6f);
  EXPECT_NEAR(scene->materials[0].base_color.y, 0.4f, 1e-6f);
  EXPECT_NEAR(scene->materials[0].base_color.z, 0.1f, 1e-6f);
}

TEST(Gltf1, ReadsFromMemoryToo) {
  const std::vector<std::byte> bytes = test::read_bytes(kQuad);
  expect_the_quad(read_scene(bytes, "in-memory.gltf"));
}

/// The quad as binary glTF 1.0 (KHR_binary_glTF): a 20-byte header (magic, version 1, length, content
/// length, content format 0 = JSON), the JSON, then the buffer "binary_glTF".
std::vector<std::byte> binary_gltf_1() {
  const float positions[] = {-1, 0, 0, 1, 0, 0, 1, 1, 0, -1, 1, 0};
  const std::uint16_t indices[] = {0, 1, 2, 0, 2, 3, 0};  // padded to 4 bytes
  std::string json =
      R"({"asset":{"version":"1.0"},"scene":"s","scenes":{"s":{"nodes":["n"]}},)"
      R"("nodes":{"n":{"meshes":["m"],"translation":[2,0,0]}},)"
      R"("meshes":{"m":{"primitives":[{"attributes":{"POSITION":"p"},"indices":"i","mode":4}]}},)"
      R"("accessors":{"p":{"bufferView":"v","byteOffset":0,"componentType":5126,"count":4,"type":"VEC3"},)"
      R"("i":{"bufferView":"t","byteOffset":0,"componentType":5123,"count":6,"type":"SCALAR"}},)"
      R"("bufferViews":{"v":{"buffer":"binary_glTF","byteOffset":0,"byteLength":48,"target":34962},)"
      R"("t":{"buffer":"binary_glTF","byteOffset":48,"byteLength":12,"target":34963}},)"
      R"("buffers":{"binary_glTF":{"byteLength":62,"type":"arraybuffer","uri":"data:,"}},)"
      R"("extensionsUsed":["KHR_binary_glTF"]})";
  json.resize((json.size() + 3) / 4 * 4, ' ');
  const std::uint32_t header[5] = {0x46546C67, 1,
                                   static_cast<std::uint32_t>(20 + json.size() + sizeof positions + sizeof indices),
                                   static_cast<std::uint32_t>(json.size()), 0};
  std::vector<std::byte> out(header[2]);
  std::memcpy(out.data(), header, 20);
  std::memcpy(out.data() + 20, json.data(), json.size());
  std::memcpy(out.data() + 20 + json.size(), positions, sizeof positions);
  std::memcpy(out.data() + 20 + json.size() + sizeof positions, indices, sizeof indices);
  return out;
}

TEST(Gltf1, BinaryGltf1ReadsThroughAssimpToo) {
  const auto dir = test::temp_dir("gltf1-binary");
  test::write_file(dir / "quad.glb", binary_gltf_1());
  expect_the_quad(read_scene(dir / "quad.glb"));
}

TEST(Gltf1, OtherVersionsStayRefused) {
  const std::string text = R"({"asset":{"version":"3.0"},"scenes":[],"nodes":[]})";
  auto scene = read_scene(std::as_bytes(std::span(text.data(), text.size())), "future.gltf");
  ASSERT_FALSE(scene);
  EXPECT_EQ(scene.error().code, "GLTF_VERSION");
}

TEST(Gltf1, ConvertsInfoAndRenders) {
  const auto dir = test::temp_dir("gltf1-cli");
  const std::string quad = "'" + kQuad.string() + "'";
  std::string out;
  ASSERT_EQ(test::run_cli("convert " + quad + " '" + (dir / "quad.glb").string() + "'", &out), 0) << out;
  EXPECT_NE(out.find("GLTF_1_THROUGH_ASSIMP"), std::string::npos) << out;
  // Written as glTF 2.0 and read back with the native reader: the same four corners.
  auto back = read_scene(dir / "quad.glb");
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(back->source_format, "glTF");
  EXPECT_EQ(back->vertex_count(), 4u);
  EXPECT_EQ(placed_positions(*back), sorted(kPlacedCorners));

  ASSERT_EQ(test::run_cli("info " + quad, &out), 0) << out;
  EXPECT_NE(out.find("glTF 1.0"), std::string::npos) << out;
  ASSERT_EQ(test::run_cli("render " + quad + " -o '" + (dir / "quad.png").string() + "' --size 32x32", &out), 0) << out;
  EXPECT_TRUE(std::filesystem::exists(dir / "quad.png"));
}

}  // namespace
}  // namespace aem
