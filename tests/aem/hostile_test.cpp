// Files that lie: each gets its documented error code at the byte offset the spec layout implies
// (offsets computed here from the record sizes of docs/formats/aem.md §1, not from the validator), never a crash.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "aem/aem_view.hpp"
#include "aem/animation.hpp"
#include "aem/example.hpp"
#include "formats/aem/aem_format.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"

namespace aem {
namespace {

/// A valid AEM file (the generated tube: 1 mesh, 1 material, 4 bones, 1 animation) to corrupt.
struct Sample {
  std::vector<std::byte> bytes;
  std::uint32_t V, I, T, Me, Ma, B, A, S, K;
  std::uint64_t vertices() const { return 40; }
  std::uint64_t indices() const { return vertices() + 92ull * V; }
  std::uint64_t meshes() const { return indices() + 4ull * I + 128ull * T; }
  std::uint64_t materials() const { return meshes() + 12ull * Me; }
  std::uint64_t bones() const { return materials() + 12ull * Ma; }
  std::uint64_t animations() const { return bones() + 80ull * B; }
  std::uint64_t sequences() const { return animations() + 136ull * A; }
  std::uint64_t keyframes() const { return sequences() + 24ull * S; }

  template <class T>
  void put(std::uint64_t at, T v) {
    std::memcpy(bytes.data() + at, &v, sizeof v);
  }
  template <class T>
  T get(std::uint64_t at) const {
    T v;
    std::memcpy(&v, bytes.data() + at, sizeof v);
    return v;
  }
};

Sample make_sample() {
  ExampleOptions o;
  o.rings = 3;
  o.segments = 3;
  o.joints = 4;
  o.duration = 1.0f;
  o.frame_rate = 2.0f;
  auto written = formats::aem_write(make_example_scene(o), {});
  EXPECT_TRUE(written.ok());
  Sample s;
  s.bytes = written.value();
  std::uint32_t c[9];
  std::memcpy(c, s.bytes.data() + 4, sizeof c);
  s.V = c[0];
  s.I = c[1];
  s.T = c[2];
  s.Me = c[3];
  s.Ma = c[4];
  s.B = c[5];
  s.A = c[6];
  s.S = c[7];
  s.K = c[8];
  return s;
}

void expect_error(const Sample& s, const std::string& code, std::uint64_t offset) {
  auto r = AemView::validate(s.bytes);
  ASSERT_FALSE(r.ok()) << "expected " << code;
  EXPECT_EQ(r.error().code, code) << r.error().to_string();
  ASSERT_TRUE(r.error().offset.has_value());
  EXPECT_EQ(*r.error().offset, offset) << r.error().to_string();
}

TEST(AemHostile, SampleIsValid) {
  Sample s = make_sample();
  ASSERT_EQ(s.bytes.size(), s.keyframes() + 20ull * s.K);
  auto r = AemView::validate(s.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_GT(s.B, 2u);
  EXPECT_GT(s.K, 0u);
}

TEST(AemHostile, WrongMagicAndVersion) {
  Sample s = make_sample();
  s.bytes[1] = std::byte{'X'};
  expect_error(s, "AEM_BAD_MAGIC", 0);
  s = make_sample();
  s.bytes[3] = std::byte{2};
  expect_error(s, "AEM_BAD_VERSION", 3);
}

TEST(AemHostile, CountsLargerThanFile) {
  Sample s = make_sample();
  s.put<std::uint32_t>(4, s.V + 1);
  expect_error(s, "AEM_SIZE_MISMATCH", s.bytes.size());
}

TEST(AemHostile, VertexCountThatOverflows32BitSizeArithmetic) {
  // 46684428 * 92 = 2^32 + 80: a 32-bit size computation (as in libaem) wraps to 80 bytes.
  Sample s = make_sample();
  const std::uint64_t implied = s.bytes.size() - 92ull * s.V + 92ull * 46684428u;
  s.put<std::uint32_t>(4, 46684428u);
  auto r = AemView::validate(s.bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "AEM_SIZE_MISMATCH");
  EXPECT_NE(r.error().message.find(std::to_string(implied)), std::string::npos) << r.error().message;
}

TEST(AemHostile, AllCountsNearTwoToThe32) {
  Sample s = make_sample();
  for (int k = 0; k < 9; ++k) s.put<std::uint32_t>(4 + 4 * k, 0xFFFFFFFFu);
  expect_error(s, "AEM_SIZE_MISMATCH", s.bytes.size());
}

TEST(AemHostile, TrailingBytes) {
  Sample s = make_sample();
  const auto size = s.bytes.size();
  s.bytes.push_back(std::byte{0});
  s.bytes.push_back(std::byte{0});
  s.bytes.push_back(std::byte{0});
  s.bytes.push_back(std::byte{0});
  expect_error(s, "AEM_SIZE_MISMATCH", size);
}

TEST(AemHostile, IndexOutOfRange) {
  Sample s = make_sample();
  s.put<std::uint32_t>(s.indices() + 4 * 5, s.V);
  expect_error(s, "AEM_INDEX_OUT_OF_RANGE", s.indices() + 4 * 5);
}

TEST(AemHostile, VertexBoneIndexOutOfRange) {
  Sample s = make_sample();
  s.put<std::int32_t>(s.vertices() + 92 * 2 + 56 + 4 * 1, static_cast<std::int32_t>(s.B));
  expect_error(s, "AEM_BONE_INDEX_OUT_OF_RANGE", s.vertices() + 92 * 2 + 60);
  s = make_sample();
  s.put<std::int32_t>(s.vertices() + 92 * 1 + 88, -2);
  expect_error(s, "AEM_BONE_INDEX_OUT_OF_RANGE", s.vertices() + 92 * 1 + 88);
}

TEST(AemHostile, NonFiniteFloats) {
  Sample s = make_sample();
  s.put<float>(s.vertices() + 92 * 3 + 4, std::numeric_limits<float>::quiet_NaN());
  expect_error(s, "AEM_NOT_FINITE", s.vertices() + 92 * 3);
  s = make_sample();
  s.put<float>(s.bones() + 80 + 20, std::numeric_limits<float>::infinity());
  expect_error(s, "AEM_NOT_FINITE", s.bones() + 80);
}

TEST(AemHostile, EveryVertexWordIsCheckedInEveryVertex) {
  // The validator screens 4-word groups at once (one group overlaps the previous); each of the 23
  // words must still be checked, in the first, a middle and the last vertex. Words 14-17 and 22
  // are bone indices (docs/formats/aem.md §1), the rest floats.
  const Sample clean = make_sample();
  ASSERT_TRUE(AemView::validate(clean.bytes).ok());
  for (std::uint32_t v : {0u, clean.V / 2, clean.V - 1})
    for (std::uint32_t w = 0; w < 23; ++w) {
      SCOPED_TRACE(testing::Message() << "vertex " << v << " word " << w);
      Sample s = clean;
      const std::uint64_t at = s.vertices() + 92ull * v + 4 * w;
      const bool bone_index = (w >= 14 && w <= 17) || w == 22;
      if (bone_index) {
        s.put<std::int32_t>(at, -1);  // "none": its bit pattern is a NaN's, and it is valid
        EXPECT_TRUE(AemView::validate(s.bytes).ok());
        s.put<std::int32_t>(at, static_cast<std::int32_t>(s.B));
        expect_error(s, "AEM_BONE_INDEX_OUT_OF_RANGE", at);
      } else {
        s.put<float>(at, w % 2 ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::quiet_NaN());
        expect_error(s, "AEM_NOT_FINITE", s.vertices() + 92ull * v);
      }
    }
}

TEST(AemHostile, MeshRangeOverflowingThirtyTwoBits) {
  Sample s = make_sample();
  s.put<std::uint32_t>(s.meshes(), 0xFFFFFFF0u);
  s.put<std::uint32_t>(s.meshes() + 4, 0x20u);
  expect_error(s, "AEM_MESH_RANGE", s.meshes());
}

TEST(AemHostile, MaterialAndTextureIndices) {
  Sample s = make_sample();
  s.put<std::uint32_t>(s.meshes() + 8, s.Ma);
  expect_error(s, "AEM_MATERIAL_INDEX_OUT_OF_RANGE", s.meshes() + 8);
  s = make_sample();
  s.put<std::int32_t>(s.materials() + 4, 3);  // the sample has no textures
  expect_error(s, "AEM_TEXTURE_INDEX_OUT_OF_RANGE", s.materials() + 4);
  s = make_sample();
  s.put<std::int32_t>(s.materials() + 8, 255);  // the spec's "none": accepted with a warning
  auto r = AemView::validate(s.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].code, "AEM_TEXTURE_255");
}

TEST(AemHostile, ParentOutOfRangeAndCycles) {
  Sample s = make_sample();
  s.put<std::int32_t>(s.bones() + 80 * 1 + 64, static_cast<std::int32_t>(s.B));
  expect_error(s, "AEM_PARENT_OUT_OF_RANGE", s.bones() + 80 + 64);
  s = make_sample();
  s.put<std::int32_t>(s.bones() + 80 * 2 + 64, 2);  // its own parent
  expect_error(s, "AEM_PARENT_OUT_OF_RANGE", s.bones() + 80 * 2 + 64);
  s = make_sample();
  s.put<std::int32_t>(s.bones() + 64, 3);  // 0 -> 3 -> 2 -> 1 -> 0
  auto r = AemView::validate(s.bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "AEM_PARENT_CYCLE");
}

TEST(AemHostile, SequenceAndKeyframeRanges) {
  Sample s = make_sample();
  s.put<std::uint32_t>(s.animations() + 132, 1);  // needs sequences 1..B+1
  expect_error(s, "AEM_SEQUENCE_RANGE", s.animations() + 132);
  s = make_sample();
  s.put<std::uint32_t>(s.sequences() + 24 + 8, 0xFFFFFFFFu);  // rotation keys of bone 1 start at 2^32-1
  expect_error(s, "AEM_KEYFRAME_RANGE", s.sequences() + 24 + 8);
}

TEST(AemHostile, UnsortedKeyTimes) {
  Sample s = make_sample();
  // Bone 0's rotation keys (the generator gives it several): swap the times of the first two.
  const std::uint32_t first = s.get<std::uint32_t>(s.sequences() + 8);
  ASSERT_GE(s.get<std::uint32_t>(s.sequences() + 12), 2u);
  const float t0 = s.get<float>(s.keyframes() + 20 * first), t1 = s.get<float>(s.keyframes() + 20 * (first + 1));
  s.put<float>(s.keyframes() + 20 * first, t1);
  s.put<float>(s.keyframes() + 20 * (first + 1), t0);
  expect_error(s, "AEM_KEYS_UNSORTED", s.keyframes() + 20 * (first + 1));
}

TEST(AemHostile, UnterminatedNameReadsAll128Bytes) {
  Sample s = make_sample();
  std::memset(s.bytes.data() + s.animations(), 'a', 128);
  auto r = AemView::validate(s.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->animation_name(0), std::string(128, 'a'));
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].code, "AEM_NAME_NOT_TERMINATED");
}

TEST(AemHostile, CliReportsExitOneWithOffset) {
  Sample s = make_sample();
  s.put<std::int32_t>(s.bones() + 64, 3);
  auto dir = test::temp_dir("hostile");
  auto path = dir / "cycle.aem";
  test::write_file(path, s.bytes);
  std::string out;
  EXPECT_EQ(test::run_cli("validate " + path.string(), &out), 1);
  EXPECT_NE(out.find("AEM_PARENT_CYCLE"), std::string::npos) << out;
  // Any bone on the cycle 0 -> 3 -> 2 -> 1 -> 0 is a correct place to report.
  bool names_cycle_bone = false;
  for (std::uint64_t b = 0; b < 4; ++b)
    names_cycle_bone |= out.find("at byte " + std::to_string(s.bones() + 80 * b + 64)) != std::string::npos;
  EXPECT_TRUE(names_cycle_bone) << out;
  EXPECT_EQ(test::run_cli("validate", &out), 2) << out;
  EXPECT_EQ(test::run_cli("validate " + (dir / "missing.aem").string(), &out), 1) << out;
}

TEST(AemHostile, CliValidateReportsToleratedOdditiesOfAValidFile) {
  // `aem validate` checks a current-layout file through the mapped one-pass view: a file that only
  // has tolerated oddities is valid, and the oddity is still reported.
  Sample s = make_sample();
  s.put<float>(s.vertices() + 12, 2.0f);  // vertex 0's normal x: no longer unit length
  auto path = test::temp_dir("hostile") / "long_normal.aem";
  test::write_file(path, s.bytes);
  std::string out;
  EXPECT_EQ(test::run_cli("validate " + path.string(), &out), 0) << out;
  EXPECT_NE(out.find("AEM_NORMAL_NOT_UNIT"), std::string::npos) << out;
  EXPECT_NE(out.find("valid AEM (1 warning)"), std::string::npos) << out;
}

/// Truncating at every length and flipping every byte must give a valid file or a clean error;
/// when the validator accepts a mutated file, evaluation and the scene round trip must work too.
TEST(AemHostile, TruncateAtEveryLengthAndFlipEveryByte) {
  AEM_CORPUS_OR_FIXTURE_FILES(files, "aem", ".aem");
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    const auto bytes = test::read_bytes(file);
    for (std::size_t len = 0; len < bytes.size(); ++len) {
      auto r = AemModel::from_memory(std::span(bytes).first(len));
      ASSERT_FALSE(r.ok()) << "truncated to " << len;
    }
    std::size_t accepted = 0;
    std::vector<std::byte> mutated = bytes;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      mutated[i] = bytes[i] ^ std::byte{0xA5};
      auto r = AemModel::from_memory(mutated);
      if (r.ok()) {
        ++accepted;
        AemAnimator animator(r->view());
        std::vector<Mat4> skin(r->view().counts().bones);
        for (std::uint32_t a = 0; a < r->view().counts().animations; ++a)
          animator.evaluate(static_cast<std::int32_t>(a), 0.5f, skin);
        auto scene = formats::aem_view_to_scene(r->view());
        ASSERT_TRUE(scene.ok());
      } else {
        ASSERT_FALSE(r.error().code.empty());
        ASSERT_TRUE(r.error().offset.has_value());
      }
      mutated[i] = bytes[i];
    }
    // Float payload flips stay valid; header/index flips must not.
    EXPECT_GT(accepted, 0u);
    EXPECT_LT(accepted, bytes.size());
  }
}

}  // namespace
}  // namespace aem
