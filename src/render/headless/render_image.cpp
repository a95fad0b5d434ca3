// render_image: a headless context, the renderer, the camera framed as `aem render` frames it, read back.
#include <cmath>

#include "aem/render.hpp"
#include "render/headless/egl_context.hpp"
#include "render/offscreen.hpp"
#include "render/renderer.hpp"

namespace aem {
namespace {

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// Why `s` cannot be drawn, or empty.
std::string bad_settings(const RenderSettings& s) {
  if (s.width < 1 || s.height < 1 || s.width > 16384 || s.height > 16384)
    return "the size must be 1..16384 pixels each way";
  if (!std::isfinite(s.time) || !std::isfinite(s.yaw) || !std::isfinite(s.pitch))
    return "time, yaw and pitch must be finite numbers";
  if (!std::isfinite(s.distance) || s.distance < 0.0f) return "the distance must be a finite number >= 0";
  if (s.target && !finite(*s.target)) return "the target must be three finite numbers";
  return {};
}

}  // namespace

Result<RenderedImage> render_image(const Scene& scene, const RenderSettings& settings) {
  if (const std::string why = bad_settings(settings); !why.empty())
    return Error{.code = "RENDER_BAD_SETTINGS", .message = why};
  auto context = render::HeadlessContext::create();
  if (!context) return context.error();
  auto created = render::Renderer::create();
  if (!created) return created.error();
  render::Renderer& r = *created.value();
  r.load(scene, settings.model_folder, settings.asset_root);
  r.set_pose(settings.animation, settings.time);

  const float aspect = static_cast<float>(settings.width) / static_cast<float>(settings.height);
  // Framed on every pose of the animation, so that renders of one animation at several times share a
  // camera and no pose leaves the picture.
  const Bounds framed = r.animation_bounds(settings.animation);
  render::Camera camera = render::orbit_camera(framed, settings.yaw, settings.pitch, aspect);
  // An explicit view (the viewer's "copy aem render command") replaces the framing.
  if (settings.target) camera.target = *settings.target;
  if (settings.distance > 0.0f) camera.distance = settings.distance;
  if (settings.target || settings.distance > 0.0f) render::fit_clip_planes(camera, framed);

  render::DrawOptions draw;
  draw.background = settings.background;
  draw.wireframe = settings.wireframe;
  draw.skeleton = settings.skeleton;
  draw.grid = settings.grid;
  draw.wire_overlay = settings.overlay;
  draw.normals = settings.normals;
  draw.tangents = settings.tangents;
  draw.uv_checker = settings.uv_checker;
  draw.selected_joint = settings.joint;
  render::OffscreenTarget target(settings.width, settings.height);
  target.bind();
  r.draw(camera, settings.width, settings.height, draw);
  return RenderedImage{settings.width, settings.height, target.read(), r.textures().problems()};
}

}  // namespace aem
