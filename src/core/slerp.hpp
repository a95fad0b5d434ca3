// The slerp of aem/math.hpp as an inline function, so that per-bone loops avoid a call per channel.
#pragma once

#include <cmath>

#include "aem/math.hpp"

namespace aem {

/// Slerp weights sin((1−f)θ)/sin θ and sin(fθ)/sin θ for cos θ = 1 + x_minus_1, from the power series
/// of sin(tθ)/sin θ in (cos θ − 1) (D. Eberly, "A Fast and Accurate Algorithm for Computing SLERP"):
/// t·Σ cᵢ(cos θ − 1)ⁱ with c₀ = 1, cᵢ = cᵢ₋₁·(t² − i²)/(i(2i+1)). Below float precision (error
/// < 6e-8) with 4 terms when cos θ >= 0.95 and 8 terms when cos θ >= 0.7, with no transcendental
/// call. Both series run in one loop so they share the powers and their dependency chains overlap.
/// T is float, or a 4-lane float vector (GCC/Clang vector extension) for four blends at once with the
/// same operations per lane.
template <int Terms, class T>
inline void slerp_weights(T f, T x_minus_1, T& wa, T& wb) {
  constexpr float kInv[8] = {0.0f, 1.0f / 3, 1.0f / 10, 1.0f / 21, 1.0f / 36, 1.0f / 55, 1.0f / 78, 1.0f / 105};
  const T one = T{} + 1.0f;
  const T ta = one - f, ta2 = ta * ta, tb2 = f * f;
  T ca = one, cb = one, p = one, sa = one, sb = one;
  for (int i = 1; i < Terms; ++i) {
    const float sq = static_cast<float>(i * i);
    p *= x_minus_1;
    ca *= (ta2 - sq) * kInv[i];
    cb *= (tb2 - sq) * kInv[i];
    sa += ca * p;
    sb += cb * p;
  }
  wa = ta * sa;
  wb = f * sb;
}

/// Slerp weights for keys more than ~91° apart (cos θ = d < 0.7), where the series converge slowly:
/// sin((1-f)θ) = sinθ·cos(fθ) - cosθ·sin(fθ), one acos and one sin/cos pair instead of four calls.
inline void slerp_weights_far(float f, float d, float& wa, float& wb) {
  const float theta = std::acos(d);
  const float inv_sin = 1.0f / std::sqrt(1.0f - d * d);
  const float s = std::sin(f * theta), c = std::cos(f * theta);
  wb = s * inv_sin;
  wa = c - d * wb;
}

/// aem::slerp, inline for the animation hot loops (same contract: unit inputs, shortest path).
inline Quat slerp_inline(const Quat& a, const Quat& b0, float f) {
  Quat b = b0;
  float d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  if (d < 0.0f) {  // shortest path
    d = -d;
    b = {-b.x, -b.y, -b.z, -b.w};
  }
  float wa, wb;
  if (d >= kNlerpMinCos) {  // within ~1.8° the normalised linear blend is the slerp to 1e-6
    wa = 1.0f - f;
    wb = f;
  } else if (d >= 0.95f) {  // keys less than ~36° apart (nearly all real animation)
    slerp_weights<4>(f, d - 1.0f, wa, wb);
  } else if (d >= 0.7f) {  // less than ~91° apart
    slerp_weights<8>(f, d - 1.0f, wa, wb);
  } else {
    slerp_weights_far(f, d, wa, wb);
  }
  return normalize(Quat{wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z, wa * a.w + wb * b.w});
}

}  // namespace aem
