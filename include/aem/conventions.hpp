// Explicit conversion between coordinate conventions (up axis, handedness, winding, UV origin, units).
#pragma once

#include "aem/scene.hpp"

namespace aem {

/// Re-expresses `scene` in the conventions `to`: positions, normals, tangents, bitangents, morph
/// frames, tag points, node transforms, joints (inverse bind, rest pose) and animation keys go through
/// the change of basis C (a rotation for an up-axis change, a mirror of z for a handedness change, a
/// uniform scale for units) — matrices as C·M·C⁻¹ — triangles are rewound when C mirrors or the
/// front-face winding differs, and V becomes 1 − V when the UV origin differs. Stored values
/// (StoredValues) are dropped when C is not the identity. Sets scene.conventions = to.
void convert_conventions(Scene& scene, const Conventions& to);

}  // namespace aem
