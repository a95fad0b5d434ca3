// The armature object's axis turn that legacy (2022) skin matrices leave out (docs/legacy-aem.md).
#pragma once

#include <span>
#include <vector>

#include "aem/legacy.hpp"

namespace aem::formats {

/// Most a root bone's key may turn away from its bind pose, beyond the armature's axis turn, for the
/// turn to be recognised: half the 90 degrees between neighbouring axis turns, so no key is ambiguous.
inline constexpr float kLegacyTurnMostPoseDegrees = 45.0f;

/// The armature object's turn A (a rotation taking axes to axes) found by comparing every root bone's
/// pose at every key (`key_poses[key][bone]`, armature space) with its bind pose; identity when the
/// roots show none, disagree, or stray more than kLegacyTurnMostPoseDegrees from it at any key.
Mat4 legacy_armature_turn(const LegacyView& view, std::span<const std::vector<Mat4>> key_poses);

}  // namespace aem::formats
