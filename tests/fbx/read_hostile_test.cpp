// Files that lie: truncated at every length, bytes overwritten, an array that claims more than the
// file holds. Each read ends in an FBX error or a scene that validates, never a crash, a hang or a
// huge allocation; errors name the file, the format and an offset inside the file.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <random>

#include "aem/validate.hpp"
#include "fbx/fbx_flavours.hpp"
#include "support/fbx_samples.hpp"

namespace aem::test {
namespace {

class FbxHostile : public testing::TestWithParam<FbxFlavour> {};

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
  const auto bytes = fbx::write_fbx(fbx::sample_document(), GetParam().encoding, GetParam().version);
  ASSERT_TRUE(read_scene(bytes, "whole.fbx").ok());
  const std::size_t step = std::max<std::size_t>(1, bytes.size() / 400);
  for (std::size_t n = 0; n < bytes.size(); n += step)
    expect_handled(std::vector<std::byte>(bytes.begin(), bytes.begin() + n), "first " + std::to_string(n) + " bytes");
}

TEST_P(FbxHostile, OverwrittenBytesAreAnErrorOrAValidScene) {
  const auto bytes = fbx::write_fbx(fbx::sample_document(), GetParam().encoding, GetParam().version);
  std::mt19937 random(1234);  // fixed: the same files every run
  for (int round = 0; round < 300; ++round) {
    auto broken = bytes;
    for (int k = 0; k < 4; ++k) broken[random() % broken.size()] = static_cast<std::byte>(random() & 0xFF);
    expect_handled(broken, "round " + std::to_string(round));
  }
}

/// Where "name" starts in `bytes`, or npos.
std::size_t find_text(const std::vector<std::byte>& bytes, std::string_view name) {
  return std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()).find(name);
}

/// The sample document as binary FBX 7.4, and where its polygon index record's name starts.
struct PolygonIndexRecord {
  std::vector<std::byte> bytes = fbx::write_fbx(fbx::sample_document(), fbx::Encoding::Binary, 7400);
  std::size_t name = find_text(bytes, "PolygonVertexIndex");
  std::size_t type = name + std::strlen("PolygonVertexIndex");  ///< its array's type code, 'i'
};

TEST(FbxHostileArray, ACountPastTheFileIsRefused) {
  // Binary FBX 7.4: the polygon index array's count claims two billion entries.
  PolygonIndexRecord record;
  ASSERT_NE(record.name, std::string_view::npos);
  ASSERT_EQ(record.bytes[record.type], std::byte{'i'}) << "an int32 array property follows the record name";
  auto& bytes = record.bytes;
  const std::uint32_t huge = 0x7FFFFFFF;
  std::memcpy(bytes.data() + record.type + 1, &huge, 4);
  const Result<Scene> r = read_scene(bytes, "hostile.fbx");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().format, "FBX");
  EXPECT_TRUE(r.error().offset.has_value());
}

TEST(FbxHostileArray, ABadRecordIsPlacedInsideItself) {
  // Binary FBX 7.4: the polygon index array's type code becomes one FBX does not have. ufbx gives no
  // offset of its own; the error must still point into that record, not at the file's start.
  PolygonIndexRecord record;
  ASSERT_NE(record.name, std::string_view::npos);
  ASSERT_EQ(record.bytes[record.type], std::byte{'i'}) << "an int32 array property follows the record name";
  auto& bytes = record.bytes;
  // A 7.4 record starts with its end offset, property count, property bytes (uint32 each) and the
  // name's length (one byte).
  const std::size_t start = record.name - 13;
  std::uint32_t end = 0;
  std::memcpy(&end, bytes.data() + start, 4);
  bytes[record.type] = std::byte{'X'};
  const Result<Scene> r = read_scene(bytes, "hostile.fbx");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "FBX_INVALID") << r.error().to_string();
  ASSERT_TRUE(r.error().offset.has_value());
  EXPECT_GE(*r.error().offset, start) << r.error().to_string();
  EXPECT_LE(*r.error().offset, end) << r.error().to_string();
}

TEST(FbxHostileArray, ABadAsciiRecordIsPlacedOnItsLine) {
  for (const int version : {6100, 7400}) {
    auto bytes = fbx::write_fbx(fbx::sample_document(), fbx::Encoding::Ascii, version);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    const std::size_t name = text.find("PolygonVertexIndex");
    ASSERT_NE(name, std::string_view::npos);
    const std::size_t colon = text.find(':', name);
    ASSERT_EQ(colon, name + std::strlen("PolygonVertexIndex"));
    bytes[colon] = std::byte{'@'};  // "PolygonVertexIndex@ ..." is no record
    const auto line = static_cast<std::uint32_t>(1 + std::count(text.begin(), text.begin() + colon, '\n'));
    const Result<Scene> r = read_scene(bytes, "hostile.fbx");
    ASSERT_FALSE(r.ok()) << version;
    EXPECT_EQ(r.error().line, line) << version << ": " << r.error().to_string();
  }
}

TEST(FbxHostileArray, NotFbxAtAll) {
  const std::string junk = "; FBX 7.4.0 project file\n{{{{ this is not an FBX document";
  const std::vector<std::byte> bytes(reinterpret_cast<const std::byte*>(junk.data()),
                                     reinterpret_cast<const std::byte*>(junk.data() + junk.size()));
  const Result<Scene> r = read_scene(bytes, "junk.fbx");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().format, "FBX");
  EXPECT_EQ(r.error().code.rfind("FBX_", 0), 0u) << r.error().code;
}

TEST(FbxHostileArray, FuzzerFindingsReadOrFailCleanly) {
  // tests/data/fbx/fuzz-*: inputs fuzz_fbx once found (fuzz-take-of-ages.fbx: a take billions of
  // frames long, which once made the reader allocate a frame list of that length;
  // fuzz-inflate-progress-interval.fbx: a compressed array, which overflowed a pointer in ufbx's
  // inflate when the reader asked for progress reports "never", SIZE_MAX bytes apart; UBSan sees it).
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(AEM_TEST_DATA_DIR) / "fbx")) {
    if (!entry.path().filename().string().starts_with("fuzz-")) continue;
    ++files;
    const Result<Scene> r = read_scene(entry.path());
    if (!r) EXPECT_EQ(r.error().format, "FBX") << r.error().to_string();
  }
  EXPECT_GE(files, 1u);
}

INSTANTIATE_TEST_SUITE_P(Flavours, FbxHostile, testing::ValuesIn(all_flavours()), flavour_name);

}  // namespace
}  // namespace aem::test
