// glTF 2.0 (.gltf JSON with side files, .glb binary container): read natively (no Assimp) into the
// scene and written out of it. Conventions: Y up, right-handed, counter-clockwise front faces, UV
// origin at the top left of the image, metres.
#pragma once

#include <span>

#include "aem/io.hpp"

namespace aem::formats {

/// True for the GLB magic "glTF", or for JSON text whose first object carries an "asset" member.
bool gltf_sniff(std::span<const std::byte> head);
/// Reads a .gltf or .glb file into the scene.
Result<Scene> gltf_read(const ReadInput& input);
/// True for a glTF 1.0 document (JSON whose asset.version is 1.x, or a binary glTF 1.0 container),
/// which gltf_read refuses with GLTF_VERSION and read_scene hands to Assimp where the build has it.
bool gltf_is_version_1(std::span<const std::byte> bytes);
/// Writes one file: a .glb, or a .gltf with buffers and images as data URIs when options.output_name
/// ends in ".gltf".
Result<std::vector<std::byte>> gltf_write(const Scene& scene, const WriteOptions& options);
/// Writes a .glb (images inside), or for a ".gltf" output_name the JSON with "<stem>.bin" and image
/// files "<stem>_<n>.png/.jpg" as side files (data URIs instead when options.embed).
Result<WriterOutput> gltf_write_files(const Scene& scene, const WriteOptions& options);
/// The conventions glTF numbers are in.
Conventions gltf_conventions();

}  // namespace aem::formats
