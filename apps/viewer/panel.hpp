// The viewer's Dear ImGui side panel: file, animation timeline, view options, meshes, materials and
// textures, bones.
#pragma once

#include "render/renderer.hpp"
#include "viewer_state.hpp"

namespace aem::viewer {

/// Draws the panel for this frame (between ImGui::NewFrame and ImGui::Render) and applies what the
/// user changed to `state` and the renderer's visibility flags. Returns the panel's right edge in
/// window coordinates while it sits against the window's left side (the 3D view starts there), else 0.
float draw_panel(ViewerState& state, render::Renderer& renderer);

/// A centred window with `state.error`, when there is one; closing it clears the error.
void draw_error(ViewerState& state);

}  // namespace aem::viewer
