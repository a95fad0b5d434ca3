// Coarser levels of detail through meshoptimizer's simplifier, for formats that store LODs (CEM).
#pragma once

#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem::formats {

/// Gives every mesh without LODs `count` extra levels, level k keeping about (count+1-k)/(count+1) of
/// the triangles (the game's own files step down by a tenth). Meshes that already have LODs keep them.
/// Throws a ParseError (MESHOPTIMIZER_UNAVAILABLE) when meshoptimizer cannot be loaded.
void generate_lods(Scene& scene, int count, std::vector<Warning>& warnings);

}  // namespace aem::formats
