// Writes a skinned, animated scene (one mesh, a joint chain, rotation keys) as a binary glTF, so
// benchmarks can feed large generated models to Assimp.
#pragma once

#include <cstdint>
#include <filesystem>

#include "aem/scene.hpp"

namespace aem::bench {

/// `scene` must have one mesh with positions, normals, uvs[0] and skin (<= 4 influences, joints <
/// 65536), joints whose rest poses hold only translations, and one animation with rotation keys.
void write_glb(const Scene& scene, const std::filesystem::path& path);

/// Writes the example tube with `rings` rings of 129 vertices and 60 joints as `file_name` in the
/// temporary folder (about 80 bytes a vertex) and returns its path.
std::filesystem::path write_generated_tube_glb(const char* file_name, std::uint32_t rings);

}  // namespace aem::bench
