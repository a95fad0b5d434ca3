// What the page shows about a model or a failed read, as JSON for web/app.js.
#pragma once

#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem::web {

/// {"ok":true, format, name, notes (the source's facts: version, units, axes...), counts, materials,
/// textures, joints (name, parent), animations (name, duration), vertex animation, warnings} for the
/// scene as read (`scene`) and as drawn (`prepared`).
std::string scene_info_json(const Scene& scene, const Scene& prepared, const std::vector<Warning>& warnings,
                            const std::vector<std::string>& texture_problems);
/// {"ok":false, "error":{code, format, file, offset, line, path, message, text}}.
std::string error_json(const Error& error);

}  // namespace aem::web
