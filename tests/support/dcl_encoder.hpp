// A small PKWARE DCL implode encoder for building test inputs: raw (uncoded) literals, greedy
// matches of 3..518 bytes within the dictionary, inverted canonical Huffman codes for lengths and
// distances. Not fast, not optimal: only correct.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace aem::test {

/// DCL stream for `data` with dictionary size 2^(6+dict_bits) (dict_bits 4..6); no matches when
/// `use_matches` is false.
std::vector<std::uint8_t> dcl_implode(std::span<const std::uint8_t> data, int dict_bits = 6, bool use_matches = true);

/// "PK01", u32 size, u32 0, then dcl_implode(data).
std::vector<std::byte> pk01_wrap(std::span<const std::byte> data, bool use_matches = true);

}  // namespace aem::test
