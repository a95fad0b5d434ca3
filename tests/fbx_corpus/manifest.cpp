#include "fbx_corpus/manifest.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace aem::fbx_corpus {
namespace {

constexpr std::string_view kNone = "-";
constexpr std::size_t kFields = 10;

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  for (std::size_t begin = 0;;) {
    const std::size_t end = text.find(separator, begin);
    out.push_back(text.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin));
    if (end == std::string_view::npos) return out;
    begin = end + 1;
  }
}

double finite_number(std::string_view text, const char* field) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(value))
    throw std::runtime_error(std::string(field) + " is not a number: \"" + std::string(text) + "\"");
  return value;
}

}  // namespace

std::optional<FrameCase> parse_manifest_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.empty() || line[0] == '#') return std::nullopt;
  const auto f = split(line, '\t');
  if (f.size() != kFields)
    throw std::runtime_error("a case has " + std::to_string(kFields) + " tab-separated fields, this line " +
                             std::to_string(f.size()));
  FrameCase c;
  c.id = f[0];
  c.fbx = std::string(f[1]);
  c.glb = std::string(f[2]);
  c.obj = std::string(f[3]);
  if (f[4] != kNone) c.animation = std::string(f[4]);
  if (f[5] != kNone) c.time = finite_number(f[5], "time");
  c.placement.scale = finite_number(f[6], "scale");
  const auto q = split(f[7], ',');
  if (q.size() != 4) throw std::runtime_error("rotation needs w,x,y,z");
  for (std::size_t i = 0; i < 4; ++i) c.placement.rotation[i] = finite_number(q[i], "rotation");
  if (f[8] != kNone) {
    c.placement.load_axes = axis_system_named(f[8]);
    if (!c.placement.load_axes) throw std::runtime_error("unknown axes \"" + std::string(f[8]) + "\"");
  }
  if (f[9] != kNone) c.placement.load_unit_meters = finite_number(f[9], "load_unit");
  return c;
}

}  // namespace aem::fbx_corpus
