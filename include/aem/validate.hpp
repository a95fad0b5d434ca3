// Strict, format-independent checks of a scene (readers already guarantee memory safety; this pass
// checks the rules a renderer or writer relies on).
#pragma once

#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem {

struct SceneReport {
  std::vector<Error> errors;      ///< the scene breaks a rule (index out of range, cycle, NaN)
  std::vector<Warning> warnings;  ///< tolerated (weights not summing to 1, degenerate triangles)
  bool valid() const { return errors.empty(); }
};

/// Checks every index (vertex, material, texture, joint, node, channel), attribute array sizes,
/// acyclic joint and node hierarchies, finite numbers and sorted key times.
SceneReport validate_scene(const Scene& scene);

}  // namespace aem
