// Legacy skin matrices are P_b * (A * Rest_b)^-1: the pose P in armature space against the bind pose in
// world space, so every one carries A^-1, the inverse of the armature object's transform A. For a root
// bone the rest of the product is how far the animation moves it from its bind pose, which for a
// figure stays well under 45 degrees of turning, whatever it translates. Blender's glTF and FBX
// importers turn the armature object by an axis turn (90 degrees about X for a Y-up file): each root
// key's skin matrix then lies nearest that turn's inverse and the file tells A apart from a pose.
#include "formats/aem/legacy_armature.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace aem::formats {
namespace {

/// The 24 rotations that take each axis onto an axis (signed permutations with determinant 1).
std::vector<Mat4> axis_turns() {
  std::vector<Mat4> turns;
  std::array<int, 3> axis{0, 1, 2};
  do {
    for (int signs = 0; signs < 8; ++signs) {
      Mat4 q;
      for (int col = 0; col < 3; ++col)
        for (int row = 0; row < 3; ++row) q(row, col) = row == axis[col] ? ((signs >> col) & 1 ? -1.0f : 1.0f) : 0.0f;
      const Vec3 x{q(0, 0), q(1, 0), q(2, 0)}, y{q(0, 1), q(1, 1), q(2, 1)}, z{q(0, 2), q(1, 2), q(2, 2)};
      if (dot(cross(x, y), z) > 0) turns.push_back(q);
    }
  } while (std::next_permutation(axis.begin(), axis.end()));
  return turns;
}

/// The axis turn nearest the rotation part of `skin` (scale taken out of its columns) when it is
/// within kLegacyTurnMostPoseDegrees of it; none for anything farther or a degenerate matrix.
std::optional<Mat4> nearest_axis_turn(const Mat4& skin, std::span<const Mat4> turns) {
  std::array<Vec3, 3> columns;
  for (int col = 0; col < 3; ++col) {
    const Vec3 c{skin(0, col), skin(1, col), skin(2, col)};
    const float len = length(c);
    if (!(len > 1e-6f) || !std::isfinite(len)) return std::nullopt;
    columns[col] = c * (1.0f / len);
  }
  // The angle between rotations Q and R has cos = (trace(Q^T R) - 1) / 2.
  const float least_cos = std::cos(kLegacyTurnMostPoseDegrees * 3.14159265f / 180.0f);
  for (const Mat4& q : turns) {
    float trace = 0;
    for (int col = 0; col < 3; ++col) trace += dot({q(0, col), q(1, col), q(2, col)}, columns[col]);
    if ((trace - 1) / 2 > least_cos) return q;  // within 45 degrees of one turn, every other is farther
  }
  return std::nullopt;
}

}  // namespace

Mat4 legacy_armature_turn(const LegacyView& view, std::span<const std::vector<Mat4>> key_poses) {
  static const std::vector<Mat4> turns = axis_turns();
  std::optional<Mat4> found;
  for (std::uint32_t b = 0; b < view.counts().bones; ++b) {
    if (view.bone(b).parent >= 0) continue;
    for (const auto& pose : key_poses) {
      const std::optional<Mat4> q = nearest_axis_turn(pose[b] * view.bone(b).inverse_bind, turns);
      if (!q || (found && !(*found == *q))) return Mat4{};
      found = q;
    }
  }
  return found ? transpose(*found) : Mat4{};  // the skin matrices carry A^-1; a rotation's inverse is its transpose
}

}  // namespace aem::formats
