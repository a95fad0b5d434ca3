// IQE (Inter-Quake Export, text) reading into and writing out of the scene. Spec: iqe.txt; the
// reference compiler's behaviour and the edge cases: docs/formats/iqe.md.
#pragma once

#include <span>

#include "aem/io.hpp"

namespace aem::formats {

/// True when the text starts with "# Inter-Quake Export".
bool iqe_sniff(std::span<const std::byte> head);
/// Reads every command of the spec plus `vx`; normals are generated from the smoothing commands when
/// the file has no `vn`. Errors name the line.
Result<Scene> iqe_read(const ReadInput& input);
/// Writes IQE text the reference compiler accepts: joints with base poses (pq), meshes with their
/// vertex attributes and mesh-local faces (fm), animations sampled at their frame rate, the comment.
Result<std::vector<std::byte>> iqe_write(const Scene& scene, const WriteOptions& options);

/// IQE/IQM convention: Z up, right-handed, clockwise front faces, V from the top (docs/formats/iqe.md §1).
Conventions iqe_conventions();

}  // namespace aem::formats
