// SectionScan: the scan kernels (scan_kernels.hpp) over the vertices and indices each read completes;
// the last, partial block of vertices is scanned as a padded copy; then the keyframes each read
// completes. The error position is searched elsewhere (AemView::validate), only when a scan fails.
#include "formats/aem/section_scan.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace aem::detail {
namespace {

constexpr std::size_t kVertexBytes = sizeof(aem_file::Vertex);
constexpr int kBlockVertices = kScanBlockVertices;
constexpr std::size_t kNormal = offsetof(aem_file::Vertex, normal), kWeights = offsetof(aem_file::Vertex, bone_weights);

/// A vertex that passes every check and is no oddity: pads the last, partial block.
aem_file::Vertex neutral_vertex() {
  aem_file::Vertex v{};
  v.normal[0] = 1.0f;
  std::fill(std::begin(v.bone_indices), std::end(v.bone_indices), -1);
  v.extra_bone = -1;
  return v;
}

/// Calls f(first block, its first vertex, block count, real vertices in each block) for vertices
/// [first, end) of the section at `verts`: once for the run of whole blocks of eight, once more for
/// a padded copy of the last, partial block.
template <class F>
void for_each_block(const std::uint8_t* verts, std::size_t first, std::size_t end, F&& f) {
  const std::size_t whole = (end - first) / kBlockVertices, v = first + whole * kBlockVertices;
  if (whole) f(verts + kVertexBytes * first, first, whole, kBlockVertices);
  if (v == end) return;
  aem_file::Vertex padded[kBlockVertices];
  std::fill(std::begin(padded), std::end(padded), neutral_vertex());
  std::memcpy(padded, verts + kVertexBytes * v, kVertexBytes * (end - v));
  f(reinterpret_cast<const std::uint8_t*>(padded), v, 1, static_cast<int>(end - v));
}

}  // namespace

std::optional<SectionScan> SectionScan::for_file(std::span<const std::byte> header, std::size_t size,
                                                 VertexWarnings warnings) {
  aem_file::Counts c;
  if (header.size() < aem_file::kHeaderSize || std::memcmp(header.data(), "AEM", 3) != 0 ||
      std::to_integer<std::uint8_t>(header[3]) != aem_file::kVersion)
    return std::nullopt;
  std::memcpy(&c, header.data() + 4, sizeof c);
  if (aem_file::file_size(c) != size) return std::nullopt;
  SectionScan scan(c.vertices, c.bones, c.indices, aem_file::kHeaderSize, ScanKernels::best(), warnings);
  // The keyframes are the last section, the sequences the one before.
  scan.with_keyframes(c.sequences, c.keyframes, size - aem_file::records_size<aem_file::Keyframe>(c.keyframes));
  return scan;
}

void SectionScan::with_keyframes(std::uint32_t sequences, std::uint32_t keyframes, std::uint64_t keys_offset) {
  sequences_ = sequences;
  keyframes_ = keyframes;
  keys_offset_ = keys_offset;
  keys_ok_ = true;
}

void SectionScan::advance(std::span<const std::byte> file_start) {
  advance_vertices(file_start);
  advance_keyframes(file_start);
}

void SectionScan::advance_vertices(std::span<const std::byte> file_start) {
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
  ok_ &= kernels_->indices_below(verts + section + 4 * std::uint64_t(next_index_), index_end - next_index_, vertices_);
  next_index_ = static_cast<std::uint32_t>(index_end);
}

bool SectionScan::order_ranges(const std::byte* sequences) {
  for (std::uint32_t s = 0; s < sequences_; ++s) {
    aem_file::Sequence sq;
    std::memcpy(&sq, sequences + sizeof sq * s, sizeof sq);
    for (const auto& [first, count] :
         {std::pair{sq.first_position, sq.position_count}, std::pair{sq.first_rotation, sq.rotation_count},
          std::pair{sq.first_scale, sq.scale_count}}) {
      if (std::uint64_t{first} + count > keyframes_) return false;
      if (count > 1) ordered_.emplace_back(first + 1, first + count);
    }
  }
  std::sort(ordered_.begin(), ordered_.end());
  std::size_t merged = 0;
  for (const auto& r : ordered_) {
    if (merged > 0 && r.first <= ordered_[merged - 1].second)
      ordered_[merged - 1].second = std::max(ordered_[merged - 1].second, r.second);
    else
      ordered_[merged++] = r;
  }
  ordered_.resize(merged);
  return true;
}

void SectionScan::advance_keyframes(std::span<const std::byte> file_start) {
  if (!keys_ok_ || file_start.size() < keys_offset_) return;
  if (!have_ranges_) {
    have_ranges_ = true;
    const std::uint64_t sequences = keys_offset_ - aem_file::records_size<aem_file::Sequence>(sequences_);
    keys_ok_ = order_ranges(file_start.data() + sequences);
    if (!keys_ok_) return;
  }
  const auto* keys = reinterpret_cast<const std::uint8_t*>(file_start.data() + keys_offset_);
  const std::uint64_t end =
      std::min<std::uint64_t>(keyframes_, (file_start.size() - keys_offset_) / sizeof(aem_file::Keyframe));
  if (end <= next_key_) return;
  constexpr std::size_t kKey = sizeof(aem_file::Keyframe), kWords = kKey / 4;
  // A range [first, last) of k holds the pairs (k - 1, k) whose times must not decrease: keys
  // [first - 1, last) are checked as one run, from the key before the first this read completes.
  // Keys outside every run (where a channel starts) are checked for finite floats alone.
  bool ok = true;
  std::uint64_t unchecked = next_key_;
  for (; ok && next_range_ < ordered_.size(); ++next_range_) {
    const auto [first, last] = ordered_[next_range_];
    if (first >= end) break;
    const std::uint64_t from = std::max<std::uint64_t>(first, next_key_) - 1, stop = std::min<std::uint64_t>(last, end);
    if (from > unchecked) ok &= kernels_->words_finite(keys + kKey * unchecked, kWords * (from - unchecked));
    ok &= kernels_->keys_valid(keys + kKey * from, stop - from);
    unchecked = std::max(unchecked, stop);
    if (last > end) break;  // the rest of this range comes with a later read
  }
  if (ok && end > unchecked) ok &= kernels_->words_finite(keys + kKey * unchecked, kWords * (end - unchecked));
  keys_ok_ = ok;
  next_key_ = static_cast<std::uint32_t>(end);
}

void SectionScan::scan_vertices(const std::uint8_t* verts, std::uint32_t end) {
  if (!tally_) {
    for_each_block(verts, next_vertex_, end, [&](const std::uint8_t* block, std::size_t, std::size_t blocks, int) {
      ok_ &= kernels_->check_blocks(block, blocks, bones_);
    });
    next_vertex_ = end;
    return;
  }
  BlockScan all{true, 0, 0};
  for_each_block(verts, next_vertex_, end, [&](const std::uint8_t* block, std::size_t, std::size_t blocks, int) {
    const BlockScan r = kernels_->scan_blocks(block, blocks, bones_);
    all.valid &= r.valid;
    all.odd_weights |= r.odd_weights;
    all.odd_normal |= r.odd_normal;
  });
  ok_ &= all.valid;
  if (all.odd_weights | all.odd_normal) [[unlikely]] {
    // Rare: find which vertices were odd, block by block, with the same arithmetic.
    for_each_block(verts, next_vertex_, end,
                   [&](const std::uint8_t* first_block, std::size_t first, std::size_t blocks, int real) {
                     for (std::size_t b = 0; b < blocks; ++b) {
                       const BlockScan r =
                           kernels_->scan_blocks(first_block + kBlockVertices * kVertexBytes * b, 1, bones_);
                       const std::size_t v = first + kBlockVertices * b;
                       for (int i = 0; i < real; ++i) {
                         if ((r.odd_weights >> i) & 1)
                           weight_sum.hit(offset_ + kVertexBytes * (v + i) + kWeights, "vertices", v + i);
                         if ((r.odd_normal >> i) & 1)
                           normal_len.hit(offset_ + kVertexBytes * (v + i) + kNormal, "vertices", v + i);
                       }
                     }
                   });
  }
  next_vertex_ = end;
}

}  // namespace aem::detail
