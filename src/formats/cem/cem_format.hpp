// CEM v2 (Empire Earth "SSMF" models, optionally PK01-compressed): reading into and writing out of
// the scene. Layout facts: docs/formats/cem.md (the community description, corrected).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "aem/io.hpp"

namespace aem::formats {

/// True for "SSMF" (plain) and "PK01" (compressed) files.
bool cem_sniff(std::span<const std::byte> head);
/// Reads a CEM file: one node per model (root, then its children), one mesh per material, every
/// LOD, every frame as morph frames, tag points. PK01 input is decompressed first.
Result<Scene> cem_read(const ReadInput& input);
/// Writes CEM v2 the way the game's own files are laid out (docs/formats/cem.md §3). Skeletal animation is
/// baked into frames at options.frame_rate; options.lods extra LODs are generated when asked.
Result<std::vector<std::byte>> cem_write(const Scene& scene, const WriteOptions& options);

/// The size of the CEM file `scene` makes when writing it bakes its skeletal animation into vertex
/// frames, estimated from the counts before baking (within about 1% of the file); nullopt when
/// nothing would be baked. cem_write refuses to bake above options.max_output_bytes.
std::optional<std::uint64_t> cem_baked_bytes(const Scene& scene, const WriteOptions& options);

/// The CEM convention: Z up, right-handed, counter-clockwise front faces, V from the top.
Conventions cem_conventions();

}  // namespace aem::formats
