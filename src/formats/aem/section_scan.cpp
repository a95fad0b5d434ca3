// SectionScan: the scan kernels (scan_kernels.hpp) over the vertices and indices each read completes;
// the last, partial block of vertices is scanned as a padded copy. The error position is searched
// elsewhere (AemView::validate), only when a scan fails.
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
  return SectionScan(c.vertices, c.bones, c.indices, aem_file::kHeaderSize, ScanKernels::best(), warnings);
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
  ok_ &= kernels_->indices_below(verts + section + 4 * std::uint64_t(next_index_), index_end - next_index_, vertices_);
  next_index_ = static_cast<std::uint32_t>(index_end);
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
