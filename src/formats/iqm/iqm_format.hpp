// IQM (Inter-Quake Model, binary, version 2): reading into and writing out of the scene. Layout:
// docs/formats/iqm.md (the IQE format's binary sibling; same conventions, same pose rules).
#pragma once

#include <span>

#include "aem/io.hpp"

namespace aem::formats {

/// True for the 16-byte magic "INTERQUAKEMODEL\0".
bool iqm_sniff(std::span<const std::byte> head);
/// Reads version 2 files: meshes, vertex arrays in any format, triangles, joints, poses, quantised
/// frames, animations, comment. Accepts unaligned offsets, extension blocks (skipped, with a
/// warning) and animation-only files (joints are then made from the poses). Version 1 is refused.
Result<Scene> iqm_read(const ReadInput& input);
/// Writes what the reference tools and other readers (assimp, raylib) accept: recommended formats
/// only, each mesh's vertices contiguous, adjacency, per-frame bounds, channels quantised to u16.
/// Fails when a vertex uses a joint index above 255 (blend indices are bytes).
Result<std::vector<std::byte>> iqm_write(const Scene& scene, const WriteOptions& options);

}  // namespace aem::formats
