// IQE and IQM vertex arrays run over every mesh of the file: an array some meshes have and others lack
// would be shorter than the positions. Meshes are therefore given every array any of them has.
#pragma once

#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"
#include "formats/iqe/mesh_list.hpp"

namespace aem::formats::iqe {

/// Gives every mesh each vertex array another mesh has: UV set 0 (0, 0), normals from its triangles
/// (area-weighted; `ccw_front_faces` says which side is the front), tangents (1, 0, 0, 1), influences
/// (none), colour set 0 (opaque white), custom attribute slots (zeros). Each fill is reported as a
/// CONVERT_ARRAY_FILLED warning naming the mesh and the array. Only meshes that get an array are
/// made meshes of their own (MeshList::own).
void fill_missing_arrays(MeshList& meshes, bool ccw_front_faces, const char* format, std::vector<Warning>& warnings);

}  // namespace aem::formats::iqe
