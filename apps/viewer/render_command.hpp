// The `aem render` command line that reproduces what the viewer shows (shared in bug reports).
#pragma once

#include <string>

#include "render/camera.hpp"
#include "render/renderer.hpp"

namespace aem::viewer {

struct ViewDescription {
  std::string file;
  std::int32_t animation = -1;  ///< -1: bind pose
  float time = 0.0f;
  render::Camera camera;
  int width = 0, height = 0;  ///< the 3D view in pixels
  render::DrawOptions draw;
};

/// `aem render FILE -o view.png --size WxH --anim A --time T --yaw Y --pitch P --target X,Y,Z
/// --distance D` plus the draw options that differ from the defaults, arguments quoted for a POSIX shell.
/// Camera numbers are rounded to what the view resolves (a tenth of a pixel); the time is exact.
std::string render_command(const ViewDescription& view);

/// `text` in single quotes for a POSIX shell when it holds anything but [A-Za-z0-9_./,:=+-].
std::string shell_quote(const std::string& text);

}  // namespace aem::viewer
