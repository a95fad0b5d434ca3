// What the viewer's panel shows and edits, shared between the window loop and the panel.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "aem/scene.hpp"
#include "channel_preview.hpp"
#include "playback.hpp"
#include "render/renderer.hpp"

namespace aem::viewer {

struct ViewerState {
  std::string path_field;                   ///< the panel's path text box
  std::optional<std::string> open_request;  ///< a file to open on the next frame (panel, drop, argument)
  std::string loaded_path;                  ///< empty until a file loaded
  Scene scene;                              ///< the file as read (the renderer holds the prepared copy)
  Bounds bounds;                            ///< compute_bounds(scene), kept so the panel need not walk it per frame
  std::vector<std::string> warnings;        ///< reader warnings and texture problems of the loaded file
  std::string error;                        ///< why the last open failed; empty when it did not
  Playback playback;
  render::DrawOptions draw;                  ///< draw.selected_joint is the bone selected in the tree or view
  bool frame_request = false;                ///< re-frame the camera on the current pose
  float ui_scale = 1.0f;                     ///< the UI scale applied (fonts and style)
  std::string notice;                        ///< a short message shown over the view (reloads)
  double notice_until = 0.0;                 ///< glfwGetTime() when the notice disappears
  std::string render_command;                ///< the `aem render` line of the current view, refreshed each frame
  ChannelPreviews channels;                  ///< per-channel texture views of the loaded model
  std::map<std::int32_t, int> channel_view;  ///< per texture: 0 = RGBA, 1..4 = R, G, B, A alone
  bool scroll_to_joint = false;              ///< a joint was picked in the view: scroll the bone tree to it
  bool copy_request = false;                 ///< the panel's "copy aem render command" button was pressed
  /// Pixels by which the panel's and the timeline's controls reached past their window's right edge
  /// in the last frame (where ImGui cuts them off); 0 when everything fits.
  struct {
    float panel = 0.0f, timeline = 0.0f;
  } overflow;
};

}  // namespace aem::viewer
