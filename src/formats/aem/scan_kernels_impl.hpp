// The vector loops of SectionScan (formats/aem/scan_kernels.hpp), compiled once per instruction set:
// each including file first defines AEM_SCAN_ISA, the namespace its copy goes in, so that copies
// built for different CPUs never share a symbol. Only types come from other headers, no functions.
//
// Vertices go eight at a time: eight vertices are 736 bytes, i.e. exactly 23 32-byte groups, so
// every group's lanes always hold the same vertex words and each check is a fixed, branch-free
// sequence of vector operations per group.
#include <cstddef>
#include <cstring>

#include "aem/aem_file.hpp"
#include "formats/aem/scan_kernels.hpp"
#include "core/lane_vectors.hpp"

namespace aem::detail::AEM_SCAN_ISA {
namespace {

constexpr std::size_t kVertexBytes = sizeof(aem_file::Vertex);
constexpr int kVertexWords = kVertexBytes / 4;  // 23
constexpr int kBlockVertices = kScanBlockVertices;
constexpr int kBlockGroups = kVertexWords;  // 8 vertices of 23 words = 23 groups of 8 words
static_assert(kVertexBytes == 92);
constexpr std::size_t kNormal = offsetof(aem_file::Vertex, normal),
                      kBoneIndices = offsetof(aem_file::Vertex, bone_indices),
                      kWeights = offsetof(aem_file::Vertex, bone_weights),
                      kExtraBone = offsetof(aem_file::Vertex, extra_bone);

constexpr bool is_bone_index_word(int w) { return (w >= 14 && w <= 17) || w == 22; }

// A float word w is NaN or infinite exactly when its exponent bits are all set, i.e. when the 16-bit
// number (w & 0x7FFF0000) >> 16 is at least 0x7F80. So each group is masked (bone-index lanes to 0)
// and folded into a running 16-bit signed maximum: two operations per eight words (one 256-bit
// operation or two 128-bit ones, whichever the target has), one test per call.
constexpr std::uint32_t kExponentHalf = 0x7FFF0000u;
constexpr std::int16_t kNonFiniteHalf = 0x7F80;

struct FloatMasks {
  alignas(32) std::uint32_t lanes[kBlockGroups][8];
};
constexpr FloatMasks make_float_masks() {
  FloatMasks m{};
  for (int j = 0; j < kBlockGroups * 8; ++j)
    m.lanes[j / 8][j % 8] = is_bone_index_word(j % kVertexWords) ? 0u : kExponentHalf;
  return m;
}
constexpr FloatMasks kFloatMasks = make_float_masks();

struct Tallies {
  i16x16 exponent_max = {};                 // of every float word's masked high half
  u32x8 bad_bone = {};                      // lanes set where a bone index was out of range
  u32x8 odd_weights = {}, odd_normal = {};  // lane i: vertex i of a block
};

/// `rows[i]`: the 16 bytes at `byte` of vertex i (lanes 0-3) and of vertex i + 4 (lanes 4-7) of the
/// block at p, as H (4 lanes) halves joined into V. Results go through references: 256-bit vectors
/// by value have another ABI with AVX than without. (Joining the halves with a shuffle, not by
/// writing them into the vector's memory, keeps them in registers.)
template <class H, class V>
[[gnu::always_inline]] inline void load_rows(const std::uint8_t* p, std::size_t byte, V (&rows)[4]) {
  for (int i = 0; i < 4; ++i) {
    H lo, hi;
    std::memcpy(&lo, p + kVertexBytes * i + byte, 16);
    std::memcpy(&hi, p + kVertexBytes * (i + 4) + byte, 16);
    rows[i] = __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7);
  }
}

/// Transposes the rows of load_rows within each 128-bit half: lane i of `columns[c]` is word c (of
/// the 16 bytes) of vertex i.
template <class V>
[[gnu::always_inline]] inline void transpose(const V (&r)[4], V (&columns)[4]) {
  const V lo01 = __builtin_shufflevector(r[0], r[1], 0, 8, 1, 9, 4, 12, 5, 13);
  const V lo23 = __builtin_shufflevector(r[2], r[3], 0, 8, 1, 9, 4, 12, 5, 13);
  const V hi01 = __builtin_shufflevector(r[0], r[1], 2, 10, 3, 11, 6, 14, 7, 15);
  const V hi23 = __builtin_shufflevector(r[2], r[3], 2, 10, 3, 11, 6, 14, 7, 15);
  columns[0] = __builtin_shufflevector(lo01, lo23, 0, 1, 8, 9, 4, 5, 12, 13);
  columns[1] = __builtin_shufflevector(lo01, lo23, 2, 3, 10, 11, 6, 7, 14, 15);
  columns[2] = __builtin_shufflevector(hi01, hi23, 0, 1, 8, 9, 4, 5, 12, 13);
  columns[3] = __builtin_shufflevector(hi01, hi23, 2, 3, 10, 11, 6, 7, 14, 15);
}

/// Folds the float words of the eight vertices at p into t.exponent_max.
[[gnu::always_inline]] inline void fold_exponents(const std::uint8_t* p, Tallies& t) {
#pragma GCC unroll 23
  for (int k = 0; k < kBlockGroups; ++k) {
    u32x8 g, mask;
    std::memcpy(&g, p + 32 * k, sizeof g);
    std::memcpy(&mask, kFloatMasks.lanes[k], sizeof mask);
    const i16x16 h = (i16x16)(g & mask);
    t.exponent_max = t.exponent_max > h ? t.exponent_max : h;
  }
}

/// Folds the bone indices of the eight vertices at p into t.bad_bone; `b` gets their first four
/// (load_rows order). A bone index i is valid when (i + 1) as unsigned is at most the bone count;
/// adding 0x80000001 instead of 1 turns that into one signed compare (SSE2 has no unsigned one),
/// against `bone_limit` = bone count ^ 0x80000000. The extra bone, the last word of each vertex, is
/// the last lane of the row of words 19-22; two unpacks of those rows gather it, lane i = vertex i.
[[gnu::always_inline]] inline void fold_bones(const std::uint8_t* p, std::int32_t bone_limit, Tallies& t,
                                              u32x8 (&b)[4]) {
  const std::uint32_t s = 0x80000001u;
  const u32x8 shift = {s, s, s, s, s, s, s, s};
  const i32x8 limit = {bone_limit, bone_limit, bone_limit, bone_limit, bone_limit, bone_limit, bone_limit, bone_limit};
  u32x8 tail[4];
  load_rows<u32x4>(p, kBoneIndices, b);
  load_rows<u32x4>(p, kExtraBone - 12, tail);
  const u32x8 high01 = __builtin_shufflevector(tail[0], tail[1], 2, 10, 3, 11, 6, 14, 7, 15);
  const u32x8 high23 = __builtin_shufflevector(tail[2], tail[3], 2, 10, 3, 11, 6, 14, 7, 15);
  const u32x8 extra = __builtin_shufflevector(high01, high23, 2, 3, 10, 11, 6, 7, 14, 15);
  for (int i = 0; i < 4; ++i) t.bad_bone |= (u32x8)((i32x8)(b[i] + shift) > limit);
  t.bad_bone |= (u32x8)((i32x8)(extra + shift) > limit);
}

/// Folds the oddities of the eight vertices at p (bone index rows `b` from fold_bones) into t. The
/// weight and normal sums add in the order the scalar formulas do, lane by lane.
[[gnu::always_inline]] inline void fold_oddities(const std::uint8_t* p, const u32x8 (&b)[4], Tallies& t) {
  const u32x8 magnitude = {0x7FFFFFFFu, 0x7FFFFFFFu, 0x7FFFFFFFu, 0x7FFFFFFFu,
                           0x7FFFFFFFu, 0x7FFFFFFFu, 0x7FFFFFFFu, 0x7FFFFFFFu};
  f32x8 rows[4], c[4];
  load_rows<f32x4>(p, kWeights, rows);
  transpose(rows, c);
  const f32x8 weight_sum = ((c[0] + c[1]) + c[2]) + c[3];
  // Skinned vertices only: the sign bit of bone_indices[0] (set for -1) clears the lane.
  const u32x8 first_bone01 = __builtin_shufflevector(b[0], b[1], 0, 8, 0, 8, 4, 12, 4, 12);
  const u32x8 first_bone23 = __builtin_shufflevector(b[2], b[3], 0, 8, 0, 8, 4, 12, 4, 12);
  const u32x8 unskinned =
      (u32x8)((i32x8)__builtin_shufflevector(first_bone01, first_bone23, 0, 1, 8, 9, 4, 5, 12, 13) >> 31);
  t.odd_weights |= (u32x8)((f32x8)((u32x8)(weight_sum - 1.0f) & magnitude) > 1e-3f) & ~unskinned;
  load_rows<f32x4>(p, kNormal, rows);
  transpose(rows, c);
  const f32x8 normal_len2 = (c[0] * c[0] + c[1] * c[1]) + c[2] * c[2];
  t.odd_normal |= (u32x8)((f32x8)((u32x8)(normal_len2 - 1.0f) & magnitude) > 2e-3f);
}

/// Folds `blocks` blocks of eight vertices at p into t: the errors, and the oddities when kOddities.
template <bool kOddities>
void fold_blocks(const std::uint8_t* p, std::size_t blocks, std::uint32_t bones, Tallies& t) {
  const std::int32_t bone_limit = static_cast<std::int32_t>(bones ^ 0x80000000u);
  for (std::size_t i = 0; i < blocks; ++i) {
    const std::uint8_t* block = p + kBlockGroups * 32 * i;
    u32x8 b[4];
    fold_exponents(block, t);
    fold_bones(block, bone_limit, t, b);
    if constexpr (kOddities) fold_oddities(block, b, t);
  }
}

/// No float of t is NaN or infinite and no bone index is out of range.
bool tallies_valid(const Tallies& t) {
  bool valid = true;
  for (int i = 0; i < 16; ++i) valid &= t.exponent_max[i] < kNonFiniteHalf;
  for (int i = 0; i < kBlockVertices; ++i) valid &= t.bad_bone[i] == 0;
  return valid;
}

}  // namespace

BlockScan scan_blocks(const std::uint8_t* p, std::size_t blocks, std::uint32_t bones) {
  Tallies t;
  fold_blocks<true>(p, blocks, bones, t);
  BlockScan r{tallies_valid(t), 0, 0};
  for (int i = 0; i < kBlockVertices; ++i) {
    r.odd_weights |= static_cast<std::uint8_t>((t.odd_weights[i] & 1u) << i);
    r.odd_normal |= static_cast<std::uint8_t>((t.odd_normal[i] & 1u) << i);
  }
  return r;
}

bool check_blocks(const std::uint8_t* p, std::size_t blocks, std::uint32_t bones) {
  Tallies t;
  fold_blocks<false>(p, blocks, bones, t);
  return tallies_valid(t);
}

/// True when every index is below `count`. Where the target has an unsigned maximum (AVX2, SSE4.1,
/// NEON, wasm) the largest index is folded eight at a time, one operation per eight; plain SSE2 has
/// neither an unsigned maximum nor an unsigned compare, so there x < count as unsigned is tested as
/// (x ^ 0x80000000) <= (count - 1) ^ 0x80000000 as signed, one compare per four.
bool indices_below(const std::uint8_t* p, std::size_t n, std::uint32_t count) {
  if (count == 0) return n == 0;
  std::size_t i = 0;
  std::uint32_t bad = 0;
#if defined(__SSE2__) && !defined(__SSE4_1__)
  const std::uint32_t sign = 0x80000000u;
  const std::int32_t last = static_cast<std::int32_t>((count - 1) ^ sign);
  const i32x4 limit = {last, last, last, last};
  const u32x4 flip = {sign, sign, sign, sign};
  u32x4 above = {};
#pragma GCC unroll 4
  for (; i + 4 <= n; i += 4) above |= (u32x4)((i32x4)(detail::load<u32x4>(p + 4 * i) ^ flip) > limit);
  bad = above[0] | above[1] | above[2] | above[3];
#else
  u32x8 largest = {};
#pragma GCC unroll 4
  for (; i + 8 <= n; i += 8) {
    const u32x8 x = detail::load<u32x8>(p + 4 * i);
    largest = largest > x ? largest : x;
  }
  for (int k = 0; k < 8; ++k) bad |= largest[k] >= count;
#endif
  for (; i < n; ++i) {
    std::uint32_t x;
    std::memcpy(&x, p + 4 * i, 4);
    bad |= x >= count;
  }
  return bad == 0;
}

/// A word is a NaN or an infinity when its exponent bits are all ones: a vector of words per operation
/// (eight with AVX, four with SSE2).
bool words_finite(const std::uint8_t* p, std::size_t n) {
#if defined(__AVX__) || !defined(__SSE2__)
  using Words = u32x8;
#else
  using Words = u32x4;
#endif
  constexpr std::size_t kLanes = sizeof(Words) / 4;
  constexpr std::uint32_t E = 0x7F800000u;
  const Words exponent = Words{} + E;
  Words all_ones = {};
  std::size_t i = 0;
#pragma GCC unroll 4
  for (; i + kLanes <= n; i += kLanes) all_ones |= (detail::load<Words>(p + 4 * i) & exponent) == exponent;
  std::uint32_t bad = 0;
  for (std::size_t k = 0; k < kLanes; ++k) bad |= all_ones[k];
  for (; i < n; ++i) {
    std::uint32_t x;
    std::memcpy(&x, p + 4 * i, 4);
    bad |= (x & E) == E;
  }
  return bad == 0;
}

namespace {

constexpr std::size_t kKey = sizeof(aem_file::Keyframe);
constexpr std::size_t kKeyWords = kKey / 4;  // a time, then four floats
static_assert(kKeyWords == 5 && offsetof(aem_file::Keyframe, time) == 0);

/// No time of keys [first, n) at p is above the next one's, compared a pair at a time.
bool times_ordered(const std::uint8_t* p, std::size_t first, std::size_t n) {
  bool ordered = true;
  for (std::size_t k = first; k + 1 < n; ++k) {
    float t, next;
    std::memcpy(&t, p + kKey * k, 4);
    std::memcpy(&next, p + kKey * (k + 1), 4);
    ordered &= !(t > next);
  }
  return ordered;
}

#if defined(__AVX2__)
constexpr std::size_t kBlockKeys = 8;

/// Eight keys are five groups of eight words, and each lane of a group holds a time in exactly one
/// of the five groups (5 and 8 share no factor). Folds the eight keys at p into exponent_max (one
/// per group, as for vertices) and sets `times` to their times in those lanes: times 0, 5, 2, 7, 4, 1,
/// 6, 3. (The times go through a reference, as load_rows' rows do.)
[[gnu::always_inline]] inline void fold_keys(const std::uint8_t* p, i16x16 (&exponent_max)[kKeyWords], u32x8& times) {
  const u32x8 half = u32x8{} + kExponentHalf;
  u32x8 g[kKeyWords];
#pragma GCC unroll 5
  for (std::size_t k = 0; k < kKeyWords; ++k) {
    std::memcpy(&g[k], p + 32 * k, sizeof g[k]);
    const i16x16 h = (i16x16)(g[k] & half);
    exponent_max[k] = exponent_max[k] > h ? exponent_max[k] : h;
  }
  // Times: group 0 lanes 0 and 5, group 1 lanes 2 and 7, group 2 lane 4, group 3 lanes 1 and 6, group 4 lane 3.
  const u32x8 g01 = __builtin_shufflevector(g[0], g[1], 0, 1, 10, 3, 4, 5, 6, 15);
  const u32x8 g23 = __builtin_shufflevector(g[2], g[3], 0, 9, 2, 3, 4, 5, 14, 7);
  const u32x8 g0123 = __builtin_shufflevector(g01, g23, 0, 9, 2, 3, 12, 5, 14, 7);
  times = __builtin_shufflevector(g0123, g[4], 0, 1, 2, 11, 4, 5, 6, 7);
}
#endif

}  // namespace

/// With AVX2, eight keys at a time: their floats folded as the vertices' are, their times gathered
/// into one vector and compared with the times one key on (from this block and the next); the last
/// block's own pairs and the keys after it go one by one. Elsewhere the 256-bit shuffles would be
/// split into slower pieces than comparing the times one by one after the finiteness kernel.
bool keys_valid(const std::uint8_t* p, std::size_t n) {
#if defined(__AVX2__)
  const std::size_t blocks = n / kBlockKeys;
  i16x16 exponent_max[kKeyWords] = {};
  u32x8 descending = {};
  if (blocks > 0) {
    u32x8 times, next_block;
    fold_keys(p, exponent_max, times);
    for (std::size_t b = 1; b < blocks; ++b) {
      fold_keys(p + kKey * kBlockKeys * b, exponent_max, next_block);
      const u32x8 following = __builtin_shufflevector(times, next_block, 5, 6, 7, 8, 1, 2, 3, 4);
      descending |= (u32x8)((f32x8)times > (f32x8)following);
      times = next_block;
    }
  }
  bool bad = false;
  for (std::size_t k = 0; k < kKeyWords; ++k)
    for (int i = 0; i < 16; ++i) bad |= exponent_max[k][i] >= kNonFiniteHalf;
  for (int i = 0; i < 8; ++i) bad |= descending[i] != 0;
  const std::size_t tail = kBlockKeys * blocks;
  return !bad && words_finite(p + kKey * tail, kKeyWords * (n - tail)) &&
         times_ordered(p, tail >= kBlockKeys ? tail - kBlockKeys : 0, n);
#else
  return words_finite(p, kKeyWords * n) && times_ordered(p, 0, n);
#endif
}

}  // namespace aem::detail::AEM_SCAN_ISA
