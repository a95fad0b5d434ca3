// Double-precision transforms for working out by hand where an FBX file's vertices must end up: the
// expected side of the FBX reader's tests, independent of the reader and of ufbx.
#pragma once

#include <array>
#include <cmath>

#include "aem/math.hpp"
#include "support/fbx_builder.hpp"

namespace aem::test::fbx_math {

using M = fbx::Matrix;  // column-major, as FBX stores it

inline M mul(const M& a, const M& b) {
  M out{};
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      for (int k = 0; k < 4; ++k) out[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return out;
}

inline M translate(double x, double y, double z) {
  M m = fbx::kIdentity;
  m[12] = x, m[13] = y, m[14] = z;
  return m;
}

/// Rotation by `degrees` about the unit axis (x, y, z) (right-handed, Rodrigues).
inline M rotate(double degrees, double x, double y, double z) {
  const double a = degrees * 3.14159265358979323846 / 180.0, c = std::cos(a), s = std::sin(a), t = 1 - c;
  M m = fbx::kIdentity;
  m[0] = t * x * x + c, m[1] = t * x * y + s * z, m[2] = t * x * z - s * y;
  m[4] = t * x * y - s * z, m[5] = t * y * y + c, m[6] = t * y * z + s * x;
  m[8] = t * x * z + s * y, m[9] = t * y * z - s * x, m[10] = t * z * z + c;
  return m;
}

/// Inverse of a rigid transform (rotation and translation only).
inline M rigid_inverse(const M& m) {
  M out = fbx::kIdentity;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) out[c * 4 + r] = m[r * 4 + c];
  for (int r = 0; r < 3; ++r) out[12 + r] = -(out[r] * m[12] + out[4 + r] * m[13] + out[8 + r] * m[14]);
  return out;
}

inline fbx::Vec3 apply(const M& m, const fbx::Vec3& p) {
  return {m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12], m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
          m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14]};
}

/// A point of a Z-up, -Y-front, centimetre file in the scene's metres, Y up: (x, y, z) -> (x, z, -y) / 100.
inline Vec3 zup_cm_to_scene(const fbx::Vec3& p) {
  return {static_cast<float>(p[0] * 0.01), static_cast<float>(p[2] * 0.01), static_cast<float>(-p[1] * 0.01)};
}

/// The GlobalSettings of such a file.
inline fbx::GlobalSettings zup_cm() {
  fbx::GlobalSettings s;
  s.up_axis = 2, s.front_axis = 1, s.front_axis_sign = -1, s.coord_axis = 0;
  s.unit_scale_factor = 1.0;
  return s;
}

}  // namespace aem::test::fbx_math
