// The PK01 wrapper around CEM files taken from the game's .ssa archives (docs/formats/cem.md §4).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace aem::formats {

inline constexpr std::size_t kPk01HeaderSize = 12;  ///< "PK01", u32 uncompressed size, u32 0

/// True when the bytes start with "PK01".
bool is_pk01(std::span<const std::byte> bytes);

/// Decompresses a PK01 file. The declared size is checked against `max_output` before any work, the
/// output may not exceed it, and must match it exactly. Throws ParseError (format "CEM") otherwise.
std::vector<std::byte> pk01_unwrap(std::span<const std::byte> bytes, std::size_t max_output);

}  // namespace aem::formats
