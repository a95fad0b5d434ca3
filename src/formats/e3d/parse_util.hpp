// Small payload readers shared by the E3D section parsers.
#pragma once

#include <cstdint>
#include <string>

#include "aem/math.hpp"
#include "formats/e3d/block_walker.hpp"
#include "formats/e3d/e3d_blocks.hpp"

namespace aem::formats::e3d {

/// Fails with E3D_BLOCK_LENGTH unless the block's payload is exactly `n` bytes.
inline void expect_length(const BlockRef& b, std::uint64_t n) {
  if (b.payload.size() != n)
    detail::fail_at("E3D", "E3D_BLOCK_LENGTH", b.offset,
                    "block " + block_label(b.type) + " holds " + std::to_string(b.payload.size()) +
                        " bytes; it must hold " + std::to_string(n));
}

/// Fails with E3D_BLOCK_LENGTH unless the payload is a whole number of `n`-byte records.
inline std::uint64_t record_count(const BlockRef& b, std::uint64_t n) {
  if (b.payload.size() % n != 0)
    detail::fail_at("E3D", "E3D_BLOCK_LENGTH", b.offset,
                    "block " + block_label(b.type) + " holds " + std::to_string(b.payload.size()) +
                        " bytes, not a whole number of " + std::to_string(n) + "-byte entries");
  return b.payload.size() / n;
}

/// A block holding one i32 (IDs).
inline std::int32_t read_i32_block(BlockRef& b) {
  expect_length(b, 4);
  return b.payload.i32(block_label(b.type).c_str());
}

/// E3D String: u16 length and that many bytes, no NUL (docs/formats/e3d.md §1).
inline std::string read_string(detail::ByteReader& r, std::string_view what) {
  const std::uint16_t n = r.u16(what);
  auto bytes = r.bytes(n, what);
  return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

/// A block holding only a String.
inline std::string read_string_block(BlockRef& b) {
  std::string s = read_string(b.payload, block_label(b.type));
  if (!b.payload.at_end())
    detail::fail_at(
        "E3D", "E3D_BLOCK_LENGTH", b.offset,
        "block " + block_label(b.type) + " has " + std::to_string(b.payload.remaining()) + " bytes after its string");
  return s;
}

/// A stored Matrix (16 f32 for row vectors) as a column-vector Mat4: the same 16 numbers, since
/// transposing swaps row-major for column-major (docs/formats/e3d.md §1, §8).
inline Mat4 read_matrix(detail::ByteReader& r, std::string_view what) {
  Mat4 m;
  for (float& v : m.m) v = r.f32(what);
  return m;
}

inline Vec3 read_vec3(detail::ByteReader& r, std::string_view what) {
  Vec3 v;
  v.x = r.f32(what);
  v.y = r.f32(what);
  v.z = r.f32(what);
  return v;
}

}  // namespace aem::formats::e3d
