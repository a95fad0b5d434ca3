#include "fbx_corpus/reference_space.hpp"

#include <cmath>

namespace aem::fbx_corpus {
namespace {

using Matrix = std::array<std::array<double, 3>, 3>;

Matrix identity() { return {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}; }

Matrix multiply(const Matrix& a, const Matrix& b) {
  Matrix out{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      for (int k = 0; k < 3; ++k) out[r][c] += a[r][k] * b[k][c];
  return out;
}

Matrix transpose(const Matrix& a) {
  Matrix out{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) out[r][c] = a[c][r];
  return out;
}

/// Coordinates in `from` re-expressed in `to`: each direction of `from` goes to the same-named one of
/// `to`, negated when their signs differ (the odd values are the negative directions). Identity when
/// either system is not valid, as ufbx does not convert then.
Matrix axis_change(const std::optional<AxisSystem>& from, const AxisSystem& to) {
  if (!from || !valid(*from) || !valid(to)) return identity();
  Matrix m{};
  const std::uint8_t pairs[3][2] = {{from->right, to.right}, {from->up, to.up}, {from->front, to.front}};
  for (const auto& [src, dst] : pairs) m[dst >> 1][src >> 1] = ((src ^ dst) & 1) ? -1.0 : 1.0;
  return m;
}

/// Rotation matrix of the quaternion (w, x, y, z), normalised; identity for a zero quaternion.
Matrix rotation(const std::array<double, 4>& q) {
  const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (!(n > 0) || !std::isfinite(n)) return identity();
  const double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
  return {{{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
           {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
           {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}}};
}

}  // namespace

bool valid(const AxisSystem& axes) {
  if (axes.right > 5 || axes.up > 5 || axes.front > 5) return false;
  const int x = axes.right >> 1, y = axes.up >> 1, z = axes.front >> 1;
  return x != y && y != z && x != z;
}

std::optional<AxisSystem> axis_system_named(std::string_view name) {
  if (name == "right_handed_y_up") return kRightHandedYUp;
  if (name == "right_handed_z_up") return kRightHandedZUp;
  if (name == "left_handed_y_up") return kLeftHandedYUp;
  if (name == "left_handed_z_up") return kLeftHandedZUp;
  return std::nullopt;
}

ReferenceMap ReferenceMap::to_ours(const FileSpace& file, const ObjPlacement& placement) {
  return {file, placement, true};
}

ReferenceMap ReferenceMap::to_file(const FileSpace& file, const ObjPlacement& placement) {
  return {file, placement, false};
}

ReferenceMap::ReferenceMap(const FileSpace& file, const ObjPlacement& placement, bool into_ours) {
  const bool known_unit = file.unit_meters > 0 && std::isfinite(file.unit_meters);
  // The test's load: loaded = load_scale * A_load * raw; its .obj: obj = R * (scale * loaded).
  double load_scale = 1.0;
  if (known_unit && placement.load_unit_meters && *placement.load_unit_meters > 0)
    load_scale = file.unit_meters / *placement.load_unit_meters;
  const double obj_scale = placement.scale > 0 && std::isfinite(placement.scale) ? placement.scale : 1.0;
  const Matrix to_raw =
      multiply(transpose(placement.load_axes ? axis_change(file.axes, *placement.load_axes) : identity()),
               transpose(rotation(placement.rotation)));
  // Ours: metres, right-handed Y up.
  const Matrix to_target = into_ours ? multiply(axis_change(file.axes, kRightHandedYUp), to_raw) : to_raw;
  const double scale = (into_ours && known_unit ? file.unit_meters : 1.0) / (load_scale * obj_scale);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m_[r][c] = scale * to_target[r][c];
}

Vec3 ReferenceMap::operator()(const Vec3& p) const {
  const double v[3] = {p.x, p.y, p.z};
  double out[3];
  for (int r = 0; r < 3; ++r) out[r] = m_[r][0] * v[0] + m_[r][1] * v[1] + m_[r][2] * v[2];
  return {static_cast<float>(out[0]), static_cast<float>(out[1]), static_cast<float>(out[2])};
}

}  // namespace aem::fbx_corpus
