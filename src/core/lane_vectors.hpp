// Vectors of 32-bit words (GCC/Clang vector extensions, so every target builds them: SSE2 or AVX2 on
// x86-64, NEON, or wasm SIMD; 8-lane ones become two 4-lane operations where the target has no wider
// registers) for the validation passes that screen many words at once and the animation and bounds
// loops that blend four channels or vertices at once.
#pragma once

#include <cstdint>
#include <cstring>

namespace aem::detail {

using u32x4 = std::uint32_t __attribute__((vector_size(16)));
using i32x4 = std::int32_t __attribute__((vector_size(16)));
using i16x8 = std::int16_t __attribute__((vector_size(16)));
using f32x4 = float __attribute__((vector_size(16)));
using u32x8 = std::uint32_t __attribute__((vector_size(32)));
using i32x8 = std::int32_t __attribute__((vector_size(32)));
using f32x8 = float __attribute__((vector_size(32)));
using i16x16 = std::int16_t __attribute__((vector_size(32)));

/// sizeof(V) bytes from any address (no alignment needed).
template <class V = u32x4>
inline V load(const std::uint8_t* p) {
  V v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}

inline std::uint32_t any_lane(u32x4 v) { return v[0] | v[1] | v[2] | v[3]; }

}  // namespace aem::detail
