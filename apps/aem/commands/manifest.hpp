// `aem convert --manifest FILE`: a JSON list of conversions for projects without CMake.
#pragma once

#include <string>
#include <vector>

#include "aem/error.hpp"
#include "commands/commands.hpp"

namespace aem::cli {

struct ManifestEntry {
  std::string input, output;  ///< relative paths are relative to the manifest's folder
  ConvertCliOptions options;  ///< the command line's options with the entry's "options" applied
};

/// Reads [{"input": "a.iqe", "output": "out/a.aem", "options": {"scale": 2, "up": "y", "flip_uv": true,
/// "no_textures": false, "optimize": true, "weld": false, "to": "aem", "fps": 30, "lods": 0, "compress": false}}, ...].
/// Unknown keys and wrong types are errors (code CLI_MANIFEST_INVALID) naming the entry.
Result<std::vector<ManifestEntry>> read_manifest(const std::string& file, const ConvertCliOptions& defaults);

}  // namespace aem::cli
