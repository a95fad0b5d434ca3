#include "render_command.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace aem::viewer {

std::string shell_quote(const std::string& text) {
  bool plain = !text.empty();
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && std::string_view("_./,:=+-").find(c) == std::string_view::npos) plain = false;
  if (plain) return text;
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string render_command(const ViewDescription& v) {
  const render::Camera& c = v.camera;
  // {:.9g} keeps every float bit, so the command poses and frames exactly as the viewer did.
  std::string cmd = fmt::format("aem render {} -o view.png --size {}x{} --anim {} --time {:.9g} --yaw {:.9g} --pitch {:.9g} "
                                "--target {:.9g},{:.9g},{:.9g} --distance {:.9g}",
                                shell_quote(v.file), v.width, v.height, v.animation, v.time, c.yaw_degrees, c.pitch_degrees,
                                c.target.x, c.target.y, c.target.z, c.distance);
  const render::DrawOptions& d = v.draw;
  const render::DrawOptions defaults;
  if (d.background.x != defaults.background.x || d.background.y != defaults.background.y || d.background.z != defaults.background.z) {
    const auto byte = [](float f) { return static_cast<int>(std::lround(std::clamp(f, 0.0f, 1.0f) * 255.0f)); };
    cmd += fmt::format(" --background '#{:02x}{:02x}{:02x}'", byte(d.background.x), byte(d.background.y), byte(d.background.z));
  }
  if (d.wireframe) cmd += " --wireframe";
  if (d.wire_overlay && !d.wireframe) cmd += " --overlay";
  if (d.skeleton) cmd += " --skeleton";
  if (!d.grid) cmd += " --no-grid";
  if (d.normals) cmd += " --normals";
  if (d.tangents) cmd += " --tangents";
  if (d.uv_checker) cmd += " --uv-checker";
  if (d.selected_joint >= 0) cmd += fmt::format(" --joint {}", d.selected_joint);
  return cmd;
}

}  // namespace aem::viewer
