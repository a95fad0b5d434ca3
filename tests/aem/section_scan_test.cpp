// SectionScan screens eight vertices (and eight indices) at a time and pads the last, partial group
// of vertices: a bad word must be found in every lane of a group and in every position of a tail, in
// reads of any length, by each kernel set and with or without the oddity tally, and the tolerated
// oddities must be counted exactly as the scalar formulas here (an independent reference) count them.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "formats/aem/section_scan.hpp"

namespace aem::detail {
namespace {

constexpr std::uint64_t kOffset = 40;  // where vertices start in a file
constexpr std::uint32_t kBones = 7;

bool is_bone_index_word(int w) { return (w >= 14 && w <= 17) || w == 22; }

/// `count` valid vertices after kOffset bytes of header, then `indices` valid indices: random
/// finite floats, bones in range, some vertices unskinned; weights sum to 1, normals are unit length.
struct Vertices {
  std::vector<std::byte> bytes;
  std::uint32_t count, indices;

  explicit Vertices(std::uint32_t n, std::uint32_t seed = 1, std::uint32_t index_count = 0)
      : bytes(kOffset + 92ull * n + 4ull * index_count), count(n), indices(index_count) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> any(-1000.0f, 1000.0f);
    for (std::uint32_t v = 0; v < n; ++v) {
      aem_file::Vertex x{};
      for (float* f : {&x.position[0], &x.position[1], &x.position[2], &x.tangent[0], &x.tangent[1], &x.tangent[2],
                       &x.bitangent[0], &x.bitangent[1], &x.bitangent[2], &x.uv[0], &x.uv[1]})
        *f = any(rng);
      const float a = any(rng), b = any(rng);
      x.normal[0] = std::cos(a) * std::cos(b);
      x.normal[1] = std::sin(a) * std::cos(b);
      x.normal[2] = std::sin(b);
      const bool skinned = rng() % 4 != 0;
      for (int k = 0; k < 4; ++k) x.bone_indices[k] = skinned ? static_cast<std::int32_t>(rng() % kBones) : -1;
      x.bone_weights[0] = 0.5f;
      x.bone_weights[1] = 0.25f;
      x.bone_weights[2] = 0.125f;
      x.bone_weights[3] = 0.125f;
      x.extra_bone = rng() % 2 ? -1 : static_cast<std::int32_t>(rng() % kBones);
      std::memcpy(bytes.data() + at(v), &x, sizeof x);
    }
    for (std::uint32_t i = 0; i < index_count; ++i) put_index(i, static_cast<std::uint32_t>(rng() % n));
  }
  void put_index(std::uint32_t i, std::uint32_t x) { std::memcpy(bytes.data() + at(count) + 4ull * i, &x, 4); }
  bool passed(const SectionScan& s) const { return s.passed(count, kBones, indices); }
  std::uint64_t at(std::uint32_t v) const { return kOffset + 92ull * v; }
  void put_word(std::uint32_t v, int w, std::uint32_t bits) { std::memcpy(bytes.data() + at(v) + 4 * w, &bits, 4); }
  void put_float(std::uint32_t v, int w, float f) { put_word(v, w, std::bit_cast<std::uint32_t>(f)); }
  aem_file::Vertex vertex(std::uint32_t v) const {
    aem_file::Vertex x;
    std::memcpy(&x, bytes.data() + at(v), sizeof x);
    return x;
  }
};

/// Every test runs with the portable kernels and with the best ones for this CPU (AVX2 on x86-64),
/// each tallying the oddities (Report) or not (Skip).
struct ScanKind {
  const ScanKernels* kernels;
  VertexWarnings warnings;
};

class SectionScanTest : public testing::TestWithParam<ScanKind> {
 protected:
  SectionScan make(std::uint32_t vertices, std::uint32_t bones, std::uint32_t indices) const {
    return SectionScan(vertices, bones, indices, kOffset, *GetParam().kernels, GetParam().warnings);
  }
  SectionScan scan(const Vertices& f) const {
    SectionScan s = make(f.count, kBones, f.indices);
    s.advance(f.bytes);
    return s;
  }
  bool tallies() const { return GetParam().warnings == VertexWarnings::Report; }
};

const std::uint32_t kBadFloats[] = {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u,
                                    0x7F800001u, 0x7FFFFFFFu, 0xFFFFFFFFu};
const std::uint32_t kGoodFloats[] = {0x7F7FFFFFu, 0xFF7FFFFFu, 0x00000001u, 0x80000000u, 0x7F000000u};
const std::int32_t kBadBones[] = {static_cast<std::int32_t>(kBones), -2, std::numeric_limits<std::int32_t>::min(),
                                  std::numeric_limits<std::int32_t>::max(), 1 << 16};
const std::int32_t kGoodBones[] = {-1, 0, static_cast<std::int32_t>(kBones) - 1};

// 17 vertices: groups of eight at 0 and 8, then one in a tail; 8 + 1..7 and 1..7 give every tail length.
TEST_P(SectionScanTest, BadWordInEveryLaneAndTailPosition) {
  for (std::uint32_t n : {16u, 17u, 9u, 10u, 11u, 12u, 13u, 14u, 15u, 1u, 7u}) {
    const Vertices clean(n);
    ASSERT_TRUE(clean.passed(scan(clean)));
    for (std::uint32_t v = 0; v < n; ++v)
      for (int w = 0; w < 23; ++w) {
        SCOPED_TRACE(testing::Message() << n << " vertices, vertex " << v << " word " << w);
        Vertices f = clean;
        if (is_bone_index_word(w)) {
          for (std::int32_t bad : kBadBones) {
            f.put_word(v, w, static_cast<std::uint32_t>(bad));
            EXPECT_FALSE(f.passed(scan(f))) << "bone index " << bad;
          }
          for (std::int32_t good : kGoodBones) {
            f.put_word(v, w, static_cast<std::uint32_t>(good));
            EXPECT_TRUE(f.passed(scan(f))) << "bone index " << good;
          }
        } else {
          for (std::uint32_t bad : kBadFloats) {
            f.put_word(v, w, bad);
            EXPECT_FALSE(f.passed(scan(f))) << std::hex << "float bits " << bad;
          }
          for (std::uint32_t good : kGoodFloats) {
            f.put_word(v, w, good);
            EXPECT_TRUE(f.passed(scan(f))) << std::hex << "float bits " << good;
          }
        }
      }
  }
}

TEST_P(SectionScanTest, NoBonesAllowsOnlyMinusOne) {
  Vertices f(6);
  for (std::uint32_t v = 0; v < f.count; ++v)
    for (int w : {14, 15, 16, 17, 22}) f.put_word(v, w, 0xFFFFFFFFu);
  SectionScan none = make(f.count, 0, 0);
  none.advance(f.bytes);
  EXPECT_TRUE(none.passed(f.count, 0, 0));
  f.put_word(5, 22, 0);
  SectionScan bad = make(f.count, 0, 0);
  bad.advance(f.bytes);
  EXPECT_FALSE(bad.passed(f.count, 0, 0));
}

struct Expected {
  std::uint64_t count = 0, first_offset = 0;
};

/// The oddity tallies by the scalar formulas, vertex by vertex.
void reference_tallies(const Vertices& f, Expected& weights, Expected& normals) {
  for (std::uint32_t v = 0; v < f.count; ++v) {
    const auto x = f.vertex(v);
    const float s = ((x.bone_weights[0] + x.bone_weights[1]) + x.bone_weights[2]) + x.bone_weights[3];
    const float n2 = (x.normal[0] * x.normal[0] + x.normal[1] * x.normal[1]) + x.normal[2] * x.normal[2];
    if (x.bone_indices[0] >= 0 && std::fabs(s - 1.0f) > 1e-3f && weights.count++ == 0)
      weights.first_offset = f.at(v) + 72;
    if (std::fabs(n2 - 1.0f) > 2e-3f && normals.count++ == 0) normals.first_offset = f.at(v) + 12;
  }
}

TEST_P(SectionScanTest, OdditiesAreCountedAsTheScalarFormulasCountThem) {
  // Weight sums and squared normal lengths within a few float steps of the tolerances, from weights
  // and components of mixed sizes, so that rounding (and the order of the additions) decides.
  for (std::uint32_t n : {4000u, 4001u, 4003u, 4007u}) {
    Vertices f(n, n);
    std::mt19937 rng(n);
    std::uniform_real_distribution<float> part(0.01f, 1.0f);
    std::uniform_int_distribution<int> steps(-4, 4), side(0, 1);
    for (std::uint32_t v = 0; v < n; ++v) {
      const float sign = side(rng) ? 1.0f : -1.0f;
      const float weight_target = 1.0f + sign * 1e-3f + static_cast<float>(steps(rng)) * 0x1p-23f;
      float r[4], sum = 0.0f;
      for (float& x : r) sum += x = part(rng);
      for (int k = 0; k < 4; ++k) f.put_float(v, 18 + k, r[k] * weight_target / sum);
      const float length = std::sqrt(1.0f + sign * 2e-3f + static_cast<float>(steps(rng)) * 0x1p-23f);
      const auto x = f.vertex(v);
      for (int c = 0; c < 3; ++c) f.put_float(v, 3 + c, x.normal[c] * length);
    }
    Expected weights, normals;
    reference_tallies(f, weights, normals);
    ASSERT_GT(weights.count, 0u);
    ASSERT_GT(normals.count, 0u);
    if (!tallies()) weights = normals = Expected{};
    const auto s = scan(f);
    SCOPED_TRACE(testing::Message() << n << " vertices");
    EXPECT_TRUE(f.passed(s));
    EXPECT_EQ(s.weight_sum.count, weights.count);
    EXPECT_EQ(s.weight_sum.first_offset, weights.first_offset);
    EXPECT_EQ(s.normal_len.count, normals.count);
    EXPECT_EQ(s.normal_len.first_offset, normals.first_offset);
  }
}

TEST_P(SectionScanTest, OddVertexInEveryLaneAndTailPosition) {
  for (std::uint32_t n : {16u, 17u, 12u, 15u}) {
    for (std::uint32_t v = 0; v < n; ++v) {
      SCOPED_TRACE(testing::Message() << n << " vertices, vertex " << v);
      Vertices f(n);
      f.put_word(v, 14, 0);                      // skinned, so that its weights count
      f.put_float(v, 21, 0.5f);                  // weights sum to 1.375
      f.put_float(v == 0 ? n - 1 : 0, 3, 3.0f);  // a long normal elsewhere
      const auto s = scan(f);
      EXPECT_TRUE(f.passed(s));
      if (!tallies()) {
        EXPECT_EQ(s.weight_sum.count, 0u);
        EXPECT_EQ(s.normal_len.count, 0u);
        continue;
      }
      EXPECT_EQ(s.weight_sum.count, 1u);
      EXPECT_EQ(s.weight_sum.first_offset, f.at(v) + 72);
      EXPECT_EQ(s.weight_sum.first_path, "vertices[" + std::to_string(v) + "]");
      EXPECT_EQ(s.normal_len.count, 1u);
    }
  }
}

TEST_P(SectionScanTest, BadIndexInEveryLaneAndTailPosition) {
  // Eight lanes, unrolled four times: every lane of a vector, of each unrolled step, and each tail.
  const std::uint32_t n = 9;
  for (std::uint32_t count : {8u, 9u, 10u, 11u, 15u, 16u, 1u, 3u, 31u, 32u, 33u, 39u, 40u, 71u}) {
    const Vertices clean(n, 1, count);
    ASSERT_TRUE(clean.passed(scan(clean)));
    for (std::uint32_t i = 0; i < count; ++i) {
      SCOPED_TRACE(testing::Message() << count << " indices, index " << i);
      Vertices f = clean;
      for (std::uint32_t bad : {n, n + 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu}) {
        f.put_index(i, bad);
        EXPECT_FALSE(f.passed(scan(f))) << bad;
      }
      for (std::uint32_t good : {0u, n - 1}) {
        f.put_index(i, good);
        EXPECT_TRUE(f.passed(scan(f))) << good;
      }
    }
  }
  Vertices none(0, 1, 0);
  EXPECT_TRUE(none.passed(scan(none)));
  none.bytes.resize(none.bytes.size() + 4);  // one index 0, but there is no vertex
  none.indices = 1;
  EXPECT_FALSE(none.passed(scan(none)));
}

TEST_P(SectionScanTest, NonFiniteWordInEveryLaneAndTailPosition) {
  // Up to eight lanes, unrolled four times: every lane of a vector, of each unrolled step, and each tail.
  const ScanKernels& kernels = *GetParam().kernels;
  for (std::size_t n : {1u, 3u, 4u, 7u, 8u, 9u, 31u, 32u, 33u, 39u, 40u, 71u}) {
    std::vector<std::uint32_t> words(n, 0x3F800000u);  // 1.0f
    const auto* p = reinterpret_cast<const std::uint8_t*>(words.data());
    ASSERT_TRUE(kernels.words_finite(p, n));
    for (std::size_t i = 0; i < n; ++i) {
      SCOPED_TRACE(testing::Message() << n << " words, word " << i);
      // +inf, -inf, a quiet NaN, a NaN with only the lowest payload bit.
      for (std::uint32_t bad : {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x7F800001u}) {
        words[i] = bad;
        EXPECT_FALSE(kernels.words_finite(p, n)) << std::hex << bad;
      }
      // The largest finite, the smallest denormal, -0.
      for (std::uint32_t good : {0x7F7FFFFFu, 0x00000001u, 0x80000000u}) {
        words[i] = good;
        EXPECT_TRUE(kernels.words_finite(p, n)) << std::hex << good;
      }
    }
  }
  EXPECT_TRUE(kernels.words_finite(nullptr, 0));
}

TEST_P(SectionScanTest, PiecewiseAdvanceEqualsOneScan) {
  // Reads of any length: each call scans only whole groups of eight vertices, and the tail at the end.
  Vertices f(103, 1, 33);
  f.put_float(101, 20, 0.0f);  // an oddity in the tail
  f.put_float(50, 4, 0.5f);
  const auto whole = scan(f);
  for (std::size_t step : {1u, 7u, 91u, 92u, 93u, 368u, 736u, 1000u}) {
    SCOPED_TRACE(testing::Message() << "step " << step);
    SectionScan s = make(f.count, kBones, f.indices);
    for (std::size_t end = 0; end < f.bytes.size(); end += step) s.advance(std::span(f.bytes).first(end));
    EXPECT_FALSE(f.passed(s)) << "not every index seen yet";
    s.advance(f.bytes);
    EXPECT_TRUE(f.passed(s));
    EXPECT_EQ(s.weight_sum.count, whole.weight_sum.count);
    EXPECT_EQ(s.weight_sum.first_offset, whole.weight_sum.first_offset);
    EXPECT_EQ(s.normal_len.count, whole.normal_len.count);
    EXPECT_EQ(s.normal_len.first_offset, whole.normal_len.first_offset);
  }
  for (std::uint64_t last : {f.at(102) + 88, f.at(103) + 4 * 32}) {  // the last vertex word, the last index
    Vertices g = f;
    const std::uint32_t huge = 0x7FFFFFFFu;  // past the bones and past the vertices
    std::memcpy(g.bytes.data() + last, &huge, 4);
    for (std::size_t step : {92u, 100u}) {
      SectionScan s = make(g.count, kBones, g.indices);
      for (std::size_t end = 0; end < g.bytes.size(); end += step) s.advance(std::span(g.bytes).first(end));
      s.advance(g.bytes);
      EXPECT_FALSE(g.passed(s)) << "bad word at " << last << ", reads of " << step;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, SectionScanTest,
                         testing::Values(ScanKind{&ScanKernels::portable(), VertexWarnings::Report},
                                         ScanKind{&ScanKernels::best(), VertexWarnings::Report},
                                         ScanKind{&ScanKernels::portable(), VertexWarnings::Skip},
                                         ScanKind{&ScanKernels::best(), VertexWarnings::Skip}),
                         [](const auto& info) {
                           return std::string(info.param.kernels == &ScanKernels::portable() ? "Portable" : "Best") +
                                  (info.param.warnings == VertexWarnings::Report ? "Tallying" : "ErrorsOnly");
                         });

TEST(ScanKernelChoice, WorkBelow64KiBTakesThePortableSetWithoutAskingTheCpu) {
  EXPECT_EQ(&ScanKernels::for_bytes(0), &ScanKernels::portable());
  EXPECT_EQ(&ScanKernels::for_bytes((64 << 10) - 1), &ScanKernels::portable());
  EXPECT_EQ(&ScanKernels::for_bytes(64 << 10), &ScanKernels::best());
}

}  // namespace
}  // namespace aem::detail
