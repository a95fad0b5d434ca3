// The vertex checks of AEM validation, run piece by piece: AemModel::load scans each chunk of
// vertices right after reading it (while it is still in cache) and validation then skips them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "aem/aem_file.hpp"
#include "formats/aem/oddity_counter.hpp"

namespace aem::detail {

class VertexScan {
 public:
  /// For `count` vertices at byte `offset` of the file whose bone indices must be below `bone_count`.
  VertexScan(std::uint32_t count, std::uint32_t bone_count, std::uint64_t offset)
      : count_(count), bone_count_(bone_count), offset_(offset) {}
  /// The scan for the file that starts with `header` (at least the 40 header bytes) and has `size`
  /// bytes; none when the header does not describe a current-layout file of that size.
  static std::optional<VertexScan> for_file(std::span<const std::byte> header, std::size_t size);

  /// Scans the vertices that `file_start` (the file's first bytes) newly completes: whole groups of
  /// four, and the last few once every vertex is there.
  void advance(std::span<const std::byte> file_start);
  /// Every vertex of a file with these counts was scanned and none holds an error (a NaN or
  /// infinite float, a bone index other than -1 or a bone).
  bool passed(std::uint32_t count, std::uint32_t bone_count) const {
    return ok_ && next_ == count_ && count == count_ && bone_count == bone_count_;
  }

  OddityCounter weight_sum, normal_len;  // tolerated oddities, reported as warnings

 private:
  std::uint32_t count_, bone_count_;
  std::uint64_t offset_;
  std::uint32_t next_ = 0;  // first vertex not yet scanned
  bool ok_ = true;
};

}  // namespace aem::detail
