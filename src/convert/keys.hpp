// Key order repair: some sources (a LightWave scene through Assimp) give keys out of time order, which
// every writer would store as it is and `aem validate` then rejects.
#pragma once

#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem::convert {

/// Sorts every channel's keys by time (stable), keeping only the last of keys with the same time.
/// Each channel changed gets one CONVERT_KEYS_SORTED warning naming the animation, the joint and the
/// track (path "animations[a].channels[c].rotation").
std::vector<Warning> sort_keys(Scene& scene);

}  // namespace aem::convert
