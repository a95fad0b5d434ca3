// E3D files that lie get an error naming "E3D", the byte offset and what was wrong - never a crash, a
// hang or a huge allocation; every truncation fails cleanly unless it ends on a block boundary, and
// every byte flip gives a valid scene or an error.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "e3d/e3d_builder.hpp"
#include "e3d/e3d_samples.hpp"
#include "formats/e3d/e3d_format.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

using test::E3dBytes;

Result<Scene> read(const std::vector<std::byte>& b, const ReadOptions& o = {}) { return read_scene(b, "bad.e3d", o); }

std::string code(const std::vector<std::byte>& b, const ReadOptions& o = {}) {
  auto r = read(b, o);
  return r.ok() ? "ok" : r.error().code;
}

/// A one-triangle mesh whose parts the tests below replace with lies.
struct Tri {
  std::int32_t vertices = 3;
  std::uint16_t vsize = 12;
  std::uint32_t data_vertices = 3;
  std::int32_t triangles = 1;
  std::uint16_t last_index = 2;
  std::vector<std::byte> extra;  ///< more blocks inside the mesh
};

std::vector<std::byte> tri(const Tri& t) {
  E3dBytes b;
  b.version().begin(0x1000).begin(0x1010).i32_block(0x1020, 1);
  b.begin(0x2000).i32(t.vertices).begin(0x2800).u16(0x2010).u16(0).u16(0).u16(t.vsize);
  for (std::uint32_t v = 0; v < t.data_vertices; ++v) {
    b.vec3(float(v), 0, 0);
    for (int pad = 12; pad < t.vsize; ++pad) b.u8(0);
  }
  b.end().end();
  b.begin(0x1030).i32(t.triangles).u16(0).u16(1).u16(t.last_index).end();
  b.append(t.extra);
  b.end().end();
  return b.bytes;
}

TEST(E3dHostile, TheTriangleBaseIsValid) {
  auto r = read(tri({}));
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->meshes[0].triangle_count(), 1u);
}

TEST(E3dHostile, BlockSizesTooSmallOrBeyondTheirParent) {
  auto zero = tri({});
  const std::uint32_t z = 0;
  std::memcpy(zero.data() + 20, &z, 4);  // the mesh block (at 18) says size 0: Ecere loops forever
  auto r = read(zero);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "E3D_BAD_BLOCK_SIZE");
  EXPECT_EQ(r.error().format, "E3D");
  EXPECT_EQ(*r.error().offset, 18u);

  auto over = tri({});
  const std::uint32_t big = static_cast<std::uint32_t>(over.size());
  std::memcpy(over.data() + 20, &big, 4);  // the mesh block runs past the meshes block
  r = read(over);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "E3D_BLOCK_OVERRUN");
  EXPECT_EQ(*r.error().offset, 18u);
  EXPECT_NE(r.error().message.find("0x1010 (mesh)"), std::string::npos) << r.error().message;

  auto past_end = tri({});
  past_end.resize(past_end.size() - 1);  // the meshes block (at 12) now runs past the file
  r = read(past_end);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "E3D_BLOCK_OVERRUN");
  EXPECT_EQ(*r.error().offset, 12u);
}

TEST(E3dHostile, CountsThatDoNotMatchTheData) {
  Tri t;
  t.vertices = 4;  // 4 vertices declared, data for 3
  EXPECT_EQ(code(tri(t)), "E3D_ATTRIBUTE_SIZE");
  t = {};
  t.vertices = 0x7FFFFFFF;  // 2 billion vertices of 12 bytes: refused before allocating
  EXPECT_EQ(code(tri(t)), "E3D_ATTRIBUTE_SIZE");
  t = {};
  t.vertices = -1;
  EXPECT_EQ(code(tri(t)), "E3D_BAD_COUNT");
  t = {};
  t.vsize = 8;  // vertices (12 bytes) do not fit in an 8-byte vertex
  t.data_vertices = 3;
  EXPECT_EQ(code(tri(t)), "E3D_ATTRIBUTE_SIZE");
  t = {};
  t.triangles = 2;  // 2 triangles declared, indices for 1
  EXPECT_EQ(code(tri(t)), "E3D_BLOCK_LENGTH");
  t = {};
  t.triangles = -5;
  EXPECT_EQ(code(tri(t)), "E3D_BLOCK_LENGTH");
  t = {};
  t.last_index = 3;  // vertex 3 of 3
  EXPECT_EQ(code(tri(t)), "E3D_INDEX_OUT_OF_RANGE");
}

TEST(E3dHostile, MeshLevelLies) {
  auto with = [](E3dBytes extra) {
    Tri t;
    t.extra = extra.bytes;
    return code(tri(t));
  };
  E3dBytes b;
  EXPECT_EQ(with(std::move(b.begin(0x1022).i32(2).end())),
            "E3D_DUPLICATE_RANGE");  // repeats vertex 2, itself the duplicate
  b = {};
  EXPECT_EQ(with(std::move(b.begin(0x1022).i32(-1).end())), "E3D_DUPLICATE_RANGE");
  b = {};
  EXPECT_EQ(with(std::move(b.begin(0x1022).raw("\0\0", 2).end())), "E3D_BLOCK_LENGTH");
  b = {};
  EXPECT_EQ(with(std::move(b.begin(0x1020).u16(1).end())), "E3D_BLOCK_LENGTH");  // meshID of 2 bytes
  b = {};
  EXPECT_EQ(with(std::move(b.begin(0x1040).i32(0).i32(1).end())), "E3D_BLOCK_LENGTH");
  // verticesQ without a meshBBox to map them.
  b = {};
  b.version()
      .begin(0x1000)
      .begin(0x1010)
      .begin(0x2000)
      .i32(1)
      .begin(0x2018)
      .i16(0)
      .i16(0)
      .i16(0)
      .end()
      .end()
      .end()
      .end();
  EXPECT_EQ(code(b.bytes), "E3D_MISSING_BBOX");
  // Bone index 1 in a skin of one bone.
  b = {};
  b.version()
      .begin(0x1000)
      .begin(0x1010)
      .begin(0x2000)
      .i32(1)
      .begin(0x2800)
      .u16(0x2010)
      .u16(0)
      .u16(0x2090)
      .u16(12)
      .u16(0)
      .u16(14);
  b.vec3(0, 0, 0).u8(1).u8(255).end().end();
  b.begin(0x1050).begin(0x1053).u8(1).str("a");
  for (int k = 0; k < 16; ++k) b.f32(0);
  b.end().end().end().end();
  EXPECT_EQ(code(b.bytes), "E3D_BONE_OUT_OF_RANGE");
}

TEST(E3dHostile, TrackPayloadsMustMatchTheirKeyCount) {
  E3dBytes b;
  b.version().begin(0xA000).begin(0xA010).begin(0xA100).u32(2).u8(0).u32(0).u32(1);
  b.begin(0xA210).vec3(0, 0, 0).end();  // one key's positions for two keys
  b.end().end().end();
  EXPECT_EQ(code(b.bytes), "E3D_BLOCK_LENGTH");
  b = {};
  b.version()
      .begin(0xA000)
      .begin(0xA010)
      .begin(0xA100)
      .u32(0x40000000)
      .u8(0)
      .end()
      .end()
      .end();  // a billion frame numbers
  EXPECT_EQ(code(b.bytes), "TRUNCATED");
}

TEST(E3dHostile, LzmaBlocksThatLieOrAreCorrupt) {
  const auto content = test::meshes_section();
  auto wrap = [](std::vector<std::byte> lzma) { return E3dBytes().version().append(lzma).bytes; };

  // Declares more bytes than the stream holds.
  auto r = read(wrap(test::lzma_block(content, {}, static_cast<std::int64_t>(content.size()) + 100)));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "E3D_LZMA_CORRUPT");
  EXPECT_EQ(*r.error().offset, 12u);
  EXPECT_NE(r.error().message.find("ends after"), std::string::npos) << r.error().message;

  // Declares 2 GiB - 1 with a small stream: fails fast, without allocating the declared size.
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(code(wrap(test::lzma_block(content, {}, 0x7FFFFFFF))), "E3D_LZMA_CORRUPT");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));

  // More than the caller's limit: refused before decoding.
  ReadOptions small;
  small.max_decoded_bytes = 100;
  r = read(wrap(test::lzma_block(content)), small);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "E3D_LZMA_TOO_LARGE");
  // The limit holds for all blocks together, nested ones included.
  std::vector<std::byte> zeros(64);
  const auto nested = test::lzma_block(E3dBytes().begin(0x9000).append(zeros).end().bytes);
  small.max_decoded_bytes = nested.size() + 10;  // room for the outer block's data, not the inner's
  EXPECT_EQ(code(wrap(test::lzma_block(nested)), small), "E3D_LZMA_TOO_LARGE");

  // What the blocks make the reader build counts too: 100 000 empty nodes are 600 KB of data but
  // would be tens of MB of scene.
  E3dBytes nodes;
  nodes.begin(0x3000);
  for (int i = 0; i < 100000; ++i) nodes.begin(0x3010).end();
  nodes.end();
  small.max_decoded_bytes = 4 << 20;
  r = read(wrap(test::lzma_block(nodes.bytes)), small);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "E3D_TOO_LARGE");
  EXPECT_EQ(*r.error().offset, 12u);

  // Properties the decoder cannot accept (lc = 9 would need d >= 225).
  auto bad_props = test::lzma_block(content);
  bad_props[10] = std::byte{230};
  r = read(wrap(bad_props));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "E3D_LZMA_CORRUPT");
  EXPECT_NE(r.error().message.find("properties"), std::string::npos);

  // A stream that is not LZMA at all.
  E3dBytes junk;
  junk.version().begin(0x0010).u32(1000).u8(0xDC).u32(1 << 16);
  for (int i = 0; i < 64; ++i) junk.u8(0xFF);
  junk.end();
  EXPECT_EQ(code(junk.bytes), "E3D_LZMA_CORRUPT");

  // An error inside decompressed data names the LZMA block and the offset within its data.
  E3dBytes inner;
  inner.begin(0x1000).begin(0x1010).u16(0x1020).u32(3).end().end();  // a block of size 3
  r = read(wrap(test::lzma_block(inner.bytes)));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "E3D_BAD_BLOCK_SIZE");
  EXPECT_EQ(*r.error().offset, 12u);
  EXPECT_NE(r.error().message.find("at byte 12 of the data decompressed"), std::string::npos) << r.error().message;
}

TEST(E3dHostile, FloodsOfEntriesAndBlocksStayCheap) {
  // 100 000 zero-size custom entries in a zero-size vertex with 2 billion vertices: nothing to read,
  // one warning, no time spent per vertex or per entry.
  E3dBytes b;
  b.version().begin(0x1000).begin(0x1010).begin(0x2000).i32(0x7FFFFFFF).begin(0x2800);
  for (int i = 0; i < 100000; ++i) b.u16(0x4001).u16(0);
  b.u16(0).u16(0).end().end().end().end();
  const auto t0 = std::chrono::steady_clock::now();
  auto r = read(b.bytes);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
  ASSERT_FALSE(r.ok());  // vertices but no positions
  EXPECT_EQ(r.error().code, "E3D_MISSING_POSITIONS");
  // 200 000 unknown blocks: warnings stop at a thousand and say how many more there were.
  E3dBytes u;
  u.version();
  for (int i = 0; i < 200000; ++i) u.begin(0x7777).end();
  auto w = read(u.bytes);
  ASSERT_TRUE(w.ok());
  EXPECT_LE(w.warnings.size(), 1001u);
  EXPECT_TRUE(test::has_code(w.warnings, "E3D_TOO_MANY_WARNINGS"));
}

TEST(E3dHostile, DeepNestingIsRefused) {
  E3dBytes b;
  b.version().begin(0x3000);
  for (int i = 0; i < 1000; ++i) b.begin(0x3010);
  for (int i = 0; i < 1000; ++i) b.end();
  b.end();
  EXPECT_EQ(code(b.bytes), "E3D_TOO_DEEP");
  // LZMA blocks nested in LZMA blocks count too.
  std::vector<std::byte> nested = E3dBytes().begin(0x1000).end().bytes;
  for (int i = 0; i < 300; ++i) nested = test::lzma_block(nested, {3, 0, 2, false});
  EXPECT_EQ(code(E3dBytes().version().append(nested).bytes), "E3D_TOO_DEEP");
}

TEST(E3dHostile, CliValidateAndConvertExitOneNamingFormatOffsetAndProblem) {
  auto dir = test::temp_dir("e3d-hostile");
  Tri t;
  t.last_index = 7;
  test::write_file(dir / "bad.e3d", tri(t));
  std::string out;
  EXPECT_EQ(test::run_cli("validate " + (dir / "bad.e3d").string(), &out), 1);
  EXPECT_NE(out.find("E3D"), std::string::npos) << out;
  EXPECT_NE(out.find("E3D_INDEX_OUT_OF_RANGE"), std::string::npos) << out;
  EXPECT_NE(out.find("at byte 18"), std::string::npos) << out;
  EXPECT_EQ(test::run_cli("convert " + (dir / "bad.e3d").string() + " " + (dir / "out.aem").string(), &out), 1);
  EXPECT_FALSE(std::filesystem::exists(dir / "out.aem"));
}

/// Offsets where top-level blocks end: a truncation there is a complete, shorter file.
std::vector<std::size_t> top_level_ends(const std::vector<std::byte>& b) {
  std::vector<std::size_t> ends;
  for (std::size_t at = 0; at + 6 <= b.size();) {
    std::uint32_t size;
    std::memcpy(&size, b.data() + at + 2, 4);
    at += size;
    ends.push_back(at);
  }
  return ends;
}

void truncate_and_flip(const std::vector<std::byte>& bytes) {
  const auto ends = top_level_ends(bytes);
  for (std::size_t len = 0; len < bytes.size(); ++len) {
    auto r = read_scene(std::span(bytes).first(len), "t.e3d");
    // Complete when cut at a block end, or fewer than 6 bytes after one (slack is ignored).
    const bool complete = std::any_of(ends.begin(), ends.end(), [&](std::size_t e) { return len >= e && len - e < 6; });
    EXPECT_EQ(r.ok(), complete) << "truncated to " << len << (r.ok() ? "" : ": " + r.error().to_string());
    if (!r.ok()) EXPECT_EQ(r.error().format, "E3D");
  }
  auto m = bytes;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    m[i] = bytes[i] ^ std::byte{0x5A};
    auto r = read_scene(m, "f.e3d");
    if (r) {
      (void)validate_scene(r.value());
      auto again = formats::e3d_write(r.value(), {});
      ASSERT_TRUE(again.ok()) << "flip at " << i;
      auto reread = read_scene(again.value(), "again.e3d");
      EXPECT_TRUE(reread.ok()) << "flip at " << i << ": " << (reread.ok() ? "" : reread.error().to_string());
    } else {
      EXPECT_FALSE(r.error().code.empty());
    }
    m[i] = bytes[i];
  }
}

TEST(E3dHostile, TruncationsAndByteFlipsOfAHandBuiltFile) {
  auto sink = test::kitchen_sink();
  sink.resize(sink.size() - 5);  // without the slack at the end
  truncate_and_flip(sink);
}

TEST(E3dHostile, TruncationsAndByteFlipsOfWrittenFiles) {
  auto scene = read(test::kitchen_sink());
  ASSERT_TRUE(scene.ok());
  for (bool compress : {false, true}) {
    WriteOptions o;
    o.compress = compress;
    truncate_and_flip(formats::e3d_write(scene.value(), o).value());
  }
}

}  // namespace
}  // namespace aem
