// Normal repair: some sources (a Q3D file through Assimp) carry NaN or infinite normals, which no
// writer may store; they are recomputed from the triangles rather than failing the whole model.
#pragma once

#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem::convert {

/// Replaces each non-finite normal of every mesh (and of every vertex-animation frame) by the
/// area-weighted normal of its triangles at that pose. One CONVERT_NORMALS_REPAIRED warning per
/// array changed, naming the mesh and counting the normals. Non-finite positions are not repaired
/// (write_scene refuses them).
std::vector<Warning> repair_normals(Scene& scene);

}  // namespace aem::convert
