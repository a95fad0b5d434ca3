// Small, dependency-free vector/quaternion/matrix types shared by the scene, the runtime view and the
// animation code. Matrices are column-major (m[col*4+row]) to match AEM, glTF and OpenGL.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

namespace aem {

struct Vec2 {
  float x = 0, y = 0;
  friend bool operator==(const Vec2&, const Vec2&) = default;
};

struct Vec3 {
  float x = 0, y = 0, z = 0;
  friend bool operator==(const Vec3&, const Vec3&) = default;
  Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec3 operator*(float s) const { return {x * s, y * s, z * s}; }
};

struct Vec4 {
  float x = 0, y = 0, z = 0, w = 0;
  friend bool operator==(const Vec4&, const Vec4&) = default;
};

/// Rotation quaternion stored (x, y, z, w) like AEM keyframes; identity is (0, 0, 0, 1).
struct Quat {
  float x = 0, y = 0, z = 0, w = 1;
  friend bool operator==(const Quat&, const Quat&) = default;
};

/// 4x4 column-major matrix; default-constructed as identity.
struct Mat4 {
  std::array<float, 16> m{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  float& operator()(int row, int col) { return m[col * 4 + row]; }
  float operator()(int row, int col) const { return m[col * 4 + row]; }
  friend bool operator==(const Mat4&, const Mat4&) = default;
};

/// Local transform as translation, rotation, scale; the matrix is T * R * S (column vectors).
struct Transform {
  Vec3 translation{};
  Quat rotation{};
  Vec3 scale{1, 1, 1};
  friend bool operator==(const Transform&, const Transform&) = default;
};

inline float dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline float length(const Vec3& v) { return std::sqrt(dot(v, v)); }
/// Unit vector in the direction of v; the zero vector stays zero.
inline Vec3 normalize(const Vec3& v) {
  float len = length(v);
  return len > 0 ? v * (1.0f / len) : v;
}
inline Vec3 lerp(const Vec3& a, const Vec3& b, float f) { return a + (b - a) * f; }

/// Unit quaternion in the direction of q; a zero (or non-finite) quaternion becomes identity.
inline Quat normalize(const Quat& q) {
  const float len2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
  if (!(len2 > 0.0f) || !std::isfinite(len2)) return {};
  const float inv = 1.0f / std::sqrt(len2);
  return {q.x * inv, q.y * inv, q.z * inv, q.w * inv};
}
/// Keys whose quaternion dot product is at least this (about 1.8 degrees apart) are blended by a
/// normalised lerp: its largest difference from slerp there is 5e-7 (about angle^3 / 64).
inline constexpr float kNlerpMinCos = 0.9995f;
/// Shortest-path spherical interpolation between unit quaternions (normalised lerp when nearly equal).
Quat slerp(const Quat& a, const Quat& b, float f);
Quat operator*(const Quat& a, const Quat& b);
Vec3 rotate(const Quat& q, const Vec3& v);

Mat4 operator*(const Mat4& a, const Mat4& b);
/// Transforms a point (w = 1). Inline: skinning calls it once per vertex.
inline Vec3 transform_point(const Mat4& m, const Vec3& p) {
  return {m.m[0] * p.x + m.m[4] * p.y + m.m[8] * p.z + m.m[12], m.m[1] * p.x + m.m[5] * p.y + m.m[9] * p.z + m.m[13],
          m.m[2] * p.x + m.m[6] * p.y + m.m[10] * p.z + m.m[14]};
}
/// Transforms a direction (w = 0); not renormalised.
inline Vec3 transform_vector(const Mat4& m, const Vec3& v) {
  return {m.m[0] * v.x + m.m[4] * v.y + m.m[8] * v.z, m.m[1] * v.x + m.m[5] * v.y + m.m[9] * v.z,
          m.m[2] * v.x + m.m[6] * v.y + m.m[10] * v.z};
}
/// General 4x4 inverse; returns identity for a singular matrix.
Mat4 inverse(const Mat4& m);
Mat4 transpose(const Mat4& m);
/// T * R * S as one matrix.
Mat4 compose(const Transform& t);
/// Splits an affine matrix into T, R, S (scale from column lengths, negative determinant folded into x scale).
Transform decompose(const Mat4& m);
/// Rotation matrix of a (not necessarily unit) quaternion, normalised first.
Mat4 rotation_matrix(const Quat& q);
/// Rotation part of a matrix whose columns may be scaled.
Quat quat_from_matrix(const Mat4& m);
Mat4 translation_matrix(const Vec3& t);
Mat4 scale_matrix(const Vec3& s);
bool is_finite(const Mat4& m);
/// True when every element of `a` is within `relative` * (1 + |b|) of the same element of `b`.
bool nearly_equal(const Mat4& a, const Mat4& b, float relative);

}  // namespace aem
