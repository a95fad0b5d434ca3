// Skin influence limiting for formats with a fixed number of influences per vertex.
#pragma once

#include "aem/scene.hpp"

namespace aem::convert {

/// Reduces each vertex's influences to at most `max_influences` as kept_influences does: its usable
/// ones in slot order, or the largest when there are more, renormalised to sum 1; unused slots become
/// joint -1, weight 0. Returns how many vertices lost influences.
std::size_t limit_influences(Scene& scene, int max_influences);

}  // namespace aem::convert
