// Vertex cache and fetch optimisation with duplicate vertices merged (meshoptimizer).
#pragma once

#include "aem/scene.hpp"

namespace aem::convert {

/// Per mesh: merges vertices identical in every attribute, reorders triangles for the post-transform
/// vertex cache, then vertices for fetch locality. Geometry and attributes are unchanged.
void optimize_meshes(Scene& scene);

}  // namespace aem::convert
