// What the page shows about a model or a failed read, as JSON for web/app.js. The page writes the
// user's files into a folder of the module's file system; every file named in these replies is named
// relative to that folder, as the user named it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"
#include "render/renderer.hpp"

namespace aem::web {

/// {"ok":true, format, name, notes (the source's facts: version, units, axes...), counts, materials,
/// textures (name, source: "embedded" in the model, "file" beside it, or "missing"), joints (name,
/// parent), animations (name, duration), vertex animation, warnings (one per missing image)} for
/// `scene` as read from `folder` and drawn by `renderer`.
std::string scene_info_json(const Scene& scene, const render::Renderer& renderer, const std::vector<Warning>& warnings,
                            const std::filesystem::path& folder);
/// {"ok":false, "error":{code, format, file, offset, line, path, message, text}}.
std::string error_json(const Error& error, const std::filesystem::path& folder = {});

}  // namespace aem::web
