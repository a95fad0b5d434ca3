// Key reduction of key lists against tolerances on their own values: which keys a runtime needs to
// play the lists within the tolerances at every original key time. Lists that share their key times
// can be reduced together, keeping one set of times for all of them (so that they keep sharing it,
// which lets the AEM animator look the keys up once for all). The skeleton-wide step that picks the
// tolerances and checks the result on the skinned vertices is key_reduction.hpp.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "aem/scene.hpp"

namespace aem::convert {

/// How far a rotation is from another, as the sine of half the angle between them: a point at
/// distance r from the rotation's centre moves by 2 r times this. 0 for equal rotations (q and -q
/// are equal), computed from component differences so that it stays exact for tiny angles.
float rotation_distance(const Quat& a, const Quat& b);

/// Indices (increasing) of the keys of `keys` (times increasing) to keep so that the kept keys, played
/// as `mode` says (Linear: lerp between the two keys around a time, held before the first and after
/// the last; Step: each key held until the next), give every original key's time a value within
/// `tolerance` (Euclidean distance) of the original key's value. A list whose values are all within
/// `tolerance` of its first keeps that one key; otherwise the first and last keys are kept.
std::vector<std::uint32_t> keys_to_keep(std::span<const Key<Vec3>> keys, Interpolation mode, float tolerance);

/// The same for rotations, played with shortest-path slerp as the animators do; `tolerance` bounds
/// rotation_distance. Keys need not be unit quaternions (they are compared normalised).
std::vector<std::uint32_t> keys_to_keep(std::span<const Key<Quat>> keys, Interpolation mode, float tolerance);

/// Indices of the keys to keep in every one of `lists` (the same key times each, at least one list)
/// so that each stays within its own `tolerances[i]` as keys_to_keep says; the first and last keys
/// are kept.
std::vector<std::uint32_t> shared_keys_to_keep(std::span<const std::span<const Key<Vec3>>> lists,
                                               std::span<const float> tolerances, Interpolation mode);
std::vector<std::uint32_t> shared_keys_to_keep(std::span<const std::span<const Key<Quat>>> lists,
                                               std::span<const float> tolerances, Interpolation mode);

}  // namespace aem::convert
