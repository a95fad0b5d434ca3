// Skin influence limiting for formats with a fixed number of influences per vertex.
#pragma once

#include "aem/scene.hpp"

namespace aem::convert {

/// Keeps each vertex's `max_influences` largest influences (ties: earlier slot first), renormalised to
/// sum 1; unused slots become joint -1, weight 0. Returns how many vertices lost influences.
std::size_t limit_influences(Scene& scene, int max_influences);

}  // namespace aem::convert
