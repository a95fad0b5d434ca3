// Reducing a vertex's skin influences to the few a format or a GPU path holds.
#pragma once

#include <string>

#include "aem/scene.hpp"

namespace aem {

/// The `n` largest influences of `s` (ties: the earlier slot first), largest first, renormalised to
/// sum 1; slots without a joint or with weight <= 0 are ignored; unused slots get joint -1, weight 0.
/// Sets `*reduced` when influences had to be dropped.
SkinInfluences strongest_influences(const SkinInfluences& s, int n, bool* reduced = nullptr);

/// At most `n` influences of `s`, renormalised to sum 1: the usable slots (a joint and a positive
/// weight) in slot order when there are `n` or fewer, else strongest_influences' `n` largest. Unused
/// slots get joint -1, weight 0. Sets `*reduced` when influences had to be dropped.
SkinInfluences kept_influences(const SkinInfluences& s, int n, bool* reduced = nullptr);

/// A joint a mesh uses: the vertex and the joint index.
struct JointUse {
  std::size_t vertex = 0;
  std::int32_t joint = -1;
};

/// The use of the highest joint index among each vertex's `n` strongest influences
/// (strongest_influences) and its rigid joint: what a writer that keeps `n` influences stores, for
/// checking it against the width of the format's joint indices. Joint -1 when the mesh uses none.
JointUse highest_joint(const Mesh& mesh, int n);

/// The largest joint index any skin slot or rigid joint of `mesh` names, whatever its weight (-1 for
/// none): a bound on highest_joint's that needs no sorting, so that a writer checks most meshes with
/// it alone.
std::int32_t largest_joint_named(const Mesh& mesh);

/// `mesh "NAME": vertex V uses joint J of N`, the start of the message a writer gives when `use`
/// exceeds its format's joint indices (N = `joint_count`, the skeleton's size).
std::string describe_joint_use(const Mesh& mesh, const JointUse& use, std::size_t joint_count);

}  // namespace aem
