#include "render_command.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>

namespace aem::viewer {

std::string shell_quote(const std::string& text) {
  bool plain = !text.empty();
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && std::string_view("_./,:=+-").find(c) == std::string_view::npos)
      plain = false;
  if (plain) return text;
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

namespace {

/// `value` with `decimals` digits after the point, without trailing zeros or a minus on zero.
std::string rounded(double value, int decimals) {
  std::string text = fmt::format("{:.{}f}", value, decimals);
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  return text == "-0" ? "0" : text;
}

/// Digits after the point that resolve `step`.
int decimals_for(double step) {
  return std::isfinite(step) && step > 0 ? std::max(0, static_cast<int>(std::ceil(-std::log10(step)))) : 6;
}

}  // namespace

std::string render_command(const ViewDescription& v) {
  const render::Camera& c = v.camera;
  // Rounded to a tenth of a pixel of this view, so the line is short and redraws the same picture:
  // lengths by the size of a pixel at the target's distance, angles by the field of view per pixel.
  // The time stays exact (the shortest text of the float): a STEP key at a frame time must still hold.
  const double height = std::max(v.height, 1);
  const double pixel = 2.0 * c.distance * std::tan(c.fov_y_degrees * std::numbers::pi / 360.0) / height;
  const int length = decimals_for(pixel / 10), angle = decimals_for(c.fov_y_degrees / height / 10);
  std::string cmd = fmt::format(
      "aem render {} -o view.png --size {}x{} --anim {} --time {} --yaw {} --pitch {} --target {},{},{} --distance {}",
      shell_quote(v.file), v.width, v.height, v.animation, v.time, rounded(c.yaw_degrees, angle),
      rounded(c.pitch_degrees, angle), rounded(c.target.x, length), rounded(c.target.y, length),
      rounded(c.target.z, length), rounded(c.distance, length));
  const render::DrawOptions& d = v.draw;
  const render::DrawOptions defaults;
  if (d.background.x != defaults.background.x || d.background.y != defaults.background.y ||
      d.background.z != defaults.background.z) {
    const auto byte = [](float f) { return static_cast<int>(std::lround(std::clamp(f, 0.0f, 1.0f) * 255.0f)); };
    cmd += fmt::format(" --background '#{:02x}{:02x}{:02x}'", byte(d.background.x), byte(d.background.y),
                       byte(d.background.z));
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
