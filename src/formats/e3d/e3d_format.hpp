// E3D (Ecere 3D models): reading into and writing out of the scene. Layout facts:
// docs/formats/e3d.md (Ecere's behaviour, where it differs from the published README).
#pragma once

#include <span>

#include "aem/io.hpp"

namespace aem::formats {

/// True when the file starts with the version block: type 1, size 12, "E3DF" (docs/formats/e3d.md §0).
bool e3d_sniff(std::span<const std::byte> head);
/// Reads an E3D file: LZMA blocks at any level (decoded within options.max_decoded_bytes, which also
/// bounds the scene the blocks make the reader build), meshes (split per material range), nodes
/// including camera and light nodes, materials, textures, skins and animations (joints for the
/// nodes they need; frame numbers read at 30 fps, as E3D stores no rate), morphs as mesh frames
/// (as targets and weight tracks when options.keep_morph_targets is set).
/// Quantised positions map -32768..32767 linearly onto the mesh's bounding box (the spec says only
/// "quantized to meshBBox"). Textures named by a relative path are loaded from beside input.path
/// when it is set. Data the scene cannot hold is reported as warnings.
Result<Scene> e3d_read(const ReadInput& input);
/// Writes E3D the way Ecere's reader needs it (docs/formats/e3d.md §11), everything after the version block
/// in one LZMA block when options.compress is set and it makes the file smaller.
Result<std::vector<std::byte>> e3d_write(const Scene& scene, const WriteOptions& options);

/// E3D's real axes (docs/formats/e3d.md §8): x right, y down, z away (right-handed), counter-clockwise
/// front faces, V from the top of the image.
Conventions e3d_conventions();

}  // namespace aem::formats
