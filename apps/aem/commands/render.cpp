// `aem render FILE -o PNG`: draws a model headless (EGL, no window system) into a PNG image.
#include <dlfcn.h>
#include <fmt/core.h>

#include <charconv>
#include <cmath>
#include <cstdio>

#include "aem/io.hpp"
#include "commands/animation_choice.hpp"
#include "commands/commands.hpp"
#include "commands/hints.hpp"
#include "commands/render_module.hpp"
#include "commands/tool_reads.hpp"
#include "io/read_worker.hpp"

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
  return parse_int(std::string_view(text).substr(0, x), width) &&
         parse_int(std::string_view(text).substr(x + 1), height) && width >= 1 && height >= 1 && width <= 16384 &&
         height <= 16384;
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

/// The renderer module's functions, opened from the first place that has it (it stays loaded until
/// the tool exits); null after printing why when none does.
const RenderFunctions* open_render_module() {
  std::string why;
  for (const auto& place : detail::helper_places(kRenderModuleName)) {
    if (void* module = ::dlopen(place.c_str(), RTLD_NOW | RTLD_LOCAL)) {
      if (const void* functions = ::dlsym(module, kRenderFunctionsSymbol))
        return static_cast<const RenderFunctions*>(functions);
      why += fmt::format("\n  {}: it has no {}", place.string(), kRenderFunctionsSymbol);
    } else {
      why += fmt::format("\n  {}", ::dlerror());
    }
  }
  fmt::print(stderr, "error: cannot render: the renderer module {} is missing:{}\n", kRenderModuleName, why);
  return nullptr;
}

}  // namespace

int run_render(const RenderOptions& options) {
  RenderSettings settings;
  if (!parse_size(options.size, settings.width, settings.height)) {
    fmt::print(stderr, "error: --size wants WIDTHxHEIGHT (1..16384 each), not \"{}\"\n", options.size);
    return kExitUsage;
  }
  if (!std::isfinite(options.time) || !std::isfinite(options.yaw) || !std::isfinite(options.pitch)) {
    fmt::print(stderr, "error: --time, --yaw and --pitch must be finite numbers\n");
    return kExitUsage;
  }
  if (!options.background.empty() && !parse_background(options.background, settings.background)) {
    fmt::print(stderr, "error: --background wants \"transparent\" or #rrggbb, not \"{}\"\n", options.background);
    return kExitUsage;
  }
  settings.time = options.time;
  settings.yaw = options.yaw;
  settings.pitch = options.pitch;
  settings.wireframe = options.wireframe;
  settings.skeleton = options.skeleton;
  settings.grid = !options.no_grid;
  settings.overlay = options.overlay;
  settings.normals = options.normals;
  settings.tangents = options.tangents;
  settings.uv_checker = options.uv_checker;
  settings.joint = options.joint;
  if (!options.target.empty() && !parse_vec3(options.target, settings.target.emplace())) {
    fmt::print(stderr, "error: --target wants X,Y,Z, not \"{}\"\n", options.target);
    return kExitUsage;
  }
  if (!std::isfinite(options.distance) || options.distance < 0.0f) {
    fmt::print(stderr, "error: --distance must be a finite number >= 0\n");
    return kExitUsage;
  }
  settings.distance = options.distance;

  auto scene = read_scene(options.file, tool_read_options(options.asset_root));
  if (!scene) {
    fmt::print(stderr, "{}\n", diagnostic_text(scene.error()));
    return kExitInvalid;
  }
  std::vector<std::string> names;
  for (const auto& a : scene->animations) names.push_back(a.name);
  // Default: the first animation when there is one (its pose at --time), else the bind pose.
  const std::string spec = options.animation.empty() ? (names.empty() ? "-1" : "0") : options.animation;
  const auto animation = find_animation(spec, names);
  if (!animation) return fail_animation(options.file, spec, names);
  settings.animation = *animation;
  settings.model_folder = std::filesystem::path(options.file).parent_path();
  settings.asset_root = options.asset_root;

  const RenderFunctions* renderer = open_render_module();
  if (!renderer) return kExitInvalid;
  auto image = renderer->render(scene.value(), settings);
  if (!image) {
    if (image.error().code == "RENDER_NO_GL")
      fmt::print(stderr, "error: cannot render: no OpenGL 3.3 core context through EGL: {}\n", image.error().message);
    else
      fmt::print(stderr, "{}\n", diagnostic_text(image.error()));
    return kExitInvalid;
  }
  for (const auto& note : image->notes) fmt::print(stderr, "warning: {}\n", note);
  if (scene->triangle_count() == 0)
    fmt::print(stderr, "warning: {} has no triangles; the image shows the background only\n", options.file);
  const auto status = renderer->write_png(options.output, image->width, image->height, image->rgba);
  if (!status) {
    fmt::print(stderr, "{}\n", diagnostic_text(status.error()));
    return kExitInvalid;
  }
  fmt::print("wrote {} ({}x{})\n", options.output, image->width, image->height);
  return kExitOk;
}

}  // namespace aem::cli
