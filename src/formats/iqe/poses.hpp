// IQE/IQM pose rules (docs/formats/iqe.md §3): pq with the missing-Qw rule, pm with scale taken from the
// matrix, pa as Euler angles; every rotation made w <= 0 as the reference compiler does.
#pragma once

#include <span>

#include "aem/math.hpp"

namespace aem::formats::iqe {

/// pq Tx Ty Tz Qx Qy Qz [Qw] [Sx Sy Sz]: `v` holds the values present (3..10). A missing Qw is
/// -sqrt(max(0, 1 - x² - y² - z²)); the quaternion is then normalised (the reference forgets to).
Transform pose_from_pq(std::span<const float> v);
/// pm Tx Ty Tz Ax Ay Az Bx By Bz Cx Cy Cz [Sx Sy Sz]: rows A, B, C with v' = R·v; per-axis scale from
/// the column lengths (all negated when the determinant is negative), times the optional scale.
Transform pose_from_pm(std::span<const float> v);
/// pa Tx Ty Tz Rx Ry Rz [Sx Sy Sz]: radians, q = qz·qy·qx (X first, then Y, then Z).
Transform pose_from_pa(std::span<const float> v);
/// The same rotation with w <= 0 (the sign every IQE/IQM tool writes).
Quat with_negative_w(const Quat& q);

}  // namespace aem::formats::iqe
