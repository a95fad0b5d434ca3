// The block tree (docs/formats/e3d.md §2, §3): headers are checked against their container, LZMA blocks
// are decoded and their content visited as if it stood in place, and nesting depth is bounded.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aem/error.hpp"
#include "core/byte_reader.hpp"

namespace aem::formats::e3d {

/// Where something is: a file offset, or an offset in data decompressed from the LZMA block at
/// file offset `lzma` (the outermost one when they nest).
struct Where {
  std::uint64_t offset = 0;
  std::optional<std::uint64_t> lzma;
  bool nested = false;  ///< the data came from an LZMA block inside that one
};

/// State shared by one read: the decompression budget, the nesting depth, and warnings.
struct ReadContext {
  std::uint64_t decode_budget = 0;  ///< bytes LZMA blocks may still produce (all levels together)
  bool keep_morph_targets = false;  ///< morphs become targets and weight tracks, not frames (as read or keyed)
  std::uint64_t lzma_blocks = 0, lzma_bytes = 0;  ///< LZMA blocks decoded and the bytes they gave
  int depth = 0;
  std::vector<std::uint64_t> lzma_offsets;  ///< offsets of the LZMA blocks being walked, outermost first
  std::vector<Warning> warnings;            ///< at most kMaxWarnings; later ones are only counted
  std::uint64_t suppressed = 0;

  /// Where `offset` (in the data being walked now) is.
  Where where(std::uint64_t offset) const;
  /// Adds an E3D warning; inside decompressed data it is reported at the outermost LZMA block's file
  /// offset, with the offset within the decompressed data in the message.
  void warn(std::string code, const Where& at, std::string message);
  void warn(std::string code, std::uint64_t offset, std::string message) {
    warn(std::move(code), where(offset), std::move(message));
  }

  /// Counts `bytes` of scene data against decode_budget: the read's limit bounds what a file makes
  /// the reader build, not only what it decompresses (tiny blocks repeated in an LZMA stream would
  /// otherwise make huge scenes). Throws ParseError E3D_TOO_LARGE when the budget is exceeded; the
  /// first form is for use while walking blocks (`offset` in the data being walked), the second after.
  void charge(std::uint64_t bytes, std::uint64_t offset, std::string_view what);
  void charge(std::uint64_t bytes, const Where& at, std::string_view what);
};

/// One block: its type, where its header starts, and a reader over its payload.
struct BlockRef {
  std::uint16_t type = 0;
  std::uint64_t offset = 0;
  detail::ByteReader payload;
};

/// Visits every block in the rest of `container` (a container's payload after its fixed prefix).
/// LZMA blocks are decoded (against ctx.decode_budget) and their blocks visited in their place;
/// errors inside decoded data name the LZMA block's offset and the offset within its data.
/// Fewer than 6 bytes left at the end are ignored. Throws ParseError on a header that is too small
/// or overruns the container, a bad LZMA block, or nesting deeper than kMaxDepth.
void walk_blocks(ReadContext& ctx, detail::ByteReader& container, const std::function<void(BlockRef&)>& visit);

/// Warnings kept per read: a hostile file could otherwise make one per 6-byte block.
inline constexpr std::size_t kMaxWarnings = 1000;

/// Containers (LZMA blocks included) nest at most this deep.
inline constexpr int kMaxDepth = 256;

}  // namespace aem::formats::e3d
