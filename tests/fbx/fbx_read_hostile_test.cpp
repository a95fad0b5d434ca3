// Files that lie: truncated at every length, bytes overwritten, an array that claims more than the
// file holds. Each read ends in an FBX error or a scene that validates, never a crash, a hang or a
// huge allocation; errors name the file, the format and an offset inside the file.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "aem/validate.hpp"
#include "fbx/fbx_flavours.hpp"

namespace aem::test {
namespace {

class FbxHostile : public testing::TestWithParam<FbxFlavour> {};

/// A small file with every kind of object the reader handles: a skinned, blend-shaped mesh with a
/// material and an embedded texture, a skeleton and a take.
fbx::Document everything() {
  fbx::Document doc;
  doc.materials = {{"skin", {0.8, 0.6, 0.5}, true, {"tex", "tex.png", "tex.png", std::vector<std::byte>(64, std::byte{0x89})}}};
  fbx::Node& bone = doc.nodes.emplace_back();
  bone.name = "bone", bone.type = fbx::NodeType::Skeleton, bone.pre_rotation = {0, 30, 0};
  fbx::Node& body = doc.nodes.emplace_back();
  body.name = "body", body.type = fbx::NodeType::Mesh, body.materials = {0};
  body.mesh.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}};
  body.mesh.polygons = {{0, 1, 2, 3}, {0, 4, 1}};
  body.mesh.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}, {1, 1}, {1, 0}};
  body.mesh.has_skin = true;
  body.mesh.skin.clusters = {{.bone = 0, .indices = {0, 1, 2, 3, 4}, .weights = {1, 1, 0.5, 0.5, 1}}};
  body.mesh.blend_channels = {{"pout", 10.0, {{"pout", {4}, {{0, 0, 1}}}}}};
  fbx::Track turn{.node = 0, .channel = fbx::Channel::Rotation};
  turn.components[1] = {{0.0, 0.0}, {1.0, 45.0}};
  fbx::Track pout{.node = 1, .channel = fbx::Channel::DeformPercent, .blend_channel = 0};
  pout.components[0] = {{0.0, 0.0}, {1.0, 100.0}};
  doc.takes = {{"take", 0.0, 1.0, {turn, pout}}};
  return doc;
}

/// Reads `bytes`; fails the test unless it is an FBX error with an offset inside the file, or a scene
/// whose indices and sizes validate_scene accepts (overwritten numbers may be NaN: the reader keeps
/// them, and validate and write_scene refuse them later).
void expect_handled(const std::vector<std::byte>& bytes, const std::string& what) {
  const Result<Scene> r = read_scene(bytes, "hostile.fbx");
  if (!r) {
    const Error& e = r.error();
    EXPECT_TRUE(e.code.rfind("FBX_", 0) == 0 || e.code == "UNKNOWN_FORMAT") << what << ": " << e.to_string();
    EXPECT_EQ(e.file, "hostile.fbx") << what;
    if (e.offset) EXPECT_LE(*e.offset, bytes.size()) << what;
    return;
  }
  for (const Error& e : validate_scene(r.value()).errors)
    if (e.code != "SCENE_NOT_FINITE") ADD_FAILURE() << what << ": " << e.to_string();
}

TEST_P(FbxHostile, EveryTruncationIsAnErrorOrAValidScene) {
  const auto bytes = fbx::write_fbx(everything(), GetParam().encoding, GetParam().version);
  ASSERT_TRUE(read_scene(bytes, "whole.fbx").ok());
  const std::size_t step = std::max<std::size_t>(1, bytes.size() / 400);
  for (std::size_t n = 0; n < bytes.size(); n += step)
    expect_handled(std::vector<std::byte>(bytes.begin(), bytes.begin() + n), "first " + std::to_string(n) + " bytes");
}

TEST_P(FbxHostile, OverwrittenBytesAreAnErrorOrAValidScene) {
  const auto bytes = fbx::write_fbx(everything(), GetParam().encoding, GetParam().version);
  std::mt19937 random(1234);  // fixed: the same files every run
  for (int round = 0; round < 300; ++round) {
    auto broken = bytes;
    for (int k = 0; k < 4; ++k) broken[random() % broken.size()] = static_cast<std::byte>(random() & 0xFF);
    expect_handled(broken, "round " + std::to_string(round));
  }
}

TEST(FbxHostileArray, ACountPastTheFileIsRefused) {
  // Binary FBX 7.4: the polygon index array's count claims two billion entries.
  auto bytes = fbx::write_fbx(everything(), fbx::Encoding::Binary, 7400);
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const std::size_t name = text.find("PolygonVertexIndex");
  ASSERT_NE(name, std::string_view::npos);
  const std::size_t type = name + std::strlen("PolygonVertexIndex");
  ASSERT_EQ(text[type], 'i') << "an int32 array property follows the record name";
  const std::uint32_t huge = 0x7FFFFFFF;
  std::memcpy(bytes.data() + type + 1, &huge, 4);
  const Result<Scene> r = read_scene(bytes, "hostile.fbx");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().format, "FBX");
  EXPECT_TRUE(r.error().offset.has_value());
}

TEST(FbxHostileArray, NotFbxAtAll) {
  const std::string junk = "; FBX 7.4.0 project file\n{{{{ this is not an FBX document";
  const std::vector<std::byte> bytes(reinterpret_cast<const std::byte*>(junk.data()), reinterpret_cast<const std::byte*>(junk.data() + junk.size()));
  const Result<Scene> r = read_scene(bytes, "junk.fbx");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().format, "FBX");
  EXPECT_EQ(r.error().code.rfind("FBX_", 0), 0u) << r.error().code;
}

INSTANTIATE_TEST_SUITE_P(Flavours, FbxHostile, testing::ValuesIn(all_flavours()), flavour_name);

}  // namespace
}  // namespace aem::test
