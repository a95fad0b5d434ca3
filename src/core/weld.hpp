// Welding: one vertex for the corners a reader handed out separately although they are the same.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "aem/scene.hpp"

namespace aem {

/// Merges the vertices of `mesh` that are equal bit for bit in every per-vertex array (positions,
/// normals, tangents, bitangents, every UV and colour set, skin, rigid joints, custom attributes, and
/// each morph frame's positions, normals and UVs) and renumbers `indices` and every LOD. Kept vertices
/// stay in their order and unused ones stay, so a mesh without duplicates is left as it is. Returns how
/// many vertices were merged away. A mesh that validate_scene would reject (an array of another length,
/// an index past the vertices) is left unchanged and 0 returned.
/// With `direction_tolerance` > 0, vertices equal in everything but their directions (normals, tangents,
/// bitangents, frames' normals) whose directions differ by at most that much in every component merge
/// too, keeping the first one's: for sources that store directions quantised (Blender exports its
/// custom split normals with about 1e-5 of noise, so one corner's normals differ).
std::size_t weld_vertices(Mesh& mesh, float direction_tolerance = 0.0f);

/// Vertex i -> the first vertex of `mesh` that weld_vertices would merge it with (i itself when none
/// comes before it); empty when an array has another length. The mesh is not changed.
std::vector<std::uint32_t> first_equal_vertices(Mesh& mesh, float direction_tolerance = 0.0f);

/// The tolerance readers of such sources pass: 1e-4 per component, a hundredth of a degree.
inline constexpr float kQuantisedDirectionTolerance = 1e-4f;

}  // namespace aem
