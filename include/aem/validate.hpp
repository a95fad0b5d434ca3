// Strict, format-independent checks of a scene (readers already guarantee memory safety; this pass
// checks the rules a renderer or writer relies on).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/io.hpp"
#include "aem/scene.hpp"

namespace aem {

struct SceneReport {
  std::vector<Error> errors;      ///< the scene breaks a rule (index out of range, cycle, NaN)
  std::vector<Warning> warnings;  ///< tolerated (weights not summing to 1, degenerate triangles)
  bool valid() const { return errors.empty(); }
};

/// Checks every index (vertex, material, texture, joint, node, channel), attribute array sizes,
/// acyclic joint and node hierarchies, finite numbers and sorted key times.
SceneReport validate_scene(const Scene& scene);

/// Every problem `aem validate` reports for one file.
struct FileReport {
  std::string format;             ///< "AEM", "glTF", ...; empty when the file could not be read
  std::vector<Error> errors;      ///< the reader's error, or the scene's rule violations
  std::vector<Warning> warnings;  ///< the reader's warnings, then the scene's
  bool valid() const { return errors.empty(); }
};

/// Checks a file as `aem validate` does. A current-layout AEM file gets the runtime's one pass over the
/// memory-mapped file (every check the scene validation would make; memory stays far below the file's
/// size); any other file is read and its scene validated. Every diagnostic names `path`.
FileReport validate_file(const std::filesystem::path& path, const ReadOptions& options = {});

}  // namespace aem
