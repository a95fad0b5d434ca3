// The vertex and index checks. Vertices go eight at a time: eight vertices are 736 bytes, i.e.
// exactly 23 32-byte groups, so every group's lanes always hold the same vertex words and each check
// is a fixed, branch-free sequence of vector operations per group. The error position is searched elsewhere
// (AemView::validate), only when a scan fails.
#include "formats/aem/section_scan.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "formats/aem/word_vectors.hpp"

namespace aem::detail {
namespace {

constexpr std::size_t kVertexBytes = sizeof(aem_file::Vertex);
constexpr int kVertexWords = kVertexBytes / 4;  // 23
constexpr int kBlockVertices = 8;
constexpr int kBlockGroups = kVertexWords;  // 8 vertices of 23 words = 23 groups of 8 words
constexpr int kQuadVertices = 4;            // the weight and normal tallies go 4 vertices at a time
static_assert(kVertexBytes == 92);
constexpr std::size_t kNormal = offsetof(aem_file::Vertex, normal), kBoneIndices = offsetof(aem_file::Vertex, bone_indices),
                      kWeights = offsetof(aem_file::Vertex, bone_weights), kExtraBone = offsetof(aem_file::Vertex, extra_bone);

// x86-64 builds carry a second, AVX2 copy of the scan loops (the same source in the VEX encoding:
// three-operand forms and unaligned memory operands, a quarter fewer instructions); the dynamic
// loader picks one for the CPU once.
#if defined(__x86_64__) && defined(__ELF__)
#define AEM_SCAN_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define AEM_SCAN_CLONES
#endif

constexpr bool is_bone_index_word(int w) { return (w >= 14 && w <= 17) || w == 22; }

// A float word w is NaN or infinite exactly when its exponent bits are all set, i.e. when the 16-bit
// number (w & 0x7FFF0000) >> 16 is at least 0x7F80. So each group is masked (bone-index lanes to 0)
// and folded into a running 16-bit signed maximum: two operations per eight words (one 256-bit
// operation or two 128-bit ones, whichever the target has), one test per chunk.
constexpr std::uint32_t kExponentHalf = 0x7FFF0000u;
constexpr std::int16_t kNonFiniteHalf = 0x7F80;

struct FloatMasks {
  alignas(32) std::uint32_t lanes[kBlockGroups][8];
};
constexpr FloatMasks make_float_masks() {
  FloatMasks m{};
  for (int j = 0; j < kBlockGroups * 8; ++j) m.lanes[j / 8][j % 8] = is_bone_index_word(j % kVertexWords) ? 0u : kExponentHalf;
  return m;
}
constexpr FloatMasks kFloatMasks = make_float_masks();

struct Tallies {
  i16x16 exponent_max = {};  // of every float word's masked high half
  u32x4 bad_bone = {};       // lanes set where a bone index was out of range
  u32x4 odd_weights[2] = {}, odd_normal[2] = {};  // of each quad of the block, lane = vertex
};

/// Folds the bone indices, weights and normals of the four vertices at p into t's quad q. A bone
/// index i is valid when (i + 1) as unsigned is at most the bone count; adding 0x80000001 instead
/// of 1 turns that into one signed compare (SSE2 has no unsigned one). The weight and normal sums
/// add in the order the scalar formulas do, lane by lane.
[[gnu::always_inline]] inline void scan_quad(const std::uint8_t* p, i32x4 bone_limit, Tallies& t, int q) {
  const u32x4 shift = {0x80000001u, 0x80000001u, 0x80000001u, 0x80000001u};
  u32x4 b[kQuadVertices];
  for (int i = 0; i < kQuadVertices; ++i) b[i] = load(p + kVertexBytes * i + kBoneIndices);
  u32x4 extra;
  for (int i = 0; i < kQuadVertices; ++i) std::memcpy(&extra[i], p + kVertexBytes * i + kExtraBone, 4);
  for (int i = 0; i < kQuadVertices; ++i) t.bad_bone |= (u32x4)((i32x4)(b[i] + shift) > bone_limit);
  t.bad_bone |= (u32x4)((i32x4)(extra + shift) > bone_limit);

  // Transposed: lane i of column c is word c of vertex i.
  const auto columns = [&](std::size_t byte) {
    const f32x4 v0 = load<f32x4>(p + byte), v1 = load<f32x4>(p + kVertexBytes + byte),
                v2 = load<f32x4>(p + 2 * kVertexBytes + byte), v3 = load<f32x4>(p + 3 * kVertexBytes + byte);
    const f32x4 lo01 = __builtin_shufflevector(v0, v1, 0, 4, 1, 5), lo23 = __builtin_shufflevector(v2, v3, 0, 4, 1, 5);
    const f32x4 hi01 = __builtin_shufflevector(v0, v1, 2, 6, 3, 7), hi23 = __builtin_shufflevector(v2, v3, 2, 6, 3, 7);
    struct { f32x4 c[4]; } r = {{__builtin_shufflevector(lo01, lo23, 0, 1, 4, 5), __builtin_shufflevector(lo01, lo23, 2, 3, 6, 7),
                                 __builtin_shufflevector(hi01, hi23, 0, 1, 4, 5), __builtin_shufflevector(hi01, hi23, 2, 3, 6, 7)}};
    return r;
  };
  const auto abs_minus_one = [](f32x4 x) {
    const u32x4 magnitude = {0x7FFFFFFFu, 0x7FFFFFFFu, 0x7FFFFFFFu, 0x7FFFFFFFu};
    return (f32x4)((u32x4)(x - 1.0f) & magnitude);
  };
  const auto w = columns(kWeights);
  const f32x4 weight_sum = ((w.c[0] + w.c[1]) + w.c[2]) + w.c[3];
  // Skinned vertices only: the sign bit of bone_indices[0] (set for -1) clears the lane.
  const u32x4 unskinned = (u32x4)((i32x4)__builtin_shufflevector(__builtin_shufflevector(b[0], b[1], 0, 4, 0, 4),
                                                                   __builtin_shufflevector(b[2], b[3], 0, 4, 0, 4), 0, 1, 4, 5) >> 31);
  t.odd_weights[q] |= (u32x4)(abs_minus_one(weight_sum) > 1e-3f) & ~unskinned;
  const auto n = columns(kNormal);
  const f32x4 normal_len2 = (n.c[0] * n.c[0] + n.c[1] * n.c[1]) + n.c[2] * n.c[2];
  t.odd_normal[q] |= (u32x4)(abs_minus_one(normal_len2) > 2e-3f);
}

/// Folds the eight vertices at p into t.
[[gnu::always_inline]] inline void scan_block(const std::uint8_t* p, i32x4 bone_limit, Tallies& t) {
#pragma GCC unroll 23
  for (int k = 0; k < kBlockGroups; ++k) {
    u32x8 g, mask;  // (memcpy: a function returning a 256-bit vector has another ABI with AVX than without)
    std::memcpy(&g, p + 32 * k, sizeof g);
    std::memcpy(&mask, kFloatMasks.lanes[k], sizeof mask);
    const i16x16 h = (i16x16)(g & mask);
    t.exponent_max = t.exponent_max > h ? t.exponent_max : h;
  }
  scan_quad(p, bone_limit, t, 0);
  scan_quad(p + kQuadVertices * kVertexBytes, bone_limit, t, 1);
}

/// A vertex that passes every check and is no oddity: pads the last, partial block.
aem_file::Vertex neutral_vertex() {
  aem_file::Vertex v{};
  v.normal[0] = 1.0f;
  std::fill(std::begin(v.bone_indices), std::end(v.bone_indices), -1);
  v.extra_bone = -1;
  return v;
}

/// Calls f(block, first vertex, real vertices in it) for vertices [first, end) of the section at
/// `verts`, four at a time; the last partial block is a padded copy.
template <class F>
[[gnu::always_inline]] inline void for_each_block(const std::uint8_t* verts, std::size_t first, std::size_t end, F&& f) {
  std::size_t v = first;
  for (; v + kBlockVertices <= end; v += kBlockVertices) f(verts + kVertexBytes * v, v, kBlockVertices);
  if (v == end) return;
  aem_file::Vertex padded[kBlockVertices];
  std::fill(std::begin(padded), std::end(padded), neutral_vertex());
  std::memcpy(padded, verts + kVertexBytes * v, kVertexBytes * (end - v));
  f(reinterpret_cast<const std::uint8_t*>(padded), v, static_cast<int>(end - v));
}

AEM_SCAN_CLONES Tallies scan_blocks(const std::uint8_t* verts, std::size_t first, std::size_t end, i32x4 bone_limit) {
  Tallies t;
  for_each_block(verts, first, end, [&](const std::uint8_t* block, std::size_t, int) __attribute__((always_inline)) {
    scan_block(block, bone_limit, t);
  });
  return t;
}

/// True when every index is below `count`, four at a time: x < count as unsigned is
/// (x ^ 0x80000000) <= (count - 1) ^ 0x80000000 as signed, one compare (SSE2 has no unsigned one).
AEM_SCAN_CLONES bool indices_below(const std::uint8_t* p, std::size_t n, std::uint32_t count) {
  if (count == 0) return n == 0;
  const std::uint32_t sign = 0x80000000u;
  const std::int32_t last = static_cast<std::int32_t>((count - 1) ^ sign);
  const i32x4 limit = {last, last, last, last};
  const u32x4 flip = {sign, sign, sign, sign};
  u32x4 bad = {};
  std::size_t i = 0;
#pragma GCC unroll 4
  for (; i + 4 <= n; i += 4) bad |= (u32x4)((i32x4)(load(p + 4 * i) ^ flip) > limit);
  std::uint32_t tail = 0;
  for (; i < n; ++i) {
    std::uint32_t x;
    std::memcpy(&x, p + 4 * i, 4);
    tail |= x >= count;
  }
  return (any_lane(bad) | tail) == 0;
}

}  // namespace

std::optional<SectionScan> SectionScan::for_file(std::span<const std::byte> header, std::size_t size) {
  aem_file::Counts c;
  if (header.size() < aem_file::kHeaderSize || std::memcmp(header.data(), "AEM", 3) != 0 ||
      std::to_integer<std::uint8_t>(header[3]) != aem_file::kVersion)
    return std::nullopt;
  std::memcpy(&c, header.data() + 4, sizeof c);
  if (aem_file::file_size(c) != size) return std::nullopt;
  return SectionScan(c.vertices, c.bones, c.indices, aem_file::kHeaderSize);
}

void SectionScan::advance(std::span<const std::byte> file_start) {
  if (file_start.size() < offset_) return;
  const auto* verts = reinterpret_cast<const std::uint8_t*>(file_start.data() + offset_);
  const std::uint64_t after_offset = file_start.size() - offset_;
  const std::uint64_t available = std::min<std::uint64_t>(vertices_, after_offset / kVertexBytes);
  // next_vertex_ stays a multiple of 8 until the end, so blocks never straddle two calls.
  const std::uint64_t end = available == vertices_ ? available : available - available % kBlockVertices;
  if (end > next_vertex_) scan_vertices(verts, static_cast<std::uint32_t>(end));
  if (next_vertex_ < vertices_) return;
  const std::uint64_t section = kVertexBytes * std::uint64_t(vertices_);
  if (after_offset <= section) return;
  const std::uint64_t index_end = std::min<std::uint64_t>(indices_, (after_offset - section) / 4);
  if (index_end <= next_index_) return;
  ok_ &= indices_below(verts + section + 4 * std::uint64_t(next_index_), index_end - next_index_, vertices_);
  next_index_ = static_cast<std::uint32_t>(index_end);
}

void SectionScan::scan_vertices(const std::uint8_t* verts, std::uint32_t end) {
  const std::int32_t limit = static_cast<std::int32_t>(bones_ ^ 0x80000000u);
  const i32x4 bone_limit = {limit, limit, limit, limit};
  const Tallies t = scan_blocks(verts, next_vertex_, end, bone_limit);
  const i16x16 e = t.exponent_max;
  bool finite = true;
  for (int i = 0; i < 16; ++i) finite &= e[i] < kNonFiniteHalf;
  ok_ &= finite && any_lane(t.bad_bone) == 0;
  if (any_lane(t.odd_weights[0] | t.odd_weights[1] | t.odd_normal[0] | t.odd_normal[1])) [[unlikely]] {
    // Rare: find which vertices were odd, block by block, with the same arithmetic.
    for_each_block(verts, next_vertex_, end, [&](const std::uint8_t* block, std::size_t v, int real) {
      Tallies b;
      scan_block(block, bone_limit, b);
      for (int i = 0; i < real; ++i) {
        if (b.odd_weights[i / 4][i % 4]) weight_sum.hit(offset_ + kVertexBytes * (v + i) + kWeights, "vertices", v + i);
        if (b.odd_normal[i / 4][i % 4]) normal_len.hit(offset_ + kVertexBytes * (v + i) + kNormal, "vertices", v + i);
      }
    });
  }
  next_vertex_ = end;
}

}  // namespace aem::detail
