// PK01 / DCL explode: the published test vector, streams from the test encoder (literals and
// copies, every dictionary size), PK01-wrapped CEM files, and streams that lie.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "aem/io.hpp"
#include "cem/cem_builder.hpp"
#include "formats/cem/dcl_explode.hpp"
#include "support/corpus.hpp"
#include "support/dcl_encoder.hpp"

namespace aem {
namespace {

std::string text(const std::vector<std::uint8_t>& v) { return std::string(v.begin(), v.end()); }

TEST(DclExplode, PublishedTestVector) {
  // From the format's public description: 00 04 82 24 25 8f 80 7f -> "AIAIAIAIAIAIA".
  const std::vector<std::uint8_t> in = {0x00, 0x04, 0x82, 0x24, 0x25, 0x8f, 0x80, 0x7f};
  auto r = formats::dcl_explode(in, 1000);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(text(r.output), "AIAIAIAIAIAIA");
  EXPECT_EQ(r.consumed, in.size());
}

TEST(DclExplode, RoundTripsEncoderOutputForEveryDictionarySize) {
  std::mt19937 rng(5);
  std::vector<std::uint8_t> data;
  for (int i = 0; i < 20000; ++i) data.push_back(static_cast<std::uint8_t>(i % 7 == 0 ? rng() : "model data "[i % 11]));
  for (int dict = 4; dict <= 6; ++dict)
    for (bool matches : {false, true}) {
      auto stream = test::dcl_implode(data, dict, matches);
      if (matches) EXPECT_LT(stream.size(), data.size() / 2) << "copies should compress this";
      auto r = formats::dcl_explode(stream, data.size());
      ASSERT_TRUE(r.ok) << r.error;
      EXPECT_EQ(r.output, data);
    }
}

TEST(DclExplode, RejectsBadHeadersTruncationBombsAndDistancesBeforeTheStart) {
  EXPECT_FALSE(formats::dcl_explode(std::vector<std::uint8_t>{0x02, 0x06}, 100).ok);  // literal mode 2
  EXPECT_FALSE(formats::dcl_explode(std::vector<std::uint8_t>{0x00, 0x07}, 100).ok);  // dictionary 7
  std::vector<std::uint8_t> data(5000, 'a');
  auto stream = test::dcl_implode(data);
  for (std::size_t cut = 0; cut < stream.size(); ++cut) {
    auto r = formats::dcl_explode(std::span(stream).first(cut), data.size());
    EXPECT_FALSE(r.ok) << "cut at " << cut;
  }
  auto bomb = formats::dcl_explode(stream, 4999);  // one byte more than allowed
  EXPECT_FALSE(bomb.ok);
  EXPECT_NE(bomb.error.find("exceed"), std::string::npos);
  // "xxxxxxxxxx" encodes as a literal 'x' (9 bits) then a copy of 9 at distance 1. Cutting the
  // literal's bits out leaves a copy with nothing before it to copy from.
  auto stream_x = test::dcl_implode(std::vector<std::uint8_t>(10, 'x'));
  ASSERT_TRUE(formats::dcl_explode(stream_x, 100).ok);
  std::vector<int> bits;
  for (std::size_t i = 2; i < stream_x.size(); ++i)
    for (int b = 0; b < 8; ++b) bits.push_back((stream_x[i] >> b) & 1);
  bits.erase(bits.begin(), bits.begin() + 9);
  std::vector<std::uint8_t> copy_first = {stream_x[0], stream_x[1]};
  for (std::size_t i = 0; i < bits.size(); i += 8) {
    std::uint8_t byte = 0;
    for (std::size_t b = 0; b < 8 && i + b < bits.size(); ++b) byte |= static_cast<std::uint8_t>(bits[i + b] << b);
    copy_first.push_back(byte);
  }
  auto r = formats::dcl_explode(copy_first, 100);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("before the start"), std::string::npos) << r.error;
}

test::CemBytes small_model() {
  test::CemBytes b;
  b.header(1, 3, 0, 1, 1, 0, 1, "Scene Root", 0.5f, 0.5f, 0);
  b.one_triangle_and_material();
  b.f32(0.70710677f).unit_triangle_vertices();
  b.identity_matrix().vec3(0, 0, 0).vec3(1, 1, 0);
  return b;
}

TEST(Pk01, CompressedCemReadsLikeThePlainFileAndSaysSo) {
  auto plain = small_model().bytes;
  auto packed = test::pk01_wrap(plain);
  auto a = read_scene(plain, "plain.cem");
  auto b = read_scene(packed, "packed.cem");
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok()) << b.error().to_string();
  EXPECT_EQ(b->meshes[0].positions, a->meshes[0].positions);
  EXPECT_EQ(b->meshes[0].indices, a->meshes[0].indices);
  bool noted = false;
  for (const auto& n : b->source_notes) noted |= n.key == "compression" && n.value.rfind("PK01", 0) == 0;
  EXPECT_TRUE(noted);
  auto dir = test::temp_dir("pk01");
  test::write_file(dir / "packed.cem", packed);
  std::string out;
  EXPECT_EQ(test::run_cli("info " + (dir / "packed.cem").string(), &out), 0);
  EXPECT_NE(out.find("compression: PK01"), std::string::npos) << out;
}

std::string error_code(const std::vector<std::byte>& bytes) {
  auto r = read_scene(bytes, "x.cem");
  return r.ok() ? "ok" : r.error().code;
}

TEST(Pk01, StreamsThatLie) {
  auto packed = test::pk01_wrap(small_model().bytes);
  auto bigger = packed;
  std::uint32_t size;
  std::memcpy(&size, bigger.data() + 4, 4);
  size += 1;
  std::memcpy(bigger.data() + 4, &size, 4);
  EXPECT_EQ(error_code(bigger), "PK01_SIZE_MISMATCH");
  auto smaller = packed;
  size -= 2;
  std::memcpy(smaller.data() + 4, &size, 4);
  EXPECT_EQ(error_code(smaller), "PK01_CORRUPT");  // the stream holds more than declared
  auto huge = packed;
  size = 0xFFFFFFFFu;
  std::memcpy(huge.data() + 4, &size, 4);
  ReadOptions tight;
  tight.max_decoded_bytes = 1 << 20;
  auto r = read_scene(huge, "x.cem", tight);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "PK01_TOO_LARGE");
  auto reserved = packed;
  reserved[8] = std::byte{1};
  EXPECT_EQ(error_code(reserved), "PK01_BAD_HEADER");
  auto truncated = packed;
  truncated.resize(packed.size() - 3);
  EXPECT_EQ(error_code(truncated), "PK01_CORRUPT");
}

}  // namespace
}  // namespace aem
