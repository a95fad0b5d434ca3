// Quaternion and matrix operations for aem/math.hpp.
#include "aem/math.hpp"

#include <cstring>

#include "core/lane_vectors.hpp"
#include "core/slerp.hpp"

namespace aem {

Quat slerp(const Quat& a, const Quat& b, float f) { return slerp_inline(a, b, f); }

Quat operator*(const Quat& a, const Quat& b) {
  return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

Vec3 rotate(const Quat& q, const Vec3& v) {
  Vec3 u{q.x, q.y, q.z};
  Vec3 t = cross(u, v) * 2.0f;
  return v + t * q.w + cross(u, t);
}

// A column of the product at a time, its four rows in the lanes of one vector: each lane adds the
// same products in the same order (from 0, k = 0..3) as the element-wise formula, so the result is
// bit for bit that formula's.
Mat4 operator*(const Mat4& a, const Mat4& b) {
  using detail::f32x4;
  f32x4 column[4];
  for (int k = 0; k < 4; ++k) column[k] = detail::load<f32x4>(&a.m[k * 4]);
  Mat4 r;
  for (int c = 0; c < 4; ++c) {
    f32x4 s{};
    for (int k = 0; k < 4; ++k) s += column[k] * b.m[c * 4 + k];
    std::memcpy(&r.m[c * 4], &s, sizeof s);
  }
  return r;
}

Mat4 transpose(const Mat4& m) {
  Mat4 r;
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row) r.m[c * 4 + row] = m.m[row * 4 + c];
  return r;
}

Mat4 inverse(const Mat4& mat) {
  // Cofactor expansion in double precision: bind matrices are often near-singular in float.
  const auto& m = mat.m;
  double inv[16];
  inv[0] = double(m[5]) * m[10] * m[15] - double(m[5]) * m[11] * m[14] - double(m[9]) * m[6] * m[15] +
           double(m[9]) * m[7] * m[14] + double(m[13]) * m[6] * m[11] - double(m[13]) * m[7] * m[10];
  inv[4] = -double(m[4]) * m[10] * m[15] + double(m[4]) * m[11] * m[14] + double(m[8]) * m[6] * m[15] -
           double(m[8]) * m[7] * m[14] - double(m[12]) * m[6] * m[11] + double(m[12]) * m[7] * m[10];
  inv[8] = double(m[4]) * m[9] * m[15] - double(m[4]) * m[11] * m[13] - double(m[8]) * m[5] * m[15] +
           double(m[8]) * m[7] * m[13] + double(m[12]) * m[5] * m[11] - double(m[12]) * m[7] * m[9];
  inv[12] = -double(m[4]) * m[9] * m[14] + double(m[4]) * m[10] * m[13] + double(m[8]) * m[5] * m[14] -
            double(m[8]) * m[6] * m[13] - double(m[12]) * m[5] * m[10] + double(m[12]) * m[6] * m[9];
  inv[1] = -double(m[1]) * m[10] * m[15] + double(m[1]) * m[11] * m[14] + double(m[9]) * m[2] * m[15] -
           double(m[9]) * m[3] * m[14] - double(m[13]) * m[2] * m[11] + double(m[13]) * m[3] * m[10];
  inv[5] = double(m[0]) * m[10] * m[15] - double(m[0]) * m[11] * m[14] - double(m[8]) * m[2] * m[15] +
           double(m[8]) * m[3] * m[14] + double(m[12]) * m[2] * m[11] - double(m[12]) * m[3] * m[10];
  inv[9] = -double(m[0]) * m[9] * m[15] + double(m[0]) * m[11] * m[13] + double(m[8]) * m[1] * m[15] -
           double(m[8]) * m[3] * m[13] - double(m[12]) * m[1] * m[11] + double(m[12]) * m[3] * m[9];
  inv[13] = double(m[0]) * m[9] * m[14] - double(m[0]) * m[10] * m[13] - double(m[8]) * m[1] * m[14] +
            double(m[8]) * m[2] * m[13] + double(m[12]) * m[1] * m[10] - double(m[12]) * m[2] * m[9];
  inv[2] = double(m[1]) * m[6] * m[15] - double(m[1]) * m[7] * m[14] - double(m[5]) * m[2] * m[15] +
           double(m[5]) * m[3] * m[14] + double(m[13]) * m[2] * m[7] - double(m[13]) * m[3] * m[6];
  inv[6] = -double(m[0]) * m[6] * m[15] + double(m[0]) * m[7] * m[14] + double(m[4]) * m[2] * m[15] -
           double(m[4]) * m[3] * m[14] - double(m[12]) * m[2] * m[7] + double(m[12]) * m[3] * m[6];
  inv[10] = double(m[0]) * m[5] * m[15] - double(m[0]) * m[7] * m[13] - double(m[4]) * m[1] * m[15] +
            double(m[4]) * m[3] * m[13] + double(m[12]) * m[1] * m[7] - double(m[12]) * m[3] * m[5];
  inv[14] = -double(m[0]) * m[5] * m[14] + double(m[0]) * m[6] * m[13] + double(m[4]) * m[1] * m[14] -
            double(m[4]) * m[2] * m[13] - double(m[12]) * m[1] * m[6] + double(m[12]) * m[2] * m[5];
  inv[3] = -double(m[1]) * m[6] * m[11] + double(m[1]) * m[7] * m[10] + double(m[5]) * m[2] * m[11] -
           double(m[5]) * m[3] * m[10] - double(m[9]) * m[2] * m[7] + double(m[9]) * m[3] * m[6];
  inv[7] = double(m[0]) * m[6] * m[11] - double(m[0]) * m[7] * m[10] - double(m[4]) * m[2] * m[11] +
           double(m[4]) * m[3] * m[10] + double(m[8]) * m[2] * m[7] - double(m[8]) * m[3] * m[6];
  inv[11] = -double(m[0]) * m[5] * m[11] + double(m[0]) * m[7] * m[9] + double(m[4]) * m[1] * m[11] -
            double(m[4]) * m[3] * m[9] - double(m[8]) * m[1] * m[7] + double(m[8]) * m[3] * m[5];
  inv[15] = double(m[0]) * m[5] * m[10] - double(m[0]) * m[6] * m[9] - double(m[4]) * m[1] * m[10] +
            double(m[4]) * m[2] * m[9] + double(m[8]) * m[1] * m[6] - double(m[8]) * m[2] * m[5];
  double det = double(m[0]) * inv[0] + double(m[1]) * inv[4] + double(m[2]) * inv[8] + double(m[3]) * inv[12];
  Mat4 r;
  if (det == 0.0 || !std::isfinite(det)) return r;
  double s = 1.0 / det;
  for (int i = 0; i < 16; ++i) r.m[i] = static_cast<float>(inv[i] * s);
  return r;
}

Mat4 rotation_matrix(const Quat& q0) {
  Quat q = normalize(q0);
  float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  Mat4 r;
  r.m = {1 - 2 * (yy + zz),
         2 * (xy + wz),
         2 * (xz - wy),
         0,
         2 * (xy - wz),
         1 - 2 * (xx + zz),
         2 * (yz + wx),
         0,
         2 * (xz + wy),
         2 * (yz - wx),
         1 - 2 * (xx + yy),
         0,
         0,
         0,
         0,
         1};
  return r;
}

Mat4 translation_matrix(const Vec3& t) {
  Mat4 r;
  r.m[12] = t.x;
  r.m[13] = t.y;
  r.m[14] = t.z;
  return r;
}

Mat4 scale_matrix(const Vec3& s) {
  Mat4 r;
  r.m[0] = s.x;
  r.m[5] = s.y;
  r.m[10] = s.z;
  return r;
}

Mat4 compose(const Transform& t) {
  Mat4 r = rotation_matrix(t.rotation);
  for (int row = 0; row < 3; ++row) {
    r.m[0 + row] *= t.scale.x;
    r.m[4 + row] *= t.scale.y;
    r.m[8 + row] *= t.scale.z;
  }
  r.m[12] = t.translation.x;
  r.m[13] = t.translation.y;
  r.m[14] = t.translation.z;
  return r;
}

Quat quat_from_matrix(const Mat4& m0) {
  Vec3 c0{m0.m[0], m0.m[1], m0.m[2]}, c1{m0.m[4], m0.m[5], m0.m[6]}, c2{m0.m[8], m0.m[9], m0.m[10]};
  c0 = normalize(c0);
  c1 = normalize(c1);
  c2 = normalize(c2);
  // Shepperd's method on the orthonormalised rotation part.
  float m00 = c0.x, m10 = c0.y, m20 = c0.z, m01 = c1.x, m11 = c1.y, m21 = c1.z, m02 = c2.x, m12 = c2.y, m22 = c2.z;
  float trace = m00 + m11 + m22;
  Quat q;
  if (trace > 0) {
    float s = std::sqrt(trace + 1.0f) * 2;
    q = {(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, 0.25f * s};
  } else if (m00 > m11 && m00 > m22) {
    float s = std::sqrt(1.0f + m00 - m11 - m22) * 2;
    q = {0.25f * s, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s};
  } else if (m11 > m22) {
    float s = std::sqrt(1.0f + m11 - m00 - m22) * 2;
    q = {(m01 + m10) / s, 0.25f * s, (m12 + m21) / s, (m02 - m20) / s};
  } else {
    float s = std::sqrt(1.0f + m22 - m00 - m11) * 2;
    q = {(m02 + m20) / s, (m12 + m21) / s, 0.25f * s, (m10 - m01) / s};
  }
  return normalize(q);
}

Transform decompose(const Mat4& m) {
  Transform t;
  t.translation = {m.m[12], m.m[13], m.m[14]};
  Vec3 c0{m.m[0], m.m[1], m.m[2]}, c1{m.m[4], m.m[5], m.m[6]}, c2{m.m[8], m.m[9], m.m[10]};
  t.scale = {length(c0), length(c1), length(c2)};
  Mat4 r = m;
  if (dot(cross(c0, c1), c2) < 0) {  // mirrored: fold the reflection into x scale
    t.scale.x = -t.scale.x;
    for (int row = 0; row < 3; ++row) r.m[row] = -r.m[row];
  }
  t.rotation = quat_from_matrix(r);
  return t;
}

bool nearly_equal(const Mat4& a, const Mat4& b, float relative) {
  for (int k = 0; k < 16; ++k)
    if (std::fabs(a.m[k] - b.m[k]) > relative * (1.0f + std::fabs(b.m[k]))) return false;
  return true;
}

bool is_finite(const Mat4& m) {
  for (float v : m.m)
    if (!std::isfinite(v)) return false;
  return true;
}

}  // namespace aem
