// The checks of the vertex, index and keyframe sections (most of a file's bytes), run piece by piece:
// AemModel::load scans each chunk right after reading it (while it is still in cache) and
// validation then skips these sections.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

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
  /// Also scans the `keyframes` keyframes at byte `keys_offset`, after the `sequences` sequences
  /// whose channels they hold (as for_file does).
  void with_keyframes(std::uint32_t sequences, std::uint32_t keyframes, std::uint64_t keys_offset);

  /// Scans what `file_start` (the file's first bytes) newly completes: vertices in whole groups of
  /// four (the last few once every vertex is there), then indices.
  void advance(std::span<const std::byte> file_start);
  /// Both sections of a file with these counts were scanned whole and hold no error (a NaN or
  /// infinite float, a bone index other than -1 or a bone, a vertex index past the vertices).
  bool passed(std::uint32_t vertices, std::uint32_t bones, std::uint32_t indices) const {
    return ok_ && next_vertex_ == vertices_ && next_index_ == indices_ && vertices == vertices_ && bones == bones_ &&
           indices == indices_;
  }

  /// The keyframes of a file with these counts were scanned whole and hold no error (a NaN or
  /// infinite float, a key time below the one before it in a sequence's channel, a channel whose keys
  /// run past the keyframes).
  bool keyframes_passed(std::uint32_t sequences, std::uint32_t keyframes) const {
    return keys_ok_ && have_ranges_ && next_key_ == keyframes_ && keyframes_ == keyframes && sequences_ == sequences;
  }

  OddityCounter weight_sum, normal_len;  // tolerated oddities, reported as warnings

 private:
  void advance_vertices(std::span<const std::byte> file_start);
  void advance_keyframes(std::span<const std::byte> file_start);
  void scan_vertices(const std::uint8_t* verts, std::uint32_t end);
  /// The key pairs (k - 1, k) a channel holds, as merged ranges of k; false when a channel's keys run
  /// past the keyframes.
  bool order_ranges(const std::byte* sequences);
  std::uint32_t vertices_, bones_, indices_;
  std::uint64_t offset_;
  const ScanKernels* kernels_;
  std::uint32_t next_vertex_ = 0, next_index_ = 0;  // first not yet scanned
  bool tally_;                                      // look for oddities too
  bool ok_ = true;
  std::uint32_t sequences_ = 0, keyframes_ = 0, next_key_ = 0;
  std::uint64_t keys_offset_ = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ordered_;  // [first, end) ranges of k
  std::size_t next_range_ = 0;
  bool have_ranges_ = false, keys_ok_ = false;
};

}  // namespace aem::detail
