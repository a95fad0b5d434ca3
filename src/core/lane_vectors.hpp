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

/// sizeof(V) bytes from any address (no alignment needed). Always inlined, also into the kernels built
/// for another instruction set (a target attribute), where a plain inline function may stay a call.
template <class V = u32x4>
[[gnu::always_inline]] inline V load(const void* p) {
  V v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}

/// Rows a, b, c, d become columns: afterwards a holds the old lanes 0, b lanes 1, c lanes 2, d lanes 3.
inline void transpose(f32x4& a, f32x4& b, f32x4& c, f32x4& d) {
  const f32x4 ab_low = __builtin_shufflevector(a, b, 0, 4, 1, 5), cd_low = __builtin_shufflevector(c, d, 0, 4, 1, 5),
              ab_high = __builtin_shufflevector(a, b, 2, 6, 3, 7), cd_high = __builtin_shufflevector(c, d, 2, 6, 3, 7);
  a = __builtin_shufflevector(ab_low, cd_low, 0, 1, 4, 5);
  b = __builtin_shufflevector(ab_low, cd_low, 2, 3, 6, 7);
  c = __builtin_shufflevector(ab_high, cd_high, 0, 1, 4, 5);
  d = __builtin_shufflevector(ab_high, cd_high, 2, 3, 6, 7);
}

inline std::uint32_t any_lane(u32x4 v) { return v[0] | v[1] | v[2] | v[3]; }

/// `v` in every lane (bit for bit: adding it to a zero vector would make -0 +0).
[[gnu::always_inline]] inline f32x4 splat(float v) { return f32x4{v, v, v, v}; }

/// The square root of each lane, correctly rounded as std::sqrt's.
[[gnu::always_inline]] inline f32x4 sqrt_lanes(f32x4 v) {
#if defined(__SSE__) && (defined(__x86_64__) || defined(__i386__))
  return __builtin_ia32_sqrtps(v);
#else
  for (int lane = 0; lane < 4; ++lane) v[lane] = __builtin_sqrtf(v[lane]);
  return v;
#endif
}

/// Lanes of `a` where `mask` is all ones, of `b` where it is zero (the bits, so -0 and NaN stay).
[[gnu::always_inline]] inline f32x4 select(u32x4 mask, f32x4 a, f32x4 b) {
  return (f32x4)(((u32x4)a & mask) | ((u32x4)b & ~mask));
}

}  // namespace aem::detail
