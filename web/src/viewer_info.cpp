#include "viewer_info.hpp"

#include "json_writer.hpp"
#include "render/render_scene.hpp"

namespace aem::web {
namespace {

void write_diagnostic(cli::JsonWriter& json, const Diagnostic& d, std::string_view key, const char* severity) {
  json.begin_object(key).value("code", d.code).value("format", d.format).value("file", d.file).value("path", d.path);
  if (d.offset) json.value("offset", *d.offset);
  if (d.line) json.value("line", static_cast<std::uint64_t>(*d.line));
  json.value("message", d.message).value("text", d.to_string(severity)).end_object();
}

}  // namespace

std::string scene_info_json(const Scene& scene, const Scene& prepared, const std::vector<Warning>& warnings,
                            const std::vector<std::string>& texture_problems) {
  cli::JsonWriter json;
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
    const std::pair<const char*, std::int32_t> slots[] = {{"base colour", t.base_color}, {"normal", t.normal}, {"ORM", t.orm},
                                                          {"metallic-roughness", t.metallic_roughness}, {"occlusion", t.occlusion},
                                                          {"emissive", t.emissive}, {"specular", t.specular}};
    for (const auto& [slot, index] : slots)
      if (index >= 0 && static_cast<std::size_t>(index) < scene.textures.size())
        json.begin_object().value("slot", slot).value("texture", scene.textures[index].name).end_object();
    json.end_array().end_object();
  }
  json.end_array().begin_array("textures");
  // Images a reader read from a file dropped beside the model carry its bytes but are not embedded.
  for (const Texture& t : scene.textures)
    json.begin_object().value("name", t.name).value("embedded", !t.data.empty() && !t.loaded_from_file).end_object();
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
  for (const Warning& w : warnings) write_diagnostic(json, w, {}, "warning");
  for (const std::string& p : texture_problems) json.begin_object().value("text", "warning: " + p).end_object();
  json.end_array().end_object();
  return json.str();
}

std::string error_json(const Error& error) {
  cli::JsonWriter json;
  json.begin_object().value("ok", false);
  write_diagnostic(json, error, "error", "error");
  json.end_object();
  return json.str();
}

}  // namespace aem::web
