// The one check that every number a writer writes is finite: scene validation reports what it finds,
// write_scene refuses to write a scene that has any (no writer may put NaN or infinity in a file).
#pragma once

#include <cstddef>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem::detail {

/// SCENE_NOT_FINITE errors for NaN or infinite numbers anywhere in `scene` (vertex attributes,
/// frames, transforms, rest poses, inverse binds, keys, materials, tags, stored values), one per
/// array naming its first bad element (e.g. "meshes[2].normals[17]"), at most `limit` in all.
std::vector<Error> find_non_finite(const Scene& scene, std::size_t limit);

}  // namespace aem::detail
