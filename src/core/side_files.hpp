// Where a model's side files (textures, buffers, .mtl) may be read from. A reference a model makes is
// followed only when it leads inside the model's own folder or inside the asset root the caller gave
// (ReadOptions::asset_root, `--asset-root`): a model converted or rendered on a build farm or a web
// service must not pull other files of the machine into the output. Every reader that follows a
// reference, the renderer and the viewer go through these two functions.
#pragma once

#include <filesystem>
#include <string_view>

#include "aem/error.hpp"

namespace aem::detail {

/// True when `file` (absolute, or relative to the working directory) lies inside `model_dir` or, when
/// `asset_root` is not empty, inside `asset_root`. Symbolic links are resolved first, so a link that
/// points out of the folder is outside.
bool side_file_allowed(const std::filesystem::path& file, const std::filesystem::path& model_dir,
                       const std::filesystem::path& asset_root);

/// The path of `reference` (as the model wrote it: relative to `model_dir`, or absolute) when
/// side_file_allowed; otherwise a SIDE_FILE_REFUSED diagnostic naming the reference (callers report it
/// as a warning and go on without the file). Whether the file exists is not checked.
Result<std::filesystem::path> resolve_side_file(const std::filesystem::path& model_dir, std::string_view reference,
                                                const std::filesystem::path& asset_root);

}  // namespace aem::detail
