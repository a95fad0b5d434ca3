// Hostile and degenerate legacy files: every one gives a clean error with its code and byte offset
// (or a warning when tolerated), through LegacyView and through read_scene's layout detection.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>

#include "aem/aem_view.hpp"
#include "aem/io.hpp"
#include "aem/legacy.hpp"
#include "legacy_builder.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

using test::LegacyFile;

// Offsets in the small file below (docs/formats/aem.md §7): 24-byte header, 3 x 76-byte vertices, one
// 12-byte triangle, one 4-byte mesh, 2 x 68-byte bones, 2 x (4 + 2 * 64)-byte keyframes.
constexpr std::size_t kVertices = 24, kTriangles = kVertices + 3 * 76, kMeshes = kTriangles + 12, kBones = kMeshes + 4,
                      kKeys = kBones + 2 * 68, kKeySize = 4 + 2 * 64, kSize = kKeys + 2 * kKeySize;

LegacyFile small_file() {
  LegacyFile f;
  f.vertices.resize(3);
  f.vertices[0].position = {0, 0, 0};
  f.vertices[1].position = {1, 0, 0};
  f.vertices[2].position = {0, 0, 1};
  f.vertices[2].bones[1] = 1;
  f.vertices[2].weights[0] = 0.5f;
  f.vertices[2].weights[1] = 0.5f;
  f.indices = {0, 1, 2};
  f.mesh_triangles = {1};
  f.bones = {{Mat4{}, -1}, {Mat4{}, 0}};
  f.keys = {{0.0f, {Mat4{}, Mat4{}}}, {10.0f, {Mat4{}, Mat4{}}}};
  return f;
}

std::vector<std::byte> small_bytes() {
  auto b = small_file().bytes();
  EXPECT_EQ(b.size(), kSize);
  return b;
}

/// The error LegacyView gives, after checking read_scene gives the same code.
Error legacy_error(const std::vector<std::byte>& bytes) {
  auto view = LegacyView::validate(bytes);
  EXPECT_FALSE(view.ok());
  if (view.ok()) return {};
  auto scene = read_scene(bytes, "hostile.aem");
  EXPECT_FALSE(scene.ok());
  if (!scene.ok()) {
    EXPECT_EQ(scene.error().code, view.error().code) << scene.error().to_string();
    EXPECT_EQ(scene.error().file, "hostile.aem");
  }
  return view.error();
}

bool has_warning(const std::vector<Warning>& warnings, const std::string& code) {
  return test::has_code(warnings, code);
}

TEST(LegacyHostile, TheSmallFileIsValid) {
  const auto bytes = small_bytes();
  auto layout = detect_aem_layout(bytes);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout.value(), AemLayout::Legacy);
  auto scene = read_scene(bytes, "small.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_EQ(scene->joints.size(), 2u);
  EXPECT_EQ(scene->meshes.size(), 1u);
}

TEST(LegacyHostile, TruncatedOrTrailingBytesNameBothLayoutSizes) {
  auto bytes = small_bytes();
  bytes.pop_back();
  auto scene = read_scene(bytes, "cut.aem");
  ASSERT_FALSE(scene);
  EXPECT_EQ(scene.error().code, "AEM_SIZE_MISMATCH");
  // Legacy: the exact size. Current: read as a 9-count header, fields 6-9 land in vertex floats.
  EXPECT_NE(scene.error().message.find(std::to_string(kSize) + " bytes as a legacy"), std::string::npos)
      << scene.error().message;
  EXPECT_NE(scene.error().message.find("as a current-layout file"), std::string::npos) << scene.error().message;
  EXPECT_EQ(LegacyView::validate(bytes).error().code, "AEM_LEGACY_SIZE_MISMATCH");

  bytes = small_bytes();
  bytes.push_back(std::byte{0});
  EXPECT_EQ(read_scene(bytes, "long.aem").error().code, "AEM_SIZE_MISMATCH");
  EXPECT_EQ(LegacyView::validate(bytes).error().code, "AEM_LEGACY_SIZE_MISMATCH");
}

TEST(LegacyHostile, ShortFilesFailCleanly) {
  auto bytes = small_bytes();
  for (std::size_t n : {0, 3, 4, 23, 24, 39, 40}) {
    std::vector<std::byte> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
    auto scene = read_scene(cut, "short.aem");
    EXPECT_FALSE(scene.ok()) << n;
    EXPECT_FALSE(LegacyView::validate(cut).ok()) << n;
  }
}

TEST(LegacyHostile, CountsNearTwoToThe32AreRefusedWithoutOverflow) {
  // keyframes * (4 + 64 * bones) is about 2^70: more than 64 bits.
  EXPECT_FALSE(legacy_file::file_size({0, 0, 0, 0xFFFFFFFFu, 0xFFFFFFFFu}).has_value());
  EXPECT_EQ(*legacy_file::file_size({0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0}),
            24 + (76ull + 12 + 4 + 68) * 0xFFFFFFFFull);
  EXPECT_EQ(*legacy_file::file_size({1, 2, 3, 4, 5}), 24u + 76 + 24 + 12 + 272 + 5 * (4 + 256));

  auto bytes = small_bytes();
  test::poke_u32(bytes, 16, 0xFFFFFFFFu);
  test::poke_u32(bytes, 20, 0xFFFFFFFFu);
  auto err = LegacyView::validate(bytes).error();
  EXPECT_EQ(err.code, "AEM_LEGACY_SIZE_MISMATCH");
  EXPECT_NE(err.message.find("more than 2^64"), std::string::npos) << err.message;
  auto scene = read_scene(bytes, "huge.aem");
  EXPECT_NE(scene.error().message.find("more than 2^64 bytes as a legacy"), std::string::npos) << scene.error().message;

  // 76 * 56512728 = 2^32 + 32: in 32-bit arithmetic this header would "fit" a 56-byte file.
  std::vector<std::byte> wrap(56, std::byte{0});
  std::memcpy(wrap.data(), "AEM\x01", 4);
  test::poke_u32(wrap, 4, 56512728u);
  EXPECT_EQ(LegacyView::validate(wrap).error().code, "AEM_LEGACY_SIZE_MISMATCH");
  EXPECT_EQ(read_scene(wrap, "wrap.aem").error().code, "AEM_SIZE_MISMATCH");
}

TEST(LegacyHostile, TriangleIndexPastTheVertices) {
  auto bytes = small_bytes();
  test::poke_u32(bytes, kTriangles + 8, 3);
  auto err = legacy_error(bytes);
  EXPECT_EQ(err.code, "AEM_LEGACY_INDEX_OUT_OF_RANGE");
  EXPECT_EQ(err.offset, kTriangles + 8);
  EXPECT_EQ(err.path, "triangles[0]");
}

TEST(LegacyHostile, WeightedBoneIndexPastTheBones) {
  auto bytes = small_bytes();
  test::poke_u32(bytes, kVertices + 2 * 76 + 44 + 4, 2);  // vertex 2, slot 1 (weight 0.5)
  auto err = legacy_error(bytes);
  EXPECT_EQ(err.code, "AEM_LEGACY_BONE_INDEX_OUT_OF_RANGE");
  EXPECT_EQ(err.offset, kVertices + 2 * 76 + 44 + 4);
}

TEST(LegacyHostile, ZeroWeightSlotNamingNoBoneIsIgnoredWithAWarning) {
  auto bytes = small_bytes();
  test::poke_u32(bytes, kVertices + 44 + 12, 0xFFFFFFFFu);  // vertex 0, slot 3, weight 0
  auto scene = read_scene(bytes, "stray.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_TRUE(has_warning(scene.warnings, "AEM_LEGACY_UNUSED_SLOT_INDEX"));
  const auto& skin = scene->meshes[0].skin;
  ASSERT_EQ(skin.size(), 3u);
  EXPECT_EQ(skin[0].joints[0], 0);
  EXPECT_EQ(skin[0].joints[3], -1);
  EXPECT_EQ(skin[2].joints[1], 1);
}

TEST(LegacyHostile, ParentsOutOfRangeOrSelf) {
  for (std::int32_t parent : {2, -2, 1, std::numeric_limits<std::int32_t>::min()}) {
    auto bytes = small_bytes();
    test::poke_u32(bytes, kBones + 68 + 64, static_cast<std::uint32_t>(parent));  // bone 1; 1 = itself
    auto err = legacy_error(bytes);
    EXPECT_EQ(err.code, "AEM_LEGACY_PARENT_OUT_OF_RANGE") << parent;
    EXPECT_EQ(err.offset, kBones + 68 + 64);
  }
}

TEST(LegacyHostile, ParentCycle) {
  auto bytes = small_bytes();
  test::poke_u32(bytes, kBones + 64, 1);  // bone 0 -> 1 -> 0
  auto err = legacy_error(bytes);
  EXPECT_EQ(err.code, "AEM_LEGACY_PARENT_CYCLE");
  EXPECT_EQ(err.path, "bones[0].parent");
}

TEST(LegacyHostile, MeshesRunningPastTheTriangles) {
  auto bytes = small_bytes();
  test::poke_u32(bytes, kMeshes, 2);
  auto err = legacy_error(bytes);
  EXPECT_EQ(err.code, "AEM_LEGACY_MESH_RANGE");
  EXPECT_EQ(err.offset, kMeshes);

  test::poke_u32(bytes, kMeshes, 0xFFFFFFFFu);
  EXPECT_EQ(legacy_error(bytes).code, "AEM_LEGACY_MESH_RANGE");
}

TEST(LegacyHostile, TrianglesNoMeshCoversAreKeptWithAWarning) {
  auto bytes = small_bytes();
  test::poke_u32(bytes, kMeshes, 0);
  auto scene = read_scene(bytes, "loose.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_TRUE(has_warning(scene.warnings, "AEM_LEGACY_TRIANGLES_WITHOUT_MESH"));
  ASSERT_EQ(scene->meshes.size(), 2u);
  EXPECT_EQ(scene->meshes[0].triangle_count(), 0u);
  EXPECT_EQ(scene->meshes[1].triangle_count(), 1u);
}

TEST(LegacyHostile, MeshesSharingVerticesGetTheirOwnCopies) {
  auto f = small_file();
  f.vertices.push_back(f.vertices[1]);
  f.vertices[3].position = {5, 5, 5};
  f.indices = {0, 1, 2, 2, 1, 3};
  f.mesh_triangles = {1, 1};
  auto scene = read_scene(f.bytes(), "two.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  ASSERT_EQ(scene->meshes.size(), 2u);
  EXPECT_EQ(scene->meshes[0].indices, (std::vector<std::uint32_t>{0, 1, 2}));
  // Mesh 1 uses file vertices 1, 2, 3 (in file order) as its 0, 1, 2.
  EXPECT_EQ(scene->meshes[1].indices, (std::vector<std::uint32_t>{1, 0, 2}));
  ASSERT_EQ(scene->meshes[1].positions.size(), 3u);
  EXPECT_EQ(scene->meshes[1].positions[0], (Vec3{1, 0, 0}));
  EXPECT_EQ(scene->meshes[1].positions[2], (Vec3{5, 5, 5}));
}

TEST(LegacyHostile, NonFiniteFloats) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const std::size_t places[] = {kVertices + 4, kVertices + 76 + 64, kBones + 68 + 20, kKeys + kKeySize,
                                kKeys + kKeySize + 4 + 64 + 60};
  for (std::size_t at : places)
    for (float bad : {nan, inf}) {
      auto bytes = small_bytes();
      test::poke_f32(bytes, at, bad);
      auto err = legacy_error(bytes);
      EXPECT_EQ(err.code, "AEM_LEGACY_NOT_FINITE") << at;
    }
}

TEST(LegacyHostile, KeyTimesThatDecrease) {
  auto bytes = small_bytes();
  test::poke_f32(bytes, kKeys + kKeySize, -1.0f);
  auto err = legacy_error(bytes);
  EXPECT_EQ(err.code, "AEM_LEGACY_KEYS_UNSORTED");
  EXPECT_EQ(err.offset, kKeys + kKeySize);
}

TEST(LegacyHostile, FiniteKeysThatMultiplyToInfinity) {
  auto f = small_file();
  Mat4 huge;
  for (int i = 0; i < 3; ++i) huge(i, i) = 1e30f;
  f.keys[1].matrices = {huge, huge};  // G_1 = K_1 * K_0 = 1e60
  const auto bytes = f.bytes();
  ASSERT_TRUE(LegacyView::validate(bytes).ok());
  auto scene = read_scene(bytes, "huge.aem");
  ASSERT_FALSE(scene);
  EXPECT_EQ(scene.error().code, "AEM_LEGACY_POSE_NOT_FINITE");
  EXPECT_EQ(scene.error().offset, kKeys + kKeySize + 4 + 64);
}

TEST(LegacyHostile, NoKeyframesIsABindPoseModel) {
  auto f = small_file();
  f.keys.clear();
  const auto bytes = f.bytes();
  auto scene = read_scene(bytes, "static.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_TRUE(has_warning(scene.warnings, "AEM_LEGACY_NO_KEYFRAMES"));
  EXPECT_TRUE(scene->animations.empty());
  auto pose = legacy_pose(bytes, 0, 1.0f);
  ASSERT_TRUE(pose);
  for (const Mat4& m : pose.value()) EXPECT_EQ(m, Mat4{});
}

TEST(LegacyHostile, KeyframesWithoutBones) {
  auto f = small_file();
  f.bones.clear();
  for (auto& v : f.vertices) std::fill(std::begin(v.weights), std::end(v.weights), 0.0f);
  for (auto& k : f.keys) k.matrices.clear();  // 4-byte keyframes: a time only
  const auto bytes = f.bytes();
  ASSERT_EQ(bytes.size(), kBones + 2 * 4);
  auto pose = legacy_pose(bytes, 0, 0.25f);
  ASSERT_TRUE(pose) << pose.error().to_string();
  EXPECT_TRUE(pose->empty());
  auto scene = read_scene(bytes, "boneless.aem");
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_TRUE(scene->joints.empty());
  EXPECT_TRUE(scene->meshes[0].skin.empty());
}

TEST(LegacyHostile, HeaderThatFitsBothLayoutsIsReadAsCurrentWithAWarning) {
  // V = 1, T = 4 and zero elsewhere: legacy 24 + 76 + 48 = 148 bytes; read as a current header the
  // same fields imply 40 + 92 + 16 = 148 bytes (fields 6-9 are vertex 0's zero floats).
  LegacyFile f;
  f.vertices.resize(1);
  f.vertices[0].weights[0] = 0;
  f.indices.assign(12, 0);
  const auto bytes = f.bytes();
  ASSERT_EQ(bytes.size(), 148u);
  ASSERT_TRUE(LegacyView::validate(bytes).ok());
  auto layout = detect_aem_layout(bytes);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout.value(), AemLayout::Current);
  EXPECT_TRUE(has_warning(layout.warnings, "AEM_LAYOUT_AMBIGUOUS"));
  auto scene = read_scene(bytes, "both.aem");  // as current: a clean verdict either way
  if (scene) EXPECT_TRUE(has_warning(scene.warnings, "AEM_LAYOUT_AMBIGUOUS"));
}

TEST(LegacyHostile, RuntimeViewNamesALegacyFile) {
  auto model = AemModel::from_memory(small_bytes());
  ASSERT_FALSE(model);
  EXPECT_EQ(model.error().code, "AEM_LEGACY_LAYOUT");
}

TEST(LegacyHostile, CliValidateReportsTheCodeAndExitsOne) {
  const auto dir = test::temp_dir("legacy-hostile");
  auto bytes = small_bytes();
  test::poke_u32(bytes, kBones + 64, 1);  // parent cycle
  const auto cycle = dir / "cycle.aem";
  std::ofstream(cycle, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  bytes = small_bytes();
  bytes.resize(bytes.size() - 4);
  const auto cut = dir / "cut.aem";
  std::ofstream(cut, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));

  std::string out;
  EXPECT_EQ(test::run_cli("validate \"" + cycle.string() + "\"", &out), 1) << out;
  EXPECT_NE(out.find("AEM_LEGACY_PARENT_CYCLE"), std::string::npos) << out;
  EXPECT_EQ(test::run_cli("validate \"" + cut.string() + "\"", &out), 1) << out;
  EXPECT_NE(out.find("AEM_SIZE_MISMATCH"), std::string::npos) << out;
  EXPECT_NE(out.find(std::to_string(kSize) + " bytes as a legacy"), std::string::npos) << out;
  EXPECT_NE(test::run_cli("info \"" + cut.string() + "\"", &out), 0) << out;
  std::filesystem::remove_all(dir);
}

TEST(LegacyHostile, EveryTruncationAndByteFlipIsHandled) {
  const auto good = small_bytes();
  for (std::size_t n = 0; n < good.size(); ++n) {
    std::vector<std::byte> cut(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(n));
    EXPECT_FALSE(read_scene(cut, "cut.aem").ok()) << n;
  }
  for (std::size_t at = 4; at < good.size(); ++at) {
    auto bytes = good;
    bytes[at] ^= std::byte{0xFF};
    auto scene = read_scene(bytes, "flip.aem");  // any verdict, but a verdict
    if (scene) EXPECT_FALSE(scene->source_notes.empty());
  }
}

}  // namespace
}  // namespace aem
