// The sRGB transfer function (IEC 61966-2-1): colour images are stored encoded, factors and shading
// work in linear values.
#pragma once

#include <algorithm>
#include <cmath>

namespace aem::detail {

/// Encoded sRGB value 0..1 -> linear 0..1.
inline float srgb_to_linear(float v) {
  v = std::clamp(v, 0.0f, 1.0f);
  return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f);
}

/// Linear value 0..1 -> encoded sRGB 0..1 (values outside are clamped).
inline float linear_to_srgb(float v) {
  v = std::clamp(v, 0.0f, 1.0f);
  return v <= 0.0031308f ? v * 12.92f : 1.055f * std::pow(v, 1.0f / 2.4f) - 0.055f;
}

}  // namespace aem::detail
