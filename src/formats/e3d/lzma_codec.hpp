// Raw LZMA1 streams as E3D's LZMA block holds them (docs/formats/e3d.md §3): 5 property bytes kept apart
// from a stream with no size field. Decoding uses the LZMA SDK decoder, which accepts the
// lc = 4, lp = 4, pb = 4 that Ecere writes and liblzma refuses.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace aem::formats::e3d {

inline constexpr std::size_t kLzmaPropsSize = 5;

struct LzmaDecoded {
  std::vector<std::byte> data;  ///< exactly `size` bytes when ok
  bool ok = false;
  std::string error;  ///< what went wrong, for a person
};

/// Decodes `stream` until `size` bytes are out ("finish any": no end marker needed, bytes after the
/// last one needed are ignored). Memory grows with the output actually produced, never straight to
/// `size`, so a stream that lies about its size costs only what it really decodes. Fails on bad
/// properties, corrupt data, or a stream that ends before `size` bytes.
LzmaDecoded lzma_decode(std::span<const std::byte, kLzmaPropsSize> props, std::span<const std::byte> stream,
                        std::uint64_t size);

struct LzmaEncoded {
  std::array<std::byte, kLzmaPropsSize> props{};
  std::vector<std::byte> stream;
};

/// Encodes with Ecere's parameters (lc = 4, lp = 4, pb = 4, level 9, fb 64, no end marker); the
/// dictionary is 64 MiB or the smallest size that covers `data`. Returns false when the encoder fails
/// or the stream would not be smaller than `data` (the caller stores the bytes raw then).
bool lzma_encode(std::span<const std::byte> data, LzmaEncoded& out);

}  // namespace aem::formats::e3d
