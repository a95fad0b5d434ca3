// Welding: one vertex for the corners a reader handed out separately although they are the same.
#pragma once

#include <cstddef>

#include "aem/scene.hpp"

namespace aem {

/// Merges the vertices of `mesh` that are equal bit for bit in every per-vertex array (positions,
/// normals, tangents, bitangents, every UV and colour set, skin, rigid joints, custom attributes, and
/// each morph frame's positions, normals and UVs) and renumbers `indices` and every LOD. Kept vertices
/// stay in their order and unused ones stay, so a mesh without duplicates is left as it is. Returns how
/// many vertices were merged away. A mesh that validate_scene would reject (an array of another length,
/// an index past the vertices) is left unchanged and 0 returned.
std::size_t weld_vertices(Mesh& mesh);

}  // namespace aem
