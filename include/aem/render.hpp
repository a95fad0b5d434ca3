// Drawing a scene into an image without a window, as `aem render` does: OpenGL 3.3 core through EGL on
// Mesa's surfaceless platform (its software rasteriser is enough). Part of the renderer layer: the
// aem_render_headless library of a build with AEM_BUILD_RENDERER, which the installed package leaves out.
// Threads: each call makes its own context current on the calling thread; calls on several threads may
// run at once.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem {

/// What to draw and from where; the defaults are `aem render`'s.
struct RenderSettings {
  int width = 1024, height = 768;             ///< pixels, 1..16384 each
  std::int32_t animation = -1;                ///< index into Scene::animations; out of range = bind pose
  float time = 0.0f;                          ///< seconds into the animation
  float yaw = 30.0f, pitch = 20.0f;           ///< orbit angles in degrees (yaw 0 looks at the front, +Z)
  Vec4 background{0.17f, 0.18f, 0.2f, 1.0f};  ///< sRGB clear colour; alpha 0 = transparent
  bool wireframe = false, skeleton = false, grid = true, overlay = false;
  bool normals = false, tangents = false, uv_checker = false;
  std::int32_t joint = -1;  ///< joint drawn highlighted; -1 = none
  /// The camera, framed on every pose of the animation unless these place it by hand: the orbit
  /// centre, and the distance from it (0 = framed).
  std::optional<Vec3> target;
  float distance = 0.0f;
  /// Where texture files the scene names are looked for: the model's folder, widened to asset_root
  /// when that is set (ReadOptions::asset_root).
  std::filesystem::path model_folder, asset_root;
};

struct RenderedImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  ///< width * height * 4 bytes, rows top-down
  std::vector<std::string> notes;  ///< textures that could not be used (their slot's fallback was drawn)
};

/// Draws `scene` as `settings` say. Errors: RENDER_NO_GL (no OpenGL 3.3 core context), RENDER_SHADER,
/// RENDER_BAD_SETTINGS (a size out of range, a non-finite number).
Result<RenderedImage> render_image(const Scene& scene, const RenderSettings& settings);

}  // namespace aem
