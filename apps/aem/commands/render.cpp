// `aem render FILE -o PNG`: draws a model headless (EGL, no window system) into a PNG image.
#include <fmt/core.h>

#include <charconv>
#include <cmath>
#include <cstdio>

#include "aem/io.hpp"
#include "commands/animation_choice.hpp"
#include "commands/commands.hpp"
#include "render/headless/egl_context.hpp"
#include "render/offscreen.hpp"
#include "render/renderer.hpp"

namespace aem::cli {
namespace {

bool parse_int(std::string_view text, int& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

/// "WxH" with both in 1..16384.
bool parse_size(const std::string& text, int& width, int& height) {
  const auto x = text.find('x');
  if (x == std::string::npos) return false;
  return parse_int(std::string_view(text).substr(0, x), width) && parse_int(std::string_view(text).substr(x + 1), height) &&
         width >= 1 && height >= 1 && width <= 16384 && height <= 16384;
}

/// "transparent" or "#rrggbb".
bool parse_background(const std::string& text, Vec4& colour) {
  if (text == "transparent") {
    colour = {0, 0, 0, 0};
    return true;
  }
  unsigned rgb = 0;
  if (text.size() != 7 || text[0] != '#') return false;
  auto [end, ec] = std::from_chars(text.data() + 1, text.data() + 7, rgb, 16);
  if (ec != std::errc() || end != text.data() + 7) return false;
  colour = {((rgb >> 16) & 255) / 255.0f, ((rgb >> 8) & 255) / 255.0f, (rgb & 255) / 255.0f, 1.0f};
  return true;
}

/// "X,Y,Z" as three finite numbers.
bool parse_vec3(const std::string& text, Vec3& out) {
  float v[3] = {};
  const char* p = text.data();
  const char* end = text.data() + text.size();
  for (int i = 0; i < 3; ++i) {
    if (i > 0) {
      if (p == end || *p != ',') return false;
      ++p;
    }
    auto [next, ec] = std::from_chars(p, end, v[i]);
    if (ec != std::errc() || !std::isfinite(v[i])) return false;
    p = next;
  }
  out = {v[0], v[1], v[2]};
  return p == end;
}

}  // namespace

int run_render(const RenderOptions& options) {
  int width = 0, height = 0;
  if (!parse_size(options.size, width, height)) {
    fmt::print(stderr, "error: --size wants WIDTHxHEIGHT (1..16384 each), not \"{}\"\n", options.size);
    return kExitUsage;
  }
  if (!std::isfinite(options.time) || !std::isfinite(options.yaw) || !std::isfinite(options.pitch)) {
    fmt::print(stderr, "error: --time, --yaw and --pitch must be finite numbers\n");
    return kExitUsage;
  }
  render::DrawOptions draw;
  if (!options.background.empty() && !parse_background(options.background, draw.background)) {
    fmt::print(stderr, "error: --background wants \"transparent\" or #rrggbb, not \"{}\"\n", options.background);
    return kExitUsage;
  }
  draw.wireframe = options.wireframe;
  draw.skeleton = options.skeleton;
  draw.grid = !options.no_grid;
  draw.wire_overlay = options.overlay;
  draw.normals = options.normals;
  draw.tangents = options.tangents;
  draw.uv_checker = options.uv_checker;
  draw.selected_joint = options.joint;
  Vec3 orbit_target{};
  if (!options.target.empty() && !parse_vec3(options.target, orbit_target)) {
    fmt::print(stderr, "error: --target wants X,Y,Z, not \"{}\"\n", options.target);
    return kExitUsage;
  }
  if (!std::isfinite(options.distance) || options.distance < 0.0f) {
    fmt::print(stderr, "error: --distance must be a finite number >= 0\n");
    return kExitUsage;
  }

  auto scene = read_scene(options.file, ReadOptions{.asset_root = options.asset_root});
  if (!scene) {
    fmt::print(stderr, "{}\n", scene.error().to_string());
    return kExitInvalid;
  }
  std::vector<std::string> names;
  for (const auto& a : scene->animations) names.push_back(a.name);
  // Default: the first animation when there is one (its pose at --time), else the bind pose.
  const std::string spec = options.animation.empty() ? (names.empty() ? "-1" : "0") : options.animation;
  const auto animation = find_animation(spec, names);
  if (!animation) return fail_animation(options.file, spec, names);

  auto context = render::HeadlessContext::create();
  if (!context) {
    fmt::print(stderr, "error: cannot render: no OpenGL 3.3 core context through EGL: {}\n", context.error().message);
    return kExitInvalid;
  }
  auto renderer = render::Renderer::create();
  if (!renderer) {
    fmt::print(stderr, "{}\n", renderer.error().to_string());
    return kExitInvalid;
  }
  auto& r = *renderer.value();
  r.load(scene.value(), std::filesystem::path(options.file).parent_path(), options.asset_root);
  for (const auto& problem : r.textures().problems()) fmt::print(stderr, "warning: {}\n", problem);
  if (r.scene().triangle_count() == 0) fmt::print(stderr, "warning: {} has no triangles; the image shows the background only\n", options.file);
  r.set_pose(*animation, options.time);

  const float aspect = static_cast<float>(width) / static_cast<float>(height);
  // Framed on every pose of the animation, so that renders of one animation at several times share a
  // camera and no pose leaves the picture.
  const Bounds framed = r.animation_bounds(*animation);
  render::Camera camera = render::orbit_camera(framed, options.yaw, options.pitch, aspect);
  // An explicit view (the viewer's "copy aem render command") replaces the framing.
  if (!options.target.empty()) camera.target = orbit_target;
  if (options.distance > 0.0f) camera.distance = options.distance;
  if (!options.target.empty() || options.distance > 0.0f) render::fit_clip_planes(camera, framed);
  render::OffscreenTarget target(width, height);
  target.bind();
  r.draw(camera, width, height, draw);
  const auto status = render::write_png(options.output, width, height, target.read());
  if (!status) {
    fmt::print(stderr, "{}\n", status.error().to_string());
    return kExitInvalid;
  }
  fmt::print("wrote {} ({}x{})\n", options.output, width, height);
  return kExitOk;
}

}  // namespace aem::cli
