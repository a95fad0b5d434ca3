// Reducing a vertex's skin influences to the few a format or a GPU path holds.
#pragma once

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

}  // namespace aem
