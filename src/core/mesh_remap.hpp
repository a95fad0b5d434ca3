// Moving a mesh's vertices: every per-vertex array (attributes, skin, morph frames and targets, custom)
// in step.
#pragma once

#include <cstdint>
#include <vector>

#include "aem/scene.hpp"

namespace aem {

/// Vertex i moves to table[i] (~0u: dropped) in a mesh of `new_count` vertices; index lists are left
/// to the caller. Arrays that are empty stay empty. Where several vertices move to one slot, the first
/// one's values are kept.
void remap_vertices(Mesh& mesh, const std::vector<std::uint32_t>& table, std::size_t new_count);

/// Drops the vertices no index list (LOD 0 or another LOD) uses, keeping the others in order, and
/// renumbers the index lists. Returns how many vertices were dropped.
std::size_t drop_unused_vertices(Mesh& mesh);

}  // namespace aem
