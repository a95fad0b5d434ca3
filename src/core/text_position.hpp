// Where a byte of a text file is, as a person looking at it counts: for diagnostics of text formats
// whose parser knows the byte but not the line.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace aem::detail {

struct TextPosition {
  std::uint32_t line;    ///< 1-based; a line ends after its '\n'
  std::uint32_t column;  ///< 1-based byte within the line (a CR of CR LF counts as a byte of its line)
};

/// The line and column of byte `offset` of `text` (an offset past the end is taken as the end).
inline TextPosition text_position(std::string_view text, std::size_t offset) {
  const std::string_view before = text.substr(0, std::min(offset, text.size()));
  const std::size_t line_start = before.rfind('\n') + 1;  // npos + 1 == 0: the first line
  return {static_cast<std::uint32_t>(std::count(before.begin(), before.end(), '\n') + 1),
          static_cast<std::uint32_t>(before.size() - line_start + 1)};
}

}  // namespace aem::detail
