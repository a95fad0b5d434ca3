// ByteWriter streaming into a sink: the same bytes, in pieces of about one chunk, offsets counted from
// the file's start, and a refused piece reported at its offset.
#include <gtest/gtest.h>

#include <cstring>

#include "core/byte_writer.hpp"

namespace aem {
namespace {

class Collect final : public ByteSink {
 public:
  bool put(std::span<const std::byte> bytes) override {
    if (refuse_from_piece_ == pieces_.size()) return false;
    pieces_.emplace_back(bytes.begin(), bytes.end());
    return true;
  }
  /// Everything the sink took, in order.
  std::vector<std::byte> joined() const {
    std::vector<std::byte> out;
    for (const auto& p : pieces_) out.insert(out.end(), p.begin(), p.end());
    return out;
  }
  /// ... read as u32 words.
  std::vector<std::uint32_t> words() const {
    const std::vector<std::byte> bytes = joined();
    std::vector<std::uint32_t> out(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), 4 * out.size());
    return out;
  }
  std::size_t refuse_from_piece_ = SIZE_MAX;
  std::vector<std::vector<std::byte>> pieces_;
};

/// u32 records 0, 1, ... n-1, with spill() after each.
void write_counting(detail::ByteWriter& w, std::uint32_t n) {
  for (std::uint32_t i = 0; i < n; ++i) {
    w.u32(i);
    w.spill();
  }
}

/// Records of varied sizes, with spill() after each, as a binary writer makes them.
void write_records(detail::ByteWriter& w) {
  for (std::uint32_t i = 0; i < 1000; ++i) {
    w.u32(i);
    if (i % 3 == 0) w.f64(i * 0.5);
    if (i % 7 == 0) w.fixed_string("name", 13);
    w.spill();
  }
}

/// The same records, byte by byte, without ByteWriter.
std::vector<std::byte> expected_records() {
  std::vector<std::byte> out;
  auto append = [&](const void* p, std::size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    out.insert(out.end(), b, b + n);
  };
  for (std::uint32_t i = 0; i < 1000; ++i) {
    append(&i, 4);
    const double d = i * 0.5;
    if (i % 3 == 0) append(&d, 8);
    if (i % 7 == 0) {
      char field[13] = "name";
      append(field, 13);
    }
  }
  return out;
}

TEST(ByteWriter, StreamsTheSameBytesInChunks) {
  Collect sink;
  detail::ByteWriter w(sink, "TEST", 64);
  write_records(w);
  EXPECT_EQ(w.size(), expected_records().size());
  w.flush();
  for (std::size_t i = 0; i < sink.pieces_.size(); ++i) {
    const auto& p = sink.pieces_[i];
    if (i + 1 < sink.pieces_.size()) EXPECT_GE(p.size(), 64u) << "piece " << i;
    EXPECT_LT(p.size(), 64u + 4 + 8 + 13) << "piece " << i << ": more than a chunk and a record";
  }
  EXPECT_GT(sink.pieces_.size(), 10u);
  EXPECT_TRUE(sink.joined() == expected_records());
  detail::ByteWriter memory;
  write_records(memory);
  EXPECT_TRUE(memory.take() == expected_records());
}

TEST(ByteWriter, PatchesCountFromTheFileStart) {
  Collect sink;
  detail::ByteWriter w(sink, "TEST", 8);
  for (std::uint32_t i = 0; i < 4; ++i) w.u32(i);
  w.spill();
  const auto field = w.u32_field();
  w.patch_u32(field, 99);
  w.flush();
  ASSERT_EQ(sink.pieces_.size(), 2u);
  std::uint32_t patched = 0;
  std::memcpy(&patched, sink.pieces_[1].data(), 4);
  EXPECT_EQ(field.at, 16u);
  EXPECT_EQ(patched, 99u);
}

// A size field written before a payload of many chunks (spill() after every record) still gets its
// value, at its offset in the output: the bytes from it on wait in the buffer until it is filled.
TEST(ByteWriter, PatchesAFieldWrittenChunksAgo) {
  Collect sink;
  detail::ByteWriter w(sink, "TEST", 8);
  w.u32(7);
  const auto field = w.u32_field();
  write_counting(w, 100);
  EXPECT_EQ(sink.pieces_.size(), 0u) << "bytes from the unfilled field on were passed on";
  w.patch_u32(field, 400);
  w.spill();
  EXPECT_EQ(sink.pieces_.size(), 1u) << "the filled field no longer holds the bytes back";
  w.flush();
  const std::vector<std::uint32_t> words = sink.words();
  ASSERT_EQ(words.size(), 102u);
  EXPECT_EQ(words[0], 7u);
  EXPECT_EQ(words[1], 400u);
  for (std::uint32_t i = 0; i < 100; ++i) ASSERT_EQ(words[2 + i], i);
}

// Blocks inside blocks (E3D): the inner size is filled first; the bytes wait for the outer one.
TEST(ByteWriter, NestedFieldsWaitForTheOuterOne) {
  Collect sink;
  detail::ByteWriter w(sink, "TEST", 8);
  const auto outer = w.u32_field();
  write_counting(w, 10);
  const auto inner = w.u32_field();
  write_counting(w, 10);
  w.patch_u32(inner, 40);
  w.spill();
  EXPECT_EQ(sink.pieces_.size(), 0u);
  w.patch_u32(outer, 84);
  w.flush();
  const std::vector<std::uint32_t> words = sink.words();
  ASSERT_EQ(words.size(), 22u);
  EXPECT_EQ(words[0], 84u);
  EXPECT_EQ(words[11], 40u);
  for (std::uint32_t i = 0; i < 10; ++i) {
    EXPECT_EQ(words[1 + i], i);
    EXPECT_EQ(words[12 + i], i);
  }
}

TEST(ByteWriter, ARefusedPieceThrowsWithItsOffset) {
  Collect sink;
  sink.refuse_from_piece_ = 2;
  detail::ByteWriter w(sink, "TEST", 64);
  try {
    write_records(w);
    FAIL() << "no error";
  } catch (const detail::ParseError& e) {
    EXPECT_EQ(e.diagnostic.code, "IO_WRITE_FAILED");
    EXPECT_EQ(e.diagnostic.format, "TEST");
    EXPECT_EQ(e.diagnostic.offset, std::optional<std::uint64_t>(sink.pieces_[0].size() + sink.pieces_[1].size()));
  }
}

}  // namespace
}  // namespace aem
