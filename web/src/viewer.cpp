// The wasm module's entry points for web/app.js: one WebGL 2 context on the page's canvas, one model
// at a time read from the in-memory file system (where the page writes the dropped files, so that
// side files resolve), drawn by the desktop renderer. Strings returned stay valid until the next call.
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <cmath>
#include <memory>
#include <string>

#include "aem/io.hpp"
#include "render/renderer.hpp"
#include "viewer_info.hpp"

namespace {

struct Viewer {
  EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context = 0;
  std::unique_ptr<aem::render::Renderer> renderer;
  aem::render::Camera camera;
  std::int32_t animation = -1;  // the animation last posed: framing covers all of its poses
  std::string reply;
};

Viewer& viewer() {
  static Viewer v;
  return v;
}

// `aem render`'s default camera angles, so that the page's first frame matches it.
constexpr float kYaw = 30.0f, kPitch = 20.0f;

}  // namespace

extern "C" {

/// Creates the WebGL 2 context on the canvas named by `selector` and the renderer. Returns "" or the
/// error as JSON.
EMSCRIPTEN_KEEPALIVE const char* aem_web_init(const char* selector) {
  Viewer& v = viewer();
  EmscriptenWebGLContextAttributes attributes;
  emscripten_webgl_init_context_attributes(&attributes);
  attributes.majorVersion = 2;
  attributes.minorVersion = 0;
  attributes.alpha = false;
  attributes.antialias = true;
  attributes.preserveDrawingBuffer = true;  // screenshots and "save image" read the last frame
  v.context = emscripten_webgl_create_context(selector, &attributes);
  if (v.context <= 0) {
    aem::Error e{.code = "RENDER_NO_GL", .format = "GL", .message = "this browser gives no WebGL 2 context"};
    return (v.reply = aem::web::error_json(e)).c_str();
  }
  emscripten_webgl_make_context_current(v.context);
  auto renderer = aem::render::Renderer::create();
  if (!renderer) return (v.reply = aem::web::error_json(renderer.error())).c_str();
  v.renderer = std::move(renderer.value());
  return "";
}

/// Reads the model at `path` (in the module's file system, its side files beside it) and shows it at
/// the first animation's start (bind pose without animations), framed like `aem render` (on every
/// pose of that animation, so the first frame matches it and no pose leaves the picture). Returns the
/// info or error JSON. A model that cannot be read leaves the one shown before as it was.
EMSCRIPTEN_KEEPALIVE const char* aem_web_load(const char* path, float aspect) {
  Viewer& v = viewer();
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  auto scene = aem::read_scene(std::filesystem::path(path));
  if (!scene) return (v.reply = aem::web::error_json(scene.error(), folder)).c_str();
  v.renderer->load(scene.value(), folder);
  v.animation = scene->animations.empty() ? -1 : 0;
  v.renderer->set_pose(v.animation, 0.0f);
  v.camera = aem::render::orbit_camera(v.renderer->animation_bounds(v.animation), kYaw, kPitch, aspect);
  v.reply = aem::web::scene_info_json(scene.value(), *v.renderer, scene.warnings, folder);
  return v.reply.c_str();
}

/// Poses animation `animation` (negative: bind pose) at `time` seconds.
EMSCRIPTEN_KEEPALIVE void aem_web_pose(int animation, float time) {
  if (!std::isfinite(time)) return;
  viewer().animation = animation;
  viewer().renderer->set_pose(animation, time);
}

/// Draws into the canvas's `width` x `height` drawing buffer.
EMSCRIPTEN_KEEPALIVE void aem_web_draw(int width, int height, int wireframe, int skeleton, int grid) {
  aem::render::DrawOptions options;
  options.wireframe = wireframe != 0;
  options.skeleton = skeleton != 0;
  options.grid = grid != 0;
  Viewer& v = viewer();
  v.renderer->draw(v.camera, width, height, options);
}

/// Frames the current animation from `aem render`'s default angles.
EMSCRIPTEN_KEEPALIVE void aem_web_frame(float aspect) {
  Viewer& v = viewer();
  v.camera = aem::render::orbit_camera(v.renderer->animation_bounds(v.animation), kYaw, kPitch, aspect);
}

EMSCRIPTEN_KEEPALIVE void aem_web_orbit(float yaw_degrees, float pitch_degrees) {
  aem::render::orbit(viewer().camera, yaw_degrees, pitch_degrees);
}

EMSCRIPTEN_KEEPALIVE void aem_web_pan(float dx, float dy, int viewport_height) {
  aem::render::pan(viewer().camera, dx, dy, viewport_height);
}

EMSCRIPTEN_KEEPALIVE void aem_web_zoom(float steps) { aem::render::zoom(viewer().camera, steps); }

}  // extern "C"
