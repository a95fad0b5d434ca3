// Decoder for PKWARE Data Compression Library "implode" streams (the data inside PK01 wrappers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace aem::formats {

/// Result of decoding one DCL stream.
struct DclResult {
  bool ok = false;
  std::vector<std::uint8_t> output;
  std::size_t consumed = 0;      ///< input bytes read (the end code may end mid-byte)
  std::string error;             ///< what was wrong, when !ok
  std::size_t error_offset = 0;  ///< input byte where the problem was found
};

/// Decodes a DCL implode stream: a literal-mode byte (0 raw, 1 Huffman-coded), a dictionary-size
/// byte (4..6), then LSB-first bits of literals and (length, distance) copies ending with the end
/// code. Never writes more than `max_output` bytes: a stream that would is rejected (bomb guard).
/// Distances that reach before the start of the output are errors.
DclResult dcl_explode(std::span<const std::uint8_t> input, std::size_t max_output);

}  // namespace aem::formats
