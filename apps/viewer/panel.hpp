// The viewer's Dear ImGui side panel: file, animation timeline, view options, meshes, materials and
// textures, bones.
#pragma once

#include "render/renderer.hpp"
#include "viewer_state.hpp"

namespace aem::viewer {

/// Draws the panel for this frame (between ImGui::NewFrame and ImGui::Render) along the window's left
/// side, from the top down to `bottom_margin` above the bottom, and applies what the user changed to
/// `state` and the renderer's visibility flags. Returns its width in window coordinates.
float draw_panel(ViewerState& state, render::Renderer& renderer, float bottom_margin);

/// `state.notice` in the top right corner until `state.notice_until` (`now`: glfwGetTime()).
void draw_notice(const ViewerState& state, double now);

/// A centred window with `state.error`, when there is one; closing it clears the error.
void draw_error(ViewerState& state);

}  // namespace aem::viewer
