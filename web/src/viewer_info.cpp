#include "viewer_info.hpp"

#include <algorithm>

#include "core/json_writer.hpp"
#include "render/render_scene.hpp"

namespace aem::web {
namespace {

/// `text` with every "FOLDER/" taken out, so that the page's files read as the user named them.
std::string without_folder(std::string text, const std::filesystem::path& folder) {
  if (folder.empty()) return text;
  const std::string prefix = folder.string() + "/";
  for (auto at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at)) text.erase(at, prefix.size());
  return text;
}

Diagnostic without_folder(Diagnostic d, const std::filesystem::path& folder) {
  d.file = without_folder(d.file, folder);
  d.path = without_folder(d.path, folder);
  d.message = without_folder(d.message, folder);
  return d;
}

void write_diagnostic(detail::JsonWriter& json, const Diagnostic& d, std::string_view key, const char* severity) {
  json.begin_object(key).value("code", d.code).value("format", d.format).value("file", d.file).value("path", d.path);
  if (d.offset) json.value("offset", *d.offset);
  if (d.line) json.value("line", static_cast<std::uint64_t>(*d.line));
  if (d.column) json.value("column", static_cast<std::uint64_t>(*d.column));
  json.value("message", d.message).value("text", d.to_string(severity)).end_object();
}

/// Where the image of `texture` came from: stored in the model, read from a file among the user's
/// (`folder`), or nowhere (`drawn`: the renderer has it).
const char* texture_source(const Texture& texture, bool drawn, const std::filesystem::path& folder) {
  if (texture.data.empty()) return drawn ? "file" : "missing";
  if (texture.loaded_from_file) return "file";
  // The glTF reader reads the images its file names by URI without marking them so: one of the
  // user's files by that name is where the bytes came from.
  const std::filesystem::path name(texture.name);
  std::error_code ec;
  const bool named_file = !name.empty() && name.is_relative() && std::filesystem::is_regular_file(folder / name, ec);
  return named_file ? "file" : "embedded";
}

/// The warnings to show: the reader's, then the renderer's texture problems, without the folder, each
/// text once, and without a renderer problem about an image the reader has already warned about.
std::vector<std::string> warning_texts(const Scene& scene, const std::vector<Warning>& warnings,
                                       const std::vector<std::string>& problems, const std::filesystem::path& folder) {
  std::vector<std::string> texts;
  const auto add = [&](std::string text) {
    if (std::find(texts.begin(), texts.end(), text) == texts.end()) texts.push_back(std::move(text));
  };
  for (const Warning& w : warnings) add(without_folder(w, folder).to_string("warning"));
  const std::size_t from_reader = texts.size();
  for (const std::string& problem : problems) {
    const auto already_said = [&](const Texture& t) {
      return !t.name.empty() && problem.find("\"" + t.name + "\"") != std::string::npos &&
             std::any_of(texts.begin(), texts.begin() + static_cast<std::ptrdiff_t>(from_reader),
                         [&](const std::string& w) { return w.find(t.name) != std::string::npos; });
    };
    if (std::none_of(scene.textures.begin(), scene.textures.end(), already_said))
      add("warning: " + without_folder(problem, folder));
  }
  return texts;
}

}  // namespace

std::string scene_info_json(const Scene& scene, const render::Renderer& renderer, const std::vector<Warning>& warnings,
                            const std::filesystem::path& folder) {
  const Scene& prepared = renderer.scene();
  detail::JsonWriter json;
  json.begin_object().value("ok", true).value("format", scene.source_format).value("name", scene.name);
  json.begin_object("notes");
  for (const SourceNote& n : scene.source_notes) json.value(n.key, n.value);
  json.end_object();
  json.begin_object("counts")
      .value("meshes", static_cast<std::uint64_t>(scene.meshes.size()))
      .value("drawn_meshes", static_cast<std::uint64_t>(prepared.meshes.size()))
      .value("vertices", static_cast<std::uint64_t>(scene.vertex_count()))
      .value("triangles", static_cast<std::uint64_t>(scene.triangle_count()))
      .value("materials", static_cast<std::uint64_t>(scene.materials.size()))
      .value("textures", static_cast<std::uint64_t>(scene.textures.size()))
      .value("joints", static_cast<std::uint64_t>(scene.joints.size()))
      .value("animations", static_cast<std::uint64_t>(scene.animations.size()))
      .end_object();
  json.begin_array("materials");
  for (const Material& m : scene.materials) {
    json.begin_object().value("name", m.name).begin_array("textures");
    const auto& t = m.textures;
    const std::pair<const char*, std::int32_t> slots[] = {{"base colour", t.base_color},
                                                          {"normal", t.normal},
                                                          {"ORM", t.orm},
                                                          {"metallic-roughness", t.metallic_roughness},
                                                          {"occlusion", t.occlusion},
                                                          {"emissive", t.emissive},
                                                          {"specular", t.specular}};
    for (const auto& [slot, index] : slots)
      if (index >= 0 && static_cast<std::size_t>(index) < scene.textures.size())
        json.begin_object().value("slot", slot).value("texture", scene.textures[index].name).end_object();
    json.end_array().end_object();
  }
  json.end_array().begin_array("textures");
  for (std::size_t i = 0; i < scene.textures.size(); ++i) {
    const bool drawn = renderer.textures().size(static_cast<std::int32_t>(i)).first > 0;
    json.begin_object()
        .value("name", scene.textures[i].name)
        .value("source", texture_source(scene.textures[i], drawn, folder))
        .end_object();
  }
  json.end_array().begin_array("joints");
  for (const Joint& j : scene.joints) json.begin_object().value("name", j.name).value("parent", j.parent).end_object();
  json.end_array().begin_array("animations");
  for (const Animation& a : scene.animations)
    json.begin_object().value("name", a.name).value("duration", static_cast<double>(a.duration)).end_object();
  json.end_array();
  const VertexAnimation& va = scene.vertex_animation;
  json.begin_object("vertex_animation")
      .value("frames", static_cast<std::uint64_t>(va.frame_count))
      .value("frame_rate", static_cast<double>(va.frame_rate))
      // What the renderer plays at: an unknown rate (CEM stores none) plays at its default.
      .value("playback_rate", static_cast<double>(render::vertex_playback_rate(va)))
      .end_object();
  json.begin_array("warnings");
  for (const std::string& text : warning_texts(scene, warnings, renderer.textures().problems(), folder))
    json.begin_object().value("text", text).end_object();
  json.end_array().end_object();
  return json.str();
}

std::string error_json(const Error& error, const std::filesystem::path& folder) {
  detail::JsonWriter json;
  json.begin_object().value("ok", false);
  write_diagnostic(json, without_folder(error, folder), "error", "error");
  json.end_object();
  return json.str();
}

}  // namespace aem::web
