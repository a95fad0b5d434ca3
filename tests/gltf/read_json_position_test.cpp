// Where a glTF's JSON stops parsing: a .gltf is text, so the error gives the line and column a
// person opens it at; a .glb's JSON chunk is found by byte, so the error gives the file's byte offset.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "aem/io.hpp"

namespace aem {
namespace {

Result<Scene> read_text(const std::string& text, const std::filesystem::path& hint) {
  return read_scene(std::as_bytes(std::span(text.data(), text.size())), hint);
}

// Line 2 is `  "meshes": [1, 2,, 3]}`: two spaces, the 8 characters of "meshes" in quotes (columns
// 3-10), ':' 11, ' ' 12, '[' 13, '1' 14, ',' 15, ' ' 16, '2' 17, ',' 18: the second comma, where a
// value should start, is column 19.
TEST(GltfJsonPosition, ASyntaxErrorInAGltfNamesLineAndColumn) {
  for (const char* newline : {"\n", "\r\n"}) {  // a CR ends line 1 with it, it moves no column of line 2
    auto r =
        read_text(std::string(R"({"asset": {"version": "2.0"},)") + newline + R"(  "meshes": [1, 2,, 3]})", "bad.gltf");
    ASSERT_FALSE(r.ok());
    const Error& e = r.error();
    EXPECT_EQ(e.code, "GLTF_JSON");
    EXPECT_EQ(e.line, 2u) << e.to_string();
    EXPECT_EQ(e.column, 19u) << e.to_string();
    EXPECT_FALSE(e.offset) << e.to_string();
    EXPECT_NE(e.to_string().find("at line 2, column 19"), std::string::npos) << e.to_string();
  }
}

// 70 '[' in a row: the reader allows 64 levels, so the 65th opens one too many, at column 65.
TEST(GltfJsonPosition, NestingTooDeepNamesTheBracketThatGoesTooDeep) {
  auto r = read_text(std::string(70, '[') + std::string(70, ']'), "deep.gltf");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "GLTF_JSON");
  EXPECT_EQ(r.error().line, 1u) << r.error().to_string();
  EXPECT_EQ(r.error().column, 65u) << r.error().to_string();
}

// A GLB: 12-byte header, 8-byte chunk header, then the JSON chunk `{,} ` from byte 20. The ',' at byte
// 1 of the chunk (byte 21 of the file) is where a member name should be.
TEST(GltfJsonPosition, ASyntaxErrorInAGlbNamesTheFilesByte) {
  const char json[] = "{,} ";
  const std::uint32_t words[] = {0x46546C67, 2, 12 + 8 + 4, 4, 0x4E4F534A};
  std::vector<std::byte> glb(sizeof words + 4);
  std::memcpy(glb.data(), words, sizeof words);
  std::memcpy(glb.data() + sizeof words, json, 4);
  auto r = read_scene(glb, "bad.glb");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "GLTF_JSON");
  EXPECT_EQ(r.error().offset, 21u) << r.error().to_string();
  EXPECT_FALSE(r.error().line) << r.error().to_string();
  EXPECT_FALSE(r.error().column) << r.error().to_string();
}

}  // namespace
}  // namespace aem
