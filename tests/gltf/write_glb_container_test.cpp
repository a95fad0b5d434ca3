// The GLB container (glTF 2.0 spec, "GLB File Format Specification"): a 12-byte header (magic "glTF",
// version 2, total length), a JSON chunk padded with spaces to 4 bytes, a BIN chunk padded with zeros.
// The expected bytes below are laid out by hand from that section. It is made in the binary data's own
// storage when that has room in front, so a large model's buffer is not copied a second time.
#include <gtest/gtest.h>

#include <cstring>

#include "formats/gltf/writer_document.hpp"

namespace aem::formats::gltf {
namespace {

std::uint32_t u32_at(const std::vector<std::byte>& bytes, std::size_t offset) {
  std::uint32_t v = 0;
  std::memcpy(&v, bytes.data() + offset, 4);
  return v;
}

std::string text_at(const std::vector<std::byte>& bytes, std::size_t offset, std::size_t size) {
  return {reinterpret_cast<const char*>(bytes.data()) + offset, size};
}

std::vector<std::byte> bytes_of(std::initializer_list<int> values) {
  std::vector<std::byte> out;
  for (int v : values) out.push_back(static_cast<std::byte>(v));
  return out;
}

void expect_layout(const std::vector<std::byte>& out) {
  // 12 header + 8 + "{}" padded to 4 + 8 + 5 bytes padded to 8 = 40.
  ASSERT_EQ(out.size(), 40u);
  EXPECT_EQ(text_at(out, 0, 4), "glTF");
  EXPECT_EQ(u32_at(out, 4), 2u);
  EXPECT_EQ(u32_at(out, 8), 40u);
  EXPECT_EQ(u32_at(out, 12), 4u);
  EXPECT_EQ(text_at(out, 16, 4), "JSON");
  EXPECT_EQ(text_at(out, 20, 4), "{}  ");
  EXPECT_EQ(u32_at(out, 24), 8u);
  EXPECT_EQ(text_at(out, 28, 4), std::string("BIN\0", 4));
  EXPECT_EQ(std::vector<std::byte>(out.begin() + 32, out.end()), bytes_of({1, 2, 3, 4, 5, 0, 0, 0}));
}

TEST(GltfGlbContainer, IsMadeInTheBinaryDatasStorageWhenItHasRoomInFront) {
  std::vector<std::byte> bin = bytes_of({1, 2, 3, 4, 5});
  bin.reserve(1024);
  const std::byte* storage = bin.data();
  const auto out = glb("{}", std::move(bin));
  expect_layout(out);
  EXPECT_EQ(out.data(), storage);
}

TEST(GltfGlbContainer, IsTheSameWithoutRoomOrWithoutBinaryData) {
  std::vector<std::byte> bin = bytes_of({1, 2, 3, 4, 5});
  bin.shrink_to_fit();
  expect_layout(glb("{}", std::move(bin)));

  // No BIN chunk at all: 12 + 8 + 4.
  const auto json_only = glb("{}", {});
  ASSERT_EQ(json_only.size(), 24u);
  EXPECT_EQ(u32_at(json_only, 8), 24u);
  EXPECT_EQ(text_at(json_only, 20, 4), "{}  ");
}

}  // namespace
}  // namespace aem::formats::gltf
