// `aem info FILE [--json]`: what a model contains, for people or machines.
#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <functional>

#include "commands/commands.hpp"
#include "commands/hints.hpp"
#include "commands/repeated_warnings.hpp"
#include "commands/tool_reads.hpp"
#include "commands/info_summary.hpp"
#include "core/json_writer.hpp"
#include "render/render_scene.hpp"

namespace aem::cli {
namespace {

/// Totals over all meshes, as Scene::vertex_count and friends count them.
struct Totals {
  std::uint64_t vertices = 0, indices = 0, triangles = 0;
};

Totals totals(const InfoSummary& info) {
  Totals t;
  for (const auto& m : info.meshes) {
    t.vertices += m.vertices;
    t.indices += m.indices;
    t.triangles += m.indices / 3;
  }
  return t;
}

std::string texture_label(const Scene& s, std::int32_t t) {
  if (t < 0 || static_cast<std::size_t>(t) >= s.textures.size()) return "-";
  const auto& tex = s.textures[t];
  return tex.name.empty() ? fmt::format("#{} (embedded)", t) : tex.name;
}

void print_joint_tree(const Scene& s) {
  std::vector<std::vector<std::size_t>> children(s.joints.size());
  std::vector<std::size_t> roots;
  for (std::size_t j = 0; j < s.joints.size(); ++j) {
    auto p = s.joints[j].parent;
    if (p >= 0 && static_cast<std::size_t>(p) < s.joints.size() && p != static_cast<std::int32_t>(j))
      children[p].push_back(j);
    else
      roots.push_back(j);
  }
  std::vector<bool> seen(s.joints.size(), false);
  std::function<void(std::size_t, int)> walk = [&](std::size_t j, int depth) {
    if (seen[j]) return;
    seen[j] = true;
    fmt::print("  {:>4}  {}{}\n", j, std::string(2 * depth, ' '),
               s.joints[j].name.empty() ? "(unnamed)" : s.joints[j].name);
    for (auto c : children[j]) walk(c, depth + 1);
  };
  for (auto r : roots) walk(r, 0);
}

void print_text(const std::string& file, const InfoSummary& info) {
  const Scene& s = info.scene;
  const Totals total = totals(info);
  fmt::print("{}: {}\n", file, s.source_format);
  for (const auto& n : shown_notes(s)) fmt::print("  {}: {}\n", n.key, n.value);
  fmt::print("  vertices {}, triangles {}, meshes {}, materials {}, textures {}, joints {}, nodes {}, animations {}\n",
             total.vertices, total.triangles, s.meshes.size(), s.materials.size(), s.textures.size(), s.joints.size(),
             s.nodes.size(), s.animations.size());
  if (const Bounds& b = info.bounds; !b.empty())
    fmt::print("  bounds ({:.4g}, {:.4g}, {:.4g}) .. ({:.4g}, {:.4g}, {:.4g})\n", b.min.x, b.min.y, b.min.z, b.max.x,
               b.max.y, b.max.z);
  if (!s.meshes.empty()) fmt::print("meshes\n");
  for (std::size_t i = 0; i < s.meshes.size(); ++i) {
    const InfoSummary::MeshCounts& c = info.meshes[i];
    fmt::print("  {:>4}  {:<24} {:>8} vertices {:>8} triangles  material {}{}{}{}{}\n", i, s.meshes[i].name, c.vertices,
               c.indices / 3, s.meshes[i].material, c.skinned ? "  skinned" : "",
               c.lods == 1 ? "" : fmt::format("  {} LODs", c.lods),
               c.targets.empty() ? "" : fmt::format("  {} morph targets", c.targets.size()),
               c.frames == 0 ? "" : fmt::format("  {} frames", c.frames));
  }
  if (!s.materials.empty()) fmt::print("materials\n");
  for (std::size_t i = 0; i < s.materials.size(); ++i) {
    const auto& m = s.materials[i];
    fmt::print("  {:>4}  {:<24} base colour {}  normal {}  orm {}\n", i, m.name.empty() ? "(unnamed)" : m.name,
               texture_label(s, m.textures.base_color), texture_label(s, m.textures.normal),
               texture_label(s, m.textures.orm >= 0 ? m.textures.orm : m.textures.metallic_roughness));
  }
  if (!s.textures.empty()) fmt::print("textures\n");
  for (std::size_t i = 0; i < s.textures.size(); ++i)
    fmt::print("  {:>4}  {}{}\n", i, s.textures[i].name.empty() ? "(embedded)" : s.textures[i].name,
               s.textures[i].data.empty() ? ""
               : s.textures[i].loaded_from_file
                   ? fmt::format(" ({} bytes, read from the file)", s.textures[i].data.size())
                   : fmt::format(" ({} bytes embedded)", s.textures[i].data.size()));
  if (!s.joints.empty()) {
    fmt::print("joints\n");
    print_joint_tree(s);
  }
  if (!s.animations.empty()) fmt::print("animations\n");
  for (std::size_t i = 0; i < s.animations.size(); ++i) {
    const auto& a = s.animations[i];
    fmt::print("  {:>4}  {:<24} {:.4g} s{}, {} keys{}{}\n", i, a.name.empty() ? "(unnamed)" : a.name, a.duration,
               a.frame_rate > 0 ? fmt::format(", {:.4g} fps ({} frames)", a.frame_rate,
                                              static_cast<long>(a.duration * a.frame_rate + 0.5f))
                                : "",
               info.animation_keys[i],
               info.weight_keys[i] == 0 ? "" : fmt::format(", {} morph weight keys", info.weight_keys[i]),
               a.loop ? ", loops" : "");
  }
  const bool targets = std::any_of(info.meshes.begin(), info.meshes.end(),
                                   [](const InfoSummary::MeshCounts& c) { return !c.targets.empty(); });
  if (const VertexAnimation& v = s.vertex_animation; v.frame_count)
    fmt::print("vertex animation: {} frames {}{}\n", v.frame_count,
               v.frame_rate > 0 ? fmt::format("at {:.4g} fps", v.frame_rate)
                                : fmt::format("(the file stores no frame rate; played at {:.4g} fps)",
                                              render::vertex_playback_rate(v)),
               targets ? ", baked from the morph targets (glTF and E3D output keep the targets)" : "");
  if (!s.tags.empty()) {
    fmt::print("tag points\n");
    for (const auto& t : s.tags) fmt::print("  {}\n", t.name);
  }
}

/// Textures the model names but neither embeds nor has beside it: `aem render` and the viewer fall
/// back to the material's colour for them, so say so here too.
void warn_missing_texture_files(const std::string& file, const Scene& s) {
  const std::filesystem::path dir = std::filesystem::path(file).parent_path();
  for (const auto& t : s.textures) {
    if (!t.data.empty() || t.name.empty()) continue;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(dir / t.name, ec))
      fmt::print(stderr, "warning: texture \"{}\" not found ({}); renders use the material's colour instead\n", t.name,
                 (dir / t.name).string());
  }
}

void vec3_json(detail::JsonWriter& j, std::string_view key, const Vec3& v) {
  j.begin_array(key).value("", double(v.x)).value("", double(v.y)).value("", double(v.z)).end_array();
}

/// Size of an external texture file found beside the model, or -1.
std::int64_t texture_file_bytes(const std::string& model, const Texture& t) {
  if (t.name.empty()) return -1;
  std::error_code ec;
  const auto size = std::filesystem::file_size(std::filesystem::path(model).parent_path() / t.name, ec);
  return ec ? -1 : static_cast<std::int64_t>(size);
}

/// Everything print_text shows, and a little more; the schema is docs/json.md.
void print_json(const std::string& file, const InfoSummary& info, const std::vector<Warning>& warnings) {
  const Scene& s = info.scene;
  const Totals total = totals(info);
  detail::JsonWriter j;
  j.begin_object();
  j.value("file", file).value("format", s.source_format);
  j.begin_object("notes");
  for (const auto& n : shown_notes(s)) j.value(n.key, n.value);
  j.end_object();
  j.value("vertex_count", total.vertices)
      .value("index_count", total.indices)
      .value("triangle_count", total.triangles)
      .value("mesh_count", std::uint64_t(s.meshes.size()))
      .value("material_count", std::uint64_t(s.materials.size()))
      .value("texture_count", std::uint64_t(s.textures.size()))
      .value("bone_count", std::uint64_t(s.joints.size()))
      .value("node_count", std::uint64_t(s.nodes.size()))
      .value("animation_count", std::uint64_t(s.animations.size()));
  if (const Bounds& b = info.bounds; !b.empty()) {
    j.begin_object("bounds");
    vec3_json(j, "min", b.min);
    vec3_json(j, "max", b.max);
    j.end_object();
  }
  j.begin_array("meshes");
  for (std::size_t i = 0; i < s.meshes.size(); ++i) {
    const InfoSummary::MeshCounts& c = info.meshes[i];
    j.begin_object()
        .value("name", s.meshes[i].name)
        .value("vertex_count", c.vertices)
        .value("triangle_count", c.indices / 3)
        .value("material", std::int64_t(s.meshes[i].material))
        .value("skinned", c.skinned)
        .value("lod_count", c.lods)
        .value("frame_count", c.frames)
        .begin_array("morph_targets");
    for (const auto& name : c.targets) j.value("", name);
    j.end_array().end_object();
  }
  j.end_array();
  j.begin_array("materials");
  for (const auto& m : s.materials) {
    const auto& t = m.textures;
    j.begin_object().value("name", m.name).begin_object("textures");
    j.value("base_color", std::int64_t(t.base_color))
        .value("normal", std::int64_t(t.normal))
        .value("orm", std::int64_t(t.orm))
        .value("occlusion", std::int64_t(t.occlusion))
        .value("metallic_roughness", std::int64_t(t.metallic_roughness))
        .value("emissive", std::int64_t(t.emissive))
        .value("specular", std::int64_t(t.specular));
    j.end_object().end_object();
  }
  j.end_array();
  j.begin_array("textures");
  for (const auto& t : s.textures) {
    // Textures a reader loaded from a file beside the model carry its bytes but are not embedded.
    const bool embedded = !t.data.empty() && !t.loaded_from_file;
    j.begin_object()
        .value("name", t.name)
        .value("embedded", embedded)
        .value("embedded_bytes", std::uint64_t(embedded ? t.data.size() : 0))
        .value("file_bytes", embedded             ? std::int64_t(-1)
                             : t.loaded_from_file ? std::int64_t(t.data.size())
                                                  : texture_file_bytes(file, t))
        .value("mime_type", t.mime_type)
        .end_object();
  }
  j.end_array();
  j.begin_array("bones");
  for (const auto& b : s.joints)
    j.begin_object().value("name", b.name).value("parent", std::int64_t(b.parent)).end_object();
  j.end_array();
  j.begin_array("nodes");
  for (const auto& n : s.nodes) {
    j.begin_object()
        .value("name", n.name)
        .value("parent", std::int64_t(n.parent))
        .value("joint", std::int64_t(n.joint))
        .begin_array("meshes");
    for (auto m : n.meshes) j.value("", std::uint64_t(m));
    j.end_array().end_object();
  }
  j.end_array();
  j.begin_array("animations");
  for (std::size_t i = 0; i < s.animations.size(); ++i) {
    const auto& a = s.animations[i];
    j.begin_object()
        .value("name", a.name)
        .value("duration", double(a.duration))
        .value("frame_rate", double(a.frame_rate))
        .value("frame_count", std::uint64_t(a.frame_rate > 0 ? a.duration * a.frame_rate + 0.5f : 0))
        .value("loop", a.loop)
        .value("channel_count", std::uint64_t(a.channels.size()))
        .value("key_count", info.animation_keys[i])
        .value("weight_key_count", info.weight_keys[i])
        .end_object();
  }
  j.end_array();
  j.value("vertex_animation_frames", std::uint64_t(s.vertex_animation.frame_count))
      .value("vertex_animation_frame_rate", double(s.vertex_animation.frame_rate));
  j.begin_array("tags");
  for (const auto& t : s.tags) j.value("", t.name);
  j.end_array();
  j.begin_array("warnings");
  for (const auto& w : warnings) diagnostic_json(j, w);
  j.end_array();
  j.end_object();
  fmt::print("{}\n", j.str());
}

}  // namespace

int run_info(const InfoOptions& options) {
  auto info = summarize_model(options.file, tool_read_options(options.asset_root), options.whole_scene);
  if (!info) {
    fmt::print(stderr, "{}\n", diagnostic_text(info.error()));
    if (options.json) {  // scripts always get a JSON document on standard output
      detail::JsonWriter j;
      j.begin_object();
      diagnostic_json(j, info.error(), "error");
      j.end_object();
      fmt::print("{}\n", j.str());
    }
    return kExitInvalid;
  }
  for (const auto& w : fold_repeated_warnings(info.warnings)) fmt::print(stderr, "{}\n", diagnostic_text(w, "warning"));
  warn_missing_texture_files(options.file, info->scene);
  if (options.json)
    print_json(options.file, info.value(), info.warnings);
  else
    print_text(options.file, info.value());
  return kExitOk;
}

}  // namespace aem::cli
