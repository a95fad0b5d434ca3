#include "commands/manifest.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/file.hpp"

namespace aem::cli {
namespace {

Error invalid(const std::string& file, const std::string& where, const std::string& what) {
  return Error{.code = "CLI_MANIFEST_INVALID", .format = "manifest", .file = file, .path = where, .message = what};
}

/// Applies one entry's "options" object; returns the offending key's message, or "" when all applied.
std::string apply_options(const nlohmann::json& json, ConvertCliOptions& o) {
  if (!json.is_object()) return "\"options\" must be an object";
  for (const auto& [key, value] : json.items()) {
    try {
      if (key == "scale")
        o.scale = value.get<float>();
      else if (key == "up")
        o.up = value.get<std::string>();
      else if (key == "to")
        o.to = value.get<std::string>();
      else if (key == "flip_uv")
        o.flip_uv = value.get<bool>();
      else if (key == "no_textures")
        o.no_textures = value.get<bool>();
      else if (key == "optimize")
        o.optimize = value.get<bool>();
      else if (key == "weld")
        o.weld = value.get<bool>();
      else if (key == "fps")
        o.fps = value.get<float>();
      else if (key == "anim_error")
        o.anim_error = value.get<float>();
      else if (key == "lods")
        o.lods = value.get<int>();
      else if (key == "compress")
        o.compress = value.get<bool>();
      else if (key == "embed")
        o.embed = value.get<bool>();
      else
        return "unknown option \"" + key + "\"";
    } catch (const nlohmann::json::exception&) {
      return "option \"" + key + "\" has the wrong type";
    }
  }
  if (!o.up.empty() && o.up != "y" && o.up != "z") return "option \"up\" must be \"y\" or \"z\"";
  if (o.lods < 0 || o.lods > 16) return "option \"lods\" must be 0..16";
  if (json.contains("anim_error") && !(o.anim_error >= 0)) return "option \"anim_error\" must be 0 or more";
  return "";
}

}  // namespace

Result<std::vector<ManifestEntry>> read_manifest(const std::string& file, const ConvertCliOptions& defaults) {
  auto bytes = detail::read_file(file);
  if (!bytes) return bytes.error();
  const auto json = nlohmann::json::parse(reinterpret_cast<const char*>(bytes->data()),
                                          reinterpret_cast<const char*>(bytes->data()) + bytes->size(), nullptr, false);
  if (json.is_discarded()) return invalid(file, "", "not valid JSON");
  if (!json.is_array()) return invalid(file, "", "the manifest must be a JSON list of {input, output, options}");
  const std::filesystem::path base = std::filesystem::path(file).parent_path();
  std::vector<ManifestEntry> entries;
  for (std::size_t i = 0; i < json.size(); ++i) {
    const auto& item = json[i];
    const std::string where = "[" + std::to_string(i) + "]";
    if (!item.is_object() || !item.contains("input") || !item.contains("output") || !item["input"].is_string() ||
        !item["output"].is_string())
      return invalid(file, where, "each entry needs \"input\" and \"output\" strings");
    for (const auto& [key, value] : item.items())
      if (key != "input" && key != "output" && key != "options")
        return invalid(file, where, "unknown key \"" + key + "\"");
    ManifestEntry e{(base / item["input"].get<std::string>()).string(),
                    (base / item["output"].get<std::string>()).string(), defaults};
    if (item.contains("options"))
      if (auto problem = apply_options(item["options"], e.options); !problem.empty())
        return invalid(file, where, problem);
    entries.push_back(std::move(e));
  }
  return entries;
}

}  // namespace aem::cli
