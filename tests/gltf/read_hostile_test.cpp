// Hostile and hand-built glTF input for the native reader: every lie gets an error with a code and the
// JSON path, never a crash or a huge allocation. The files are built here, so a clone without the
// corpus runs them.
#include <gtest/gtest.h>

#include <cctype>
#include <cstring>
#include <fstream>

#include "aem/io.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"

namespace aem {
namespace {

/// A triangle: 3 float VEC3 positions (36 bytes) in a base64 data URI, placed by one node.
const char* kTriangleData = "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA";

std::string triangle_gltf(const std::string& accessor = R"("count":3)", const std::string& view = R"("byteLength":36)",
                          const std::string& extra = "", const std::string& nodes = R"([{"mesh":0}])",
                          const std::string& uri = kTriangleData) {
  return R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":)" + nodes +
         R"(,"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],)"
         R"("accessors":[{"bufferView":0,"componentType":5126,"type":"VEC3",)" +
         accessor +
         R"(}],)"
         R"("bufferViews":[{"buffer":0,)" +
         view + R"(}],"buffers":[{"byteLength":36,"uri":")" + uri + R"("}])" + extra + "}";
}

Result<Scene> read_text(const std::string& text, const std::filesystem::path& hint = "memory.gltf") {
  return read_scene(std::as_bytes(std::span(text.data(), text.size())), hint);
}

void expect_error(const Result<Scene>& r, const std::string& code, const std::string& path_part) {
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, code) << r.error().to_string();
  EXPECT_NE(r.error().path.find(path_part), std::string::npos) << r.error().to_string();
}

TEST(GltfReadHostile, TheWellFormedTriangleReads) {
  auto r = read_text(triangle_gltf());
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  ASSERT_EQ(r->meshes.size(), 1u);
  EXPECT_EQ(r->meshes[0].positions.size(), 3u);
  EXPECT_EQ(r->meshes[0].indices, (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_EQ(r->meshes[0].positions[1], (Vec3{1, 0, 0}));
  EXPECT_EQ(r->meshes[0].positions[2], (Vec3{0, 1, 0}));
  EXPECT_EQ(r->nodes[0].name, "");  // unnamed stays unnamed
}

TEST(GltfReadHostile, LyingAccessorCount) {
  expect_error(read_text(triangle_gltf(R"("count":4)")), "GLTF_RANGE", "meshes[0].primitives[0].attributes.POSITION");
}

TEST(GltfReadHostile, BillionElementCountIsRefusedBeforeAllocating) {
  expect_error(read_text(triangle_gltf(R"("count":1000000000)")), "GLTF_RANGE", "attributes.POSITION");
}

TEST(GltfReadHostile, BufferViewPastTheEndOfItsBuffer) {
  expect_error(read_text(triangle_gltf(R"("count":3)", R"("byteLength":36,"byteOffset":12)")), "GLTF_RANGE",
               "bufferViews[0]");
}

TEST(GltfReadHostile, UriEscapingTheFolder) {
  const auto dir = test::temp_dir("gltf-escape");
  std::filesystem::create_directories(dir / "model");
  { std::ofstream(dir / "secret.bin", std::ios::binary) << std::string(36, '\0'); }
  auto r = read_text(triangle_gltf(R"("count":3)", R"("byteLength":36)", "", R"([{"mesh":0}])", "../secret.bin"),
                     dir / "model" / "m.gltf");
  expect_error(r, "GLTF_URI_ESCAPES", "buffers[0].uri");
  expect_error(read_text(triangle_gltf(R"("count":3)", R"("byteLength":36)", "", R"([{"mesh":0}])", "/etc/passwd"),
                         dir / "model" / "m.gltf"),
               "GLTF_URI_ESCAPES", "buffers[0].uri");
}

TEST(GltfReadHostile, AssetRootWidensWhereSideFilesMayBe) {
  const auto dir = test::temp_dir("gltf-root");
  std::filesystem::create_directories(dir / "model");
  const float floats[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  { std::ofstream(dir / "shared.bin", std::ios::binary).write(reinterpret_cast<const char*>(floats), sizeof floats); }
  const std::string text = triangle_gltf(R"("count":3)", R"("byteLength":36)", "", R"([{"mesh":0}])", "../shared.bin");
  ReadOptions options;
  options.asset_root = dir;
  auto r = read_scene(std::as_bytes(std::span(text.data(), text.size())), dir / "model" / "m.gltf", options);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->meshes[0].positions[1], (Vec3{1, 0, 0}));
}

TEST(GltfReadHostile, SideFileBesideTheModelIsRead) {
  const auto dir = test::temp_dir("gltf-side");
  const float floats[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  { std::ofstream(dir / "tri.bin", std::ios::binary).write(reinterpret_cast<const char*>(floats), sizeof floats); }
  auto r =
      read_text(triangle_gltf(R"("count":3)", R"("byteLength":36)", "", R"([{"mesh":0}])", "tri.bin"), dir / "m.gltf");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->meshes[0].positions[1], (Vec3{1, 0, 0}));
}

TEST(GltfReadHostile, CyclicNodeTree) {
  expect_error(read_text(triangle_gltf(R"("count":3)", R"("byteLength":36)", "",
                                       R"([{"mesh":0,"children":[1]},{"children":[0]}])")),
               "GLTF_NODE_CYCLE", "nodes[");
}

TEST(GltfReadHostile, RequiredUnknownExtension) {
  expect_error(
      read_text(triangle_gltf(R"("count":3)", R"("byteLength":36)", R"(,"extensionsRequired":["KHR_teleportation"])")),
      "GLTF_UNSUPPORTED_EXTENSION", "extensionsRequired[0]");
}

TEST(GltfReadHostile, IndexOutOfRange) {
  std::string text = triangle_gltf();
  text.replace(text.find(R"("POSITION":0)"), 12, R"("POSITION":7)");
  expect_error(read_text(text), "GLTF_INDEX_OUT_OF_RANGE", "meshes[0].primitives[0].attributes.POSITION");
}

/// The triangle with six uint32 indices after its positions (60 bytes of `data`, base64).
std::string indexed_triangle_gltf(const std::string& data) {
  return R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
         R"("meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],)"
         R"("accessors":[{"bufferView":0,"componentType":5126,"type":"VEC3","count":3},)"
         R"({"bufferView":1,"componentType":5125,"type":"SCALAR","count":6}],)"
         R"("bufferViews":[{"buffer":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":24}],)"
         R"("buffers":[{"byteLength":60,"uri":"data:application/octet-stream;base64,)" +
         data + R"("}]})";
}

// Each index is checked against the vertex count, and the error names the first one past it.
TEST(GltfReadHostile, AnIndexPastTheVerticesIsNamed) {
  // Indices 0 1 2 2 1 0: all inside.
  auto good = read_text(
      indexed_triangle_gltf("AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAAAAAEAAAACAAAAAgAAAAEAAAAAAAAA"));
  ASSERT_TRUE(good.ok()) << good.error().to_string();
  EXPECT_EQ(good->meshes[0].indices, (std::vector<std::uint32_t>{0, 1, 2, 2, 1, 0}));
  // Indices 0 1 2 1 3 0: 3 at position 4.
  auto three = read_text(
      indexed_triangle_gltf("AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAAAAAEAAAACAAAAAQAAAAMAAAAAAAAA"));
  expect_error(three, "GLTF_INDEX_OUT_OF_RANGE", "meshes[0].primitives[0].indices");
  EXPECT_NE(three.error().message.find("index 3 at 4 "), std::string::npos) << three.error().to_string();
  // Indices 0 1 2 4294967295 1 2: the largest unsigned value at position 3.
  auto huge = read_text(
      indexed_triangle_gltf("AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAAAAAEAAAACAAAA/////wEAAAACAAAA"));
  expect_error(huge, "GLTF_INDEX_OUT_OF_RANGE", "meshes[0].primitives[0].indices");
  EXPECT_NE(huge.error().message.find("index 4294967295 at 3 "), std::string::npos) << huge.error().to_string();
}

TEST(GltfReadHostile, DeeplyNestedJsonIsRefused) {
  const std::string text = std::string(100000, '[') + std::string(100000, ']');
  auto r = read_text(text);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "GLTF_JSON");
}

TEST(GltfReadHostile, TruncatedGlbSaysTruncated) {
  AEM_CORPUS_FILE_OR_FIXTURE(file, "gltf/Box/Box.glb", "gltf/skinned_quad.glb");
  std::ifstream in(file, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (std::size_t keep : {std::size_t{10}, std::size_t{30}, bytes.size() / 2, bytes.size() - 1}) {
    auto r = read_scene(std::as_bytes(std::span(bytes.data(), keep)), "Box.glb");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "GLTF_TRUNCATED") << r.error().to_string();
    EXPECT_NE(r.error().message.find("truncated"), std::string::npos);
  }
}

TEST(GltfReadHostile, GlbWithoutTheMagicSaysItIsNotGlb) {
  // A .glb file must start with the bytes "glTF" (glTF 2.0 §4.4.2); these are the start of a PNG.
  const std::string bytes = "\x89PNG\r\n\x1a\n and not a model";
  auto r = read_scene(std::as_bytes(std::span(bytes.data(), bytes.size())), "model.glb");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "GLTF_BAD_HEADER") << r.error().to_string();
  EXPECT_EQ(r.error().offset, std::optional<std::uint64_t>(0)) << r.error().to_string();
  EXPECT_NE(r.error().message.find("not a GLB"), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().message.find("89 50 4e 47"), std::string::npos) << r.error().to_string();
}

TEST(GltfReadHostile, GlbRangeErrorsGiveTheByteOffset) {
  AEM_CORPUS_FILE(file, "gltf/Box/Box.glb");
  std::ifstream in(file, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Make the first buffer view claim 9...9 bytes (same digit count, so the JSON chunk keeps its length).
  std::string text(bytes.begin(), bytes.end());
  std::size_t at = text.find("\"byteLength\":", text.find("\"bufferViews\"")) + 13;
  while (std::isdigit(static_cast<unsigned char>(bytes[at]))) bytes[at++] = '9';
  std::uint32_t json_length;
  std::memcpy(&json_length, bytes.data() + 12, 4);
  const std::size_t bin_data = 20 + json_length + 8;  // GLB: 12-byte header, JSON chunk, BIN chunk header
  auto r = read_scene(std::as_bytes(std::span(bytes)), "Box.glb");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "GLTF_RANGE") << r.error().to_string();
  ASSERT_TRUE(r.error().offset.has_value());
  EXPECT_GE(*r.error().offset, bin_data);
}

}  // namespace
}  // namespace aem
