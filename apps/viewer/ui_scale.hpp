// The viewer's UI size: a TTF font rasterised at the scale (sharp at any size, unlike ImGui's bitmap
// font scaled up) and ImGui's style sizes scaled alike. Needs the ImGui OpenGL 3 backend initialised.
#pragma once

namespace aem::viewer {

/// Base font size in pixels at scale 1.
inline constexpr float kBaseFontPixels = 15.0f;

/// Rebuilds the font atlas at `scale` (clamped to 0.5..4) from the first TTF found among the Debian
/// font packages' paths (fonts-dejavu-core), falling back to ImGui's built-in font, and scales the
/// style from the dark default. Returns the scale applied.
float apply_ui_scale(float scale);

}  // namespace aem::viewer
