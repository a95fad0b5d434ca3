// What the viewer's panel shows and edits, shared between the window loop and the panel.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "aem/scene.hpp"
#include "playback.hpp"
#include "render/renderer.hpp"

namespace aem::viewer {

struct ViewerState {
  std::string path_field;                 ///< the panel's path text box
  std::optional<std::string> open_request;///< a file to open on the next frame (panel, drop, argument)
  std::string loaded_path;                ///< empty until a file loaded
  Scene scene;                            ///< the file as read (the renderer holds the prepared copy)
  Bounds bounds;                          ///< compute_bounds(scene), kept so the panel need not walk it per frame
  std::vector<std::string> warnings;      ///< reader warnings and texture problems of the loaded file
  std::string error;                      ///< why the last open failed; empty when it did not
  Playback playback;
  render::DrawOptions draw;
  bool frame_request = false;             ///< re-frame the camera on the current pose
};

}  // namespace aem::viewer
