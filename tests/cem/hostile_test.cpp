// CEM files that lie get their error code, never a crash; every truncation fails cleanly and every
// byte flip gives a valid scene or an error.
#include <gtest/gtest.h>

#include <cstring>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "cem/cem_builder.hpp"
#include "formats/cem/cem_format.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"
#include "support/dcl_encoder.hpp"

namespace aem {
namespace {

/// One model: 2 materials (2 + 1 vertices), 1 LOD of 2 triangles, 1 tag, 1 frame.
test::CemBytes model(std::uint32_t vertices = 3, std::uint32_t sel_count = 1, std::uint32_t index = 1,
                     std::uint32_t vertex_offset = 2, std::uint32_t frames = 1, std::uint16_t major = 2) {
  test::CemBytes b;
  b.raw("SSMF", 4)
      .u16(major)
      .u16(0)
      .u32(2)
      .u32(vertices)
      .u32(1)
      .u32(2)
      .u32(frames)
      .u32(0)
      .u32(1)
      .str("Scene Root")
      .vec3(0, 0, 0);
  b.u32(2).u32(0).u32(index).u32(1).u32(0).u32(0).u32(0);
  b.str("").u32(0).u32(0).u32(sel_count).u32(0).u32(2).str("");
  b.str("").u32(0).u32(1).u32(1).u32(vertex_offset).u32(1).str("");
  b.str("tag");
  for (std::uint32_t f = 0; f < std::min(frames, 1u); ++f) {
    b.f32(1);
    for (std::uint32_t v = 0; v < vertices; ++v) b.vec3(float(v), 0, 0).vec3(0, 0, 1).f32(0).f32(0);
    b.vec3(0, 0, 1).identity_matrix().vec3(0, 0, 0).vec3(float(vertices) - 1, 0, 0);
  }
  return b;
}

std::string code(const std::vector<std::byte>& b) {
  auto r = read_scene(b, "x.cem");
  return r.ok() ? "ok" : r.error().code;
}

TEST(CemHostile, EachLieHasItsCode) {
  EXPECT_EQ(code(model().bytes), "ok");
  EXPECT_EQ(code(model(3, 3).bytes), "CEM_SELECTION_RANGE");           // triangles 0+3 past the LOD's 2
  EXPECT_EQ(code(model(3, 1, 2).bytes), "CEM_INDEX_OUT_OF_RANGE");     // index 2 in a 2-vertex material
  EXPECT_EQ(code(model(3, 1, 1, 3).bytes), "CEM_VERTEX_RANGE");        // vertices 3+1 past 3
  EXPECT_EQ(code(model(3, 1, 1, 2, 1000000).bytes), "CEM_BAD_COUNT");  // a million frames in a few bytes
  EXPECT_EQ(code(model(3, 1, 1, 2, 1, 5).bytes), "CEM_UNSUPPORTED_VERSION");
  auto no_frames = model().bytes;
  std::memset(no_frames.data() + 24, 0, 4);
  EXPECT_EQ(code(no_frames), "CEM_BAD_COUNT");
  auto children = model().bytes;
  const std::uint32_t many = 0x10000000u;
  std::memcpy(children.data() + 28, &many, 4);
  EXPECT_EQ(code(children), "CEM_BAD_COUNT");
  auto long_name = model().bytes;
  const std::uint32_t huge = 0xFFFFFFF0u;
  std::memcpy(long_name.data() + 36, &huge, 4);
  EXPECT_EQ(code(long_name), "TRUNCATED");
}

TEST(CemHostile, VersionMessageNamesTheKnownOtherVersions) {
  auto b = model().bytes;
  const std::uint16_t v13[2] = {1, 3};
  std::memcpy(b.data() + 4, v13, 4);
  auto r = read_scene(b, "old.cem");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("1.3"), std::string::npos);
  EXPECT_EQ(*r.error().offset, 4u);
}

TEST(CemHostile, CliValidateExitsOne) {
  auto dir = test::temp_dir("cem-hostile");
  auto bytes = model(3, 3).bytes;
  test::write_file(dir / "bad.cem", bytes);
  std::string out;
  EXPECT_EQ(test::run_cli("validate " + (dir / "bad.cem").string(), &out), 1);
  EXPECT_NE(out.find("CEM_SELECTION_RANGE"), std::string::npos) << out;
  EXPECT_NE(out.find("at byte"), std::string::npos) << out;
}

void truncate_and_flip(const std::vector<std::byte>& bytes) {
  for (std::size_t len = 0; len < bytes.size(); ++len) {
    auto r = read_scene(std::span(bytes).first(len), "t.cem");
    // A prefix can be a complete smaller file only if the model tree ended early: it cannot here.
    ASSERT_FALSE(r.ok()) << "truncated to " << len;
  }
  auto m = bytes;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    m[i] = bytes[i] ^ std::byte{0x5A};
    auto r = read_scene(m, "f.cem");
    if (r) {
      auto rep = validate_scene(r.value());
      auto again = formats::cem_write(r.value(), {});
      ASSERT_TRUE(again.ok());
      (void)rep;
    }
    m[i] = bytes[i];
  }
}

TEST(CemHostile, TruncationsAndByteFlips) {
  truncate_and_flip(model().bytes);
  truncate_and_flip(test::pk01_wrap(model().bytes));
}

TEST(CemHostile, FuzzerFindingsStayFixed) {
  // Inputs the fuzzer once crashed on (tests/data/cem): each must read or fail cleanly.
  auto files = test::files_with_extension(AEM_TEST_DATA_DIR "/cem", ".cem");
  ASSERT_FALSE(files.empty());
  for (const auto& f : files) {
    auto r = read_scene(test::read_bytes(f), f);
    if (r) EXPECT_TRUE(formats::cem_write(r.value(), {}).ok()) << f;
  }
}

TEST(CemHostile, CorpusTruncationsAndByteFlips) {
  AEM_CORPUS_OR_FIXTURE_FILES(files, "cem", ".cem");
  for (const auto& f : files) truncate_and_flip(test::read_bytes(f));
}

}  // namespace
}  // namespace aem
