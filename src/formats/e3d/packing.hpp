// The 10_10_10_2 packing of normals and tangents as Ecere implements it (docs/formats/e3d.md §5): x, y, z
// in bits 0-9, 10-19, 20-29 as 10-bit two's complement, +1 -> 511 and -1 -> -512; a 2-bit w above.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "aem/math.hpp"

namespace aem::formats::e3d {

/// The value of each 10-bit code, computed once: reading a normal is then three table look-ups.
inline const std::array<float, 1024>& unpack10_table() {
  static const std::array<float, 1024> table = [] {
    std::array<float, 1024> t{};
    for (std::uint32_t bits = 0; bits < 1024; ++bits) {
      const std::int32_t c = static_cast<std::int32_t>(bits << 22) >> 22;  // sign-extend 10 bits
      t[bits] = c >= 0 ? c / 511.0f : c / 512.0f;
    }
    return t;
  }();
  return table;
}

inline float unpack10(std::uint32_t bits) { return unpack10_table()[bits & 0x3FF]; }

inline std::uint32_t pack10(float v) {
  v = std::clamp(std::isfinite(v) ? v : 0.0f, -1.0f, 1.0f);
  const auto c = static_cast<std::int32_t>(v > 0 ? std::trunc(v * 511.0f + 0.5f) : std::trunc(v * 512.0f - 0.5f));
  return static_cast<std::uint32_t>(c) & 0x3FF;
}

/// x, y, z of a packed word (not renormalised).
inline Vec3 unpack_vector(std::uint32_t word) { return {unpack10(word), unpack10(word >> 10), unpack10(word >> 20)}; }

/// The 2-bit w of tangentsSign by Ecere's rule: 0 -> 0, 1 -> +1, 2 -> -1, 3 -> -0.5.
inline float unpack_sign(std::uint32_t word) {
  const std::uint32_t p = word >> 30;
  return (p & 2) ? -static_cast<float>(4 - p) / 2 : static_cast<float>(p);
}

inline std::uint32_t pack_vector(const Vec3& v, float w = 0.0f) {
  const std::uint32_t sign = w > 0 ? 1u : (w < 0 ? 2u : 0u);
  return pack10(v.x) | pack10(v.y) << 10 | pack10(v.z) << 20 | sign << 30;
}

}  // namespace aem::formats::e3d
