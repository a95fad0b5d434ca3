// The aem-viewer window: GLFW + OpenGL 3.3 core, the renderer, the ImGui panel and mouse controls.
#pragma once

#include <string>

namespace aem::viewer {

struct ViewerOptions {
  std::string file;        ///< opened at start when not empty
  std::string screenshot;  ///< when set: save the window as this PNG after `frames` frames, then quit
  int frames = 10;
  int width = 0, height = 0;  ///< window size; 0 = the default (layout.hpp) times the UI scale, within the monitor
  std::string asset_root;     ///< wider folder textures may come from (ReadOptions::asset_root)
  std::string script;         ///< when set: run this script of synthetic input (see script.hpp), then quit
  float ui_scale = 0.0f;      ///< UI scale at start; 0 = the monitor's content scale
};

/// Runs the viewer until the window closes (or the screenshot is taken). Returns the exit code:
/// 0 normally, also when a file failed to open (the error is shown in the window and printed to
/// stderr); 1 when no window or OpenGL 3.3 context could be created or the screenshot could not be
/// written.
int run_viewer(const ViewerOptions& options);

}  // namespace aem::viewer
