// The renderer as `aem render` reaches it: a module (aem-render.so, installed beside aem-read-worker)
// opened only when the tool renders, so that the other commands never load libepoxy and OpenGL and
// never pay for their start-up relocations.
#pragma once

#include <filesystem>
#include <vector>

#include "aem/error.hpp"
#include "aem/render.hpp"

namespace aem::cli {

/// The module's file name, looked for where the tool's helpers are (io/read_worker.hpp).
inline constexpr const char* kRenderModuleName = "aem-render.so";
/// The one symbol the module exports: a RenderFunctions.
inline constexpr const char* kRenderFunctionsSymbol = "aem_render_functions";

/// What the module does for `aem render`: render_image and the PNG writer of the renderer layer.
struct RenderFunctions {
  Result<RenderedImage> (*render)(const Scene& scene, const RenderSettings& settings);
  Status (*write_png)(const std::filesystem::path& path, int width, int height, const std::vector<std::uint8_t>& rgba);
};

}  // namespace aem::cli
