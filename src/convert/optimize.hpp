// Vertex cache and fetch optimisation with duplicate vertices merged (meshoptimizer).
#pragma once

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem::convert {

/// Per mesh: merges vertices identical in every per-vertex array (weld_vertices), reorders triangles
/// for the post-transform vertex cache, then (meshes without LODs) vertices for fetch locality.
/// Geometry and attributes are unchanged. Fails (MESHOPTIMIZER_UNAVAILABLE) when meshoptimizer cannot
/// be loaded, before any mesh changes.
Status optimize_meshes(Scene& scene);

}  // namespace aem::convert
