// The three zlib calls of the PNG encoder (core/image.cpp) for the browser build, where Debian's
// compiled zlib cannot link and Emscripten's zlib port downloads at build time: deflate from
// stb_image_write (header-only). Only the page's writers would encode PNGs; the page itself never does.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

using Bytef = unsigned char;
using uInt = unsigned int;
using uLong = unsigned long;
using uLongf = uLong;

constexpr int Z_OK = 0;
constexpr int Z_BUF_ERROR = -5;

/// CRC-32 (the PNG chunk checksum), continuing from `crc`.
inline uLong crc32(uLong crc, const Bytef* data, uInt length) {
  std::uint32_t c = ~static_cast<std::uint32_t>(crc);
  for (uInt i = 0; i < length; ++i) {
    c ^= data[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return ~c;
}

/// stb's deflate codes incompressible bytes with fixed Huffman codes: at most 9 bits a byte.
inline uLong compressBound(uLong length) { return length + length / 8 + 64; }

/// A zlib stream of `source` into `dest` (capacity *dest_length, set to the bytes written).
inline int compress2(Bytef* dest, uLongf* dest_length, const Bytef* source, uLong source_length, int level) {
  int written = 0;
  unsigned char* packed =
      stbi_zlib_compress(const_cast<Bytef*>(source), static_cast<int>(source_length), &written, level);
  if (!packed) return Z_BUF_ERROR;
  const bool fits = static_cast<uLong>(written) <= *dest_length;
  if (fits) std::memcpy(dest, packed, static_cast<std::size_t>(written)), *dest_length = static_cast<uLong>(written);
  STBIW_FREE(packed);
  return fits ? Z_OK : Z_BUF_ERROR;
}
