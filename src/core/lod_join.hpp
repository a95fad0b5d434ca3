// Joining a level of detail that arrives as a mesh of its own (a glTF mesh on a node marked "aem_lod")
// back onto the mesh it simplifies, as the index list over shared vertices that CEM stores.
#pragma once

#include "aem/scene.hpp"

namespace aem {

/// Appends `level`'s triangles to `base.lod_indices` as a new coarser level. Each of `level`'s vertices
/// that equals one of `base`'s (as weld_vertices judges, directions within `direction_tolerance`) is
/// taken from `base`; the others are appended to `base`, once each. `base`'s own vertices and index
/// lists are left as they are. False, with `base` unchanged, when the two meshes do not hold the same
/// arrays (UV and colour sets, skin, custom attributes, frame count) or `level` has an index past its
/// vertices.
bool join_level_of_detail(Mesh& base, const Mesh& level, float direction_tolerance);

}  // namespace aem
