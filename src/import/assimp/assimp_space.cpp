#include "import/assimp/assimp_space.hpp"

#include <assimp/scene.h>

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "import/assimp/assimp_metadata.hpp"

namespace aem::formats {
namespace {

/// FBX's axis number (0 x, 1 y, 2 z) and sign (+1, -1) as a direction; none when either is not one.
std::optional<AxisDirection> fbx_axis(const aiScene& ai, const char* axis_key, const char* sign_key) {
  const auto axis = assimp_metadata_number(ai, axis_key), sign = assimp_metadata_number(ai, sign_key);
  if (!axis || !sign || (*axis != 0 && *axis != 1 && *axis != 2) || (*sign != 1 && *sign != -1)) return std::nullopt;
  return static_cast<AxisDirection>(static_cast<int>(*axis) * 2 + (*sign < 0 ? 1 : 0));
}

/// The file's right, up and front axes to the scene's X, Y and Z, scaled to metres.
Mat4 basis_to_scene(AxisDirection right, AxisDirection up, AxisDirection front, float metres) {
  const std::array<Vec3, 3> rows = {axis_vector(right), axis_vector(up), axis_vector(front)};
  Mat4 m;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m(r, c) = (&rows[r].x)[c] * metres;
  return m;
}

/// FBX through Assimp 5.2: the declarations are reported and left to us.
AssimpSpace fbx_space(const aiScene& ai) {
  AssimpSpace out;
  float metres = 1.0f;
  if (const auto centimetres = assimp_metadata_number(ai, "UnitScaleFactor")) {
    const double per_unit = *centimetres / 100.0;
    if (per_unit >= std::numeric_limits<float>::min() && per_unit <= std::numeric_limits<float>::max()) {
      out.declared.meters_per_unit = per_unit;
      metres = static_cast<float>(per_unit);
    } else {
      out.ignored = fmt::format("UnitScaleFactor {:g} is no length", *centimetres);
    }
  }
  const bool any_axis =
      assimp_metadata(ai, "UpAxis") || assimp_metadata(ai, "FrontAxis") || assimp_metadata(ai, "CoordAxis");
  const auto up = fbx_axis(ai, "UpAxis", "UpAxisSign"), front = fbx_axis(ai, "FrontAxis", "FrontAxisSign"),
             right = fbx_axis(ai, "CoordAxis", "CoordAxisSign");
  const auto axis_of = [](AxisDirection d) { return static_cast<int>(d) / 2; };
  if (up && front && right && axis_of(*up) != axis_of(*front) && axis_of(*up) != axis_of(*right) &&
      axis_of(*front) != axis_of(*right)) {
    out.declared.up = up, out.declared.front = front, out.declared.right = right;
    out.to_scene = basis_to_scene(*right, *up, *front, metres);
  } else {
    if (any_axis)
      out.ignored += (out.ignored.empty() ? "" : "; ") +
                     std::string("UpAxis, FrontAxis and CoordAxis with their signs do not name three different axes");
    out.to_scene = scale_matrix({metres, metres, metres});
  }
  return out;
}

std::string_view trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

/// The value of attribute `name` in the tag text `tag` (quoted with ' or "), or empty.
std::string_view attribute(std::string_view tag, std::string_view name) {
  for (std::size_t at = tag.find(name); at != std::string_view::npos; at = tag.find(name, at + 1)) {
    const bool starts_word =
        at > 0 && (tag[at - 1] == ' ' || tag[at - 1] == '\t' || tag[at - 1] == '\n' || tag[at - 1] == '\r');
    std::size_t p = at + name.size();
    while (p < tag.size() && (tag[p] == ' ' || tag[p] == '\t')) ++p;
    if (!starts_word || p >= tag.size() || tag[p] != '=') continue;
    ++p;
    while (p < tag.size() && (tag[p] == ' ' || tag[p] == '\t')) ++p;
    if (p >= tag.size() || (tag[p] != '"' && tag[p] != '\'')) return {};
    const std::size_t close = tag.find(tag[p], p + 1);
    return close == std::string_view::npos ? std::string_view{} : tag.substr(p + 1, close - p - 1);
  }
  return {};
}

}  // namespace

SourceSpace collada_asset_space(std::string_view document) {
  SourceSpace out;
  const std::size_t open = document.find("<asset");
  const std::size_t close = open == std::string_view::npos ? open : document.find("</asset>", open);
  if (close == std::string_view::npos) return out;
  const std::string_view asset = document.substr(open, close - open);

  if (const std::size_t unit = asset.find("<unit"); unit != std::string_view::npos) {
    const std::string_view tag = asset.substr(unit, asset.find('>', unit) - unit);
    const std::string_view meter = trimmed(attribute(tag, "meter"));
    double value = 0;
    const auto [end, error] = std::from_chars(meter.data(), meter.data() + meter.size(), value);
    if (error == std::errc() && end == meter.data() + meter.size() && std::isfinite(value) && value > 0)
      out.meters_per_unit = value;
  }
  if (const std::size_t up = asset.find("<up_axis>"); up != std::string_view::npos) {
    const std::size_t begin = up + 9, end = asset.find("</up_axis>", begin);
    // Exactly one of the schema's values, as Assimp takes them: " Z_UP " is no up axis to Assimp, which
    // then leaves the numbers as they are.
    const std::string_view axis = end == std::string_view::npos ? std::string_view{} : asset.substr(begin, end - begin);
    // The right, up and in axes the Collada 1.4 specification gives each value (X_UP, Y_UP, Z_UP).
    if (axis.size() == 4 && axis.ends_with("_UP")) switch (axis[0]) {
        case 'X':
          out.right = AxisDirection::NegY, out.up = AxisDirection::PosX, out.front = AxisDirection::PosZ;
          break;
        case 'Y':
          out.right = AxisDirection::PosX, out.up = AxisDirection::PosY, out.front = AxisDirection::PosZ;
          break;
        case 'Z':
          out.right = AxisDirection::PosX, out.up = AxisDirection::PosZ, out.front = AxisDirection::NegY;
          break;
        default:
          break;
      }
  }
  return out;
}

AssimpSpace assimp_space(const aiScene& ai, std::string_view document) {
  const std::string format = assimp_source_format(ai);
  if (format == "Autodesk FBX Importer") return fbx_space(ai);
  AssimpSpace out;
  if (format == "Collada Importer") out.declared = collada_asset_space(document);
  return out;
}

}  // namespace aem::formats
