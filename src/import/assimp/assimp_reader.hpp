// Assimp -> scene: the formats Debian's Assimp 5.2 reads that we have no native reader for (DAE, 3DS, MD5, SMD, PLY,
// STL, ...), registered last so that our own readers keep priority.
#pragma once

#include <mutex>
#include <span>
#include <string_view>
#include <vector>

#include "aem/io.hpp"

namespace aem::formats {

/// Reads a file through Assimp (from input.path, so side files such as .bin and images resolve):
/// triangulated meshes with generated normals and tangents where missing; the node hierarchy with
/// mesh instances; materials (PBR and Phong factors, texture slots) and textures (embedded bytes,
/// or external files read from beside the model); for skinned or animated models every node as a
/// joint (same index), skin weights, and every animation with all its keys, in seconds.
/// Note: Debian's Assimp is built with assertions on; a malformed file can abort the process, so
/// batch tools run it in a child process.
Result<Scene> assimp_read(const ReadInput& input);

/// Held around each Assimp import: its C interface keeps the last error in a single string for the
/// whole process, written by a failing import and read after it. Exposed for the tests.
std::mutex& assimp_import_lock();

/// The extensions Assimp reads, lower case with the dot.
const std::vector<std::string_view>& assimp_extensions();

}  // namespace aem::formats
