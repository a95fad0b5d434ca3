// The checks of the vertex and index sections (most of a file's bytes), run piece by piece:
// AemModel::load scans each chunk right after reading it (while it is still in cache) and
// validation then skips these sections.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "aem/aem_file.hpp"
#include "aem/aem_view.hpp"
#include "formats/aem/oddity_counter.hpp"
#include "formats/aem/scan_kernels.hpp"

namespace aem::detail {

class SectionScan {
 public:
  /// For `vertices` vertices at byte `offset` of the file, whose bone indices must be -1 or below
  /// `bones`, followed by `indices` indices that must be below `vertices`; checked with `kernels`,
  /// tallying the oddities (weight_sum, normal_len) unless `warnings` is Skip.
  SectionScan(std::uint32_t vertices, std::uint32_t bones, std::uint32_t indices, std::uint64_t offset,
              const ScanKernels& kernels = ScanKernels::best(), VertexWarnings warnings = VertexWarnings::Report)
      : vertices_(vertices),
        bones_(bones),
        indices_(indices),
        offset_(offset),
        kernels_(&kernels),
        tally_(warnings == VertexWarnings::Report) {}
  /// The scan for the file that starts with `header` and has `size` bytes; none when `header` is
  /// shorter than the 40 header bytes or does not describe a current-layout file of that size.
  static std::optional<SectionScan> for_file(std::span<const std::byte> header, std::size_t size,
                                             VertexWarnings warnings);

  /// Scans what `file_start` (the file's first bytes) newly completes: vertices in whole groups of
  /// four (the last few once every vertex is there), then indices.
  void advance(std::span<const std::byte> file_start);
  /// Both sections of a file with these counts were scanned whole and hold no error (a NaN or
  /// infinite float, a bone index other than -1 or a bone, a vertex index past the vertices).
  bool passed(std::uint32_t vertices, std::uint32_t bones, std::uint32_t indices) const {
    return ok_ && next_vertex_ == vertices_ && next_index_ == indices_ && vertices == vertices_ && bones == bones_ &&
           indices == indices_;
  }

  OddityCounter weight_sum, normal_len;  // tolerated oddities, reported as warnings

 private:
  void scan_vertices(const std::uint8_t* verts, std::uint32_t end);
  std::uint32_t vertices_, bones_, indices_;
  std::uint64_t offset_;
  const ScanKernels* kernels_;
  std::uint32_t next_vertex_ = 0, next_index_ = 0;  // first not yet scanned
  bool tally_;                                      // look for oddities too
  bool ok_ = true;
};

}  // namespace aem::detail
