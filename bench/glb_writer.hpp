// Writes a skinned, animated scene (one mesh, a joint chain, rotation keys) as a binary glTF, so
// benchmarks can feed large generated models to Assimp.
#pragma once

#include <filesystem>

#include "aem/scene.hpp"

namespace aem::bench {

/// `scene` must have one mesh with positions, normals, uvs[0] and skin (<= 4 influences, joints <
/// 65536), joints whose rest poses hold only translations, and one animation with rotation keys.
void write_glb(const Scene& scene, const std::filesystem::path& path);

}  // namespace aem::bench
