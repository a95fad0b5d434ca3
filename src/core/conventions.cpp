// Change of basis between coordinate conventions (see aem/conventions.hpp).
#include "aem/conventions.hpp"

#include <cmath>
#include <utility>

namespace aem {
namespace {

/// Z-up -> Y-up is the rotation (x, y, z) -> (x, z, -y), -90° about X.
Mat4 z_up_to_y_up() {
  Mat4 m;
  m.m = {1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1};
  return m;
}

/// Y-down -> Y-up is the rotation (x, y, z) -> (x, -y, -z), 180° about X (its own inverse).
Mat4 y_down_to_y_up() { return scale_matrix({1, -1, -1}); }

/// The linear map from `from` to `to` coordinates (no UV or winding part).
Mat4 basis_change(const Conventions& from, const Conventions& to) {
  Mat4 c;
  // Work in Y-up: rotate Z-up or Y-down input up, then rotate again if the target is not Y-up.
  if (from.up == UpAxis::Z) c = z_up_to_y_up() * c;
  if (from.up == UpAxis::NegY) c = y_down_to_y_up() * c;
  if (from.right_handed != to.right_handed) c = scale_matrix({1, 1, -1}) * c;  // mirror depth (in Y-up)
  if (to.up == UpAxis::Z) c = inverse(z_up_to_y_up()) * c;
  if (to.up == UpAxis::NegY) c = y_down_to_y_up() * c;
  if (from.meters_per_unit > 0 && to.meters_per_unit > 0 && from.meters_per_unit != to.meters_per_unit)
    c = scale_matrix(Vec3{1, 1, 1} * (from.meters_per_unit / to.meters_per_unit)) * c;
  return c;
}

float determinant3(const Mat4& m) {
  Vec3 c0{m.m[0], m.m[1], m.m[2]}, c1{m.m[4], m.m[5], m.m[6]}, c2{m.m[8], m.m[9], m.m[10]};
  return dot(cross(c0, c1), c2);
}

void rewind(std::vector<std::uint32_t>& idx) {
  for (std::size_t i = 0; i + 2 < idx.size(); i += 3) std::swap(idx[i + 1], idx[i + 2]);
}

struct Basis {
  Mat4 c, c_inv, rotation;  // rotation: c without its uniform scale (may be a reflection)
  bool mirrors;

  Vec3 point(const Vec3& p) const { return transform_point(c, p); }
  Vec3 direction(const Vec3& v) const { return transform_vector(rotation, v); }
  Mat4 conjugate(const Mat4& m) const { return c * m * c_inv; }
  Transform conjugate(const Transform& t) const {
    Transform out;
    out.translation = point(t.translation);
    out.rotation = quat_from_matrix(rotation * rotation_matrix(t.rotation) * transpose(rotation));
    out.scale = scale_diagonal(t.scale);
    return out;
  }
  /// Diagonal of R·diag(s)·Rᵀ: for the signed axis permutations used here, each scale follows its
  /// axis with its own sign (the entries of R are squared), so a mirroring scale stays one.
  Vec3 scale_diagonal(const Vec3& s) const {
    Mat4 d = rotation * scale_matrix(s) * transpose(rotation);
    return {d.m[0], d.m[5], d.m[10]};
  }
};

/// `moves`: the basis change is not the identity (most conversions keep the basis, and a pass of
/// matrix products over every vertex that changes nothing is a large part of converting a big mesh).
void convert_mesh(Mesh& m, const Basis& b, bool moves, bool rewind_faces, bool flip_v) {
  if (moves) {
    for (auto& p : m.positions) p = b.point(p);
    for (auto& n : m.normals) n = b.direction(n);
    for (auto& t : m.tangents) {
      Vec3 v = b.direction({t.x, t.y, t.z});
      t = {v.x, v.y, v.z, b.mirrors ? -t.w : t.w};  // a reflection flips the tangent frame's handedness
    }
    for (auto& bt : m.bitangents) bt = b.direction(bt);
    for (auto& f : m.frames) {
      for (auto& p : f.positions) p = b.point(p);
      for (auto& n : f.normals) n = b.direction(n);
    }
    for (auto& t : m.targets) {
      for (auto& d : t.positions) d = transform_vector(b.c, d);
      for (auto& d : t.normals) d = b.direction(d);
    }
  }
  if (rewind_faces) {
    rewind(m.indices);
    for (auto& lod : m.lod_indices) rewind(lod);
  }
  if (flip_v) {
    for (auto& set : m.uvs)
      for (auto& uv : set) uv.y = 1.0f - uv.y;
    for (auto& f : m.frames)
      for (auto& uv : f.uvs) uv.y = 1.0f - uv.y;
  }
}

}  // namespace

void convert_conventions(Scene& scene, const Conventions& to) {
  const Conventions from = scene.conventions;
  Basis b;
  b.c = basis_change(from, to);
  b.c_inv = inverse(b.c);
  const float scale = std::cbrt(std::fabs(determinant3(b.c)));
  b.rotation = scale_matrix(Vec3{1, 1, 1} * (1.0f / scale)) * b.c;
  b.mirrors = determinant3(b.c) < 0;
  const bool identity = b.c == Mat4{};
  const bool rewind_faces = b.mirrors != (from.ccw_front_faces != to.ccw_front_faces);
  const bool flip_v = from.uv_origin_bottom_left != to.uv_origin_bottom_left;

  for (auto& m : scene.meshes) convert_mesh(m, b, !identity, rewind_faces, flip_v);
  if (!identity) {
    for (auto& n : scene.nodes) {
      n.local = decompose(b.conjugate(compose(n.local)));
      n.stored = {};
    }
    for (auto& j : scene.joints) {
      j.inverse_bind = b.conjugate(j.inverse_bind);
      j.rest = b.conjugate(j.rest);
    }
    for (auto& a : scene.animations)
      for (auto& ch : a.channels) {
        for (auto& k : ch.translation) k.value = b.point(k.value);
        for (auto& k : ch.rotation)
          k.value = quat_from_matrix(b.rotation * rotation_matrix(k.value) * transpose(b.rotation));
        for (auto& k : ch.scale) k.value = b.scale_diagonal(k.value);
      }
    for (auto& t : scene.tags)
      for (auto& p : t.positions) p = b.point(p);
  }
  scene.conventions = to;
}

}  // namespace aem
