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
  std::size_t refuse_from_piece_ = SIZE_MAX;
  std::vector<std::vector<std::byte>> pieces_;
};

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
  std::vector<std::byte> joined;
  for (std::size_t i = 0; i < sink.pieces_.size(); ++i) {
    const auto& p = sink.pieces_[i];
    if (i + 1 < sink.pieces_.size()) EXPECT_GE(p.size(), 64u) << "piece " << i;
    EXPECT_LT(p.size(), 64u + 4 + 8 + 13) << "piece " << i << ": more than a chunk and a record";
    joined.insert(joined.end(), p.begin(), p.end());
  }
  EXPECT_GT(sink.pieces_.size(), 10u);
  EXPECT_TRUE(joined == expected_records());
  detail::ByteWriter memory;
  write_records(memory);
  EXPECT_TRUE(memory.take() == expected_records());
}

TEST(ByteWriter, PatchesCountFromTheFileStart) {
  Collect sink;
  detail::ByteWriter w(sink, "TEST", 8);
  for (std::uint32_t i = 0; i < 4; ++i) w.u32(i);
  w.spill();
  const std::size_t at = w.size();
  w.u32(0);
  w.patch_u32(at, 99);
  w.flush();
  ASSERT_EQ(sink.pieces_.size(), 2u);
  std::uint32_t patched = 0;
  std::memcpy(&patched, sink.pieces_[1].data(), 4);
  EXPECT_EQ(at, 16u);
  EXPECT_EQ(patched, 99u);
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
