// The data kinds and the formats' limits (see data_kinds.hpp). What a format holds is what its
// writer writes and its reader reads back; tests/io/data_loss_test.cpp checks each entry that way.
#include "io/data_kinds.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>

namespace aem::detail {
namespace {

template <class F>
bool any_mesh(const Scene& s, F&& f) {
  return std::any_of(s.meshes.begin(), s.meshes.end(), f);
}

bool has_colours(const Scene& s) {
  return any_mesh(s, [](const Mesh& m) { return !m.colors.empty(); });
}
bool has_extra_colour_sets(const Scene& s) {
  return any_mesh(s, [](const Mesh& m) { return m.colors.size() > 1; });
}
bool has_extra_uv_sets(const Scene& s) {
  return any_mesh(s, [](const Mesh& m) { return m.uvs.size() > 1; });
}
bool has_tangents(const Scene& s) {
  return any_mesh(s, [](const Mesh& m) { return !m.tangents.empty(); });
}
bool has_custom(const Scene& s) {
  return any_mesh(s, [](const Mesh& m) { return !m.custom.empty(); });
}
bool has_lods(const Scene& s) {
  return any_mesh(s, [](const Mesh& m) { return !m.lod_indices.empty(); });
}
bool has_rigid_joints(const Scene& s) {
  return any_mesh(s, [](const Mesh& m) {
    return std::any_of(m.rigid_joints.begin(), m.rigid_joints.end(), [](std::int32_t j) { return j >= 0; });
  });
}
bool has_skin(const Scene& s) {
  return any_mesh(s, [](const Mesh& m) { return !m.skin.empty(); });
}
bool has_tags(const Scene& s) { return !s.tags.empty(); }
bool has_skeletal_animation(const Scene& s) { return !s.animations.empty(); }
bool has_emissive(const Scene& s) {
  return std::any_of(s.materials.begin(), s.materials.end(), [](const Material& m) {
    return m.emissive.x > 0 || m.emissive.y > 0 || m.emissive.z > 0 || m.textures.emissive >= 0;
  });
}
bool has_comment(const Scene& s) { return !s.comment.empty(); }
bool has_wrap(const Scene& s, bool mirrored_only) {
  return std::any_of(s.textures.begin(), s.textures.end(), [&](const Texture& t) {
    return mirrored_only ? t.wrap_u == TextureWrap::MirroredRepeat || t.wrap_v == TextureWrap::MirroredRepeat
                         : t.wrap_u != TextureWrap::Repeat || t.wrap_v != TextureWrap::Repeat;
  });
}
bool has_wrap_modes(const Scene& s) { return has_wrap(s, false); }
bool has_mirrored_repeat(const Scene& s) { return has_wrap(s, true); }
bool has_double_sided(const Scene& s) {
  return std::any_of(s.materials.begin(), s.materials.end(), [](const Material& m) { return m.double_sided; });
}

}  // namespace

bool has_vertex_animation(const Scene& s) {
  // Targets are baked into frames for every writer but glTF's and E3D's.
  return any_mesh(s, [](const Mesh& m) { return !m.frames.empty() || !m.targets.empty(); });
}

const std::vector<DataKind>& data_kinds() {
  static const std::vector<DataKind> kinds = {
      {"vertex colours", has_colours},
      {"colour sets after the first", has_extra_colour_sets},
      {"UV sets after the first", has_extra_uv_sets},
      {"tangents", has_tangents},
      {"custom vertex attributes", has_custom},
      {"levels of detail", has_lods},
      {kVertexAnimationKind, has_vertex_animation},
      {"rigid joint attachments", has_rigid_joints},
      {"skin weights", has_skin},
      {"skeletal animation", has_skeletal_animation},
      {"tag points", has_tags},
      {"emissive colour", has_emissive},
      {"comment", has_comment},
      {"texture wrap modes other than repeat", has_wrap_modes},
      {"mirrored texture repeat", has_mirrored_repeat},
      {"double-sided materials", has_double_sided},
  };
  return kinds;
}

std::vector<std::string_view> kinds_dropped_by(std::string_view format) {
  // CEM bakes skin and skeletal animation into frames (its writer says so), glTF turns rigid joint
  // attachments into skin influences of weight 1: converted, not dropped. glTF keeps levels of detail
  // and tag points in extras (docs/formats/gltf.md §4; a skinned mesh's levels its writer drops, saying so).
  static const std::map<std::string_view, std::vector<std::string_view>, std::less<>> dropped = {
      {"aem",
       {"vertex colours", "colour sets after the first", "UV sets after the first", "custom vertex attributes",
        "levels of detail", "vertex-animation frames", "tag points", "emissive colour", "comment",
        "texture wrap modes other than repeat", "mirrored texture repeat", "double-sided materials"}},
      {"cem",
       {"vertex colours", "colour sets after the first", "UV sets after the first", "tangents",
        "custom vertex attributes", "rigid joint attachments", "emissive colour", "comment",
        "texture wrap modes other than repeat", "mirrored texture repeat", "double-sided materials"}},
      {"iqe",
       {"colour sets after the first", "UV sets after the first", "levels of detail", "vertex-animation frames",
        "rigid joint attachments", "tag points", "emissive colour", "texture wrap modes other than repeat",
        "mirrored texture repeat", "double-sided materials"}},
      {"iqm",
       {"colour sets after the first", "UV sets after the first", "levels of detail", "vertex-animation frames",
        "rigid joint attachments", "tag points", "emissive colour", "texture wrap modes other than repeat",
        "mirrored texture repeat", "double-sided materials"}},
      // E3D wraps per material, tile or clamp: mirrored repeat is written as tile.
      {"e3d",
       {"colour sets after the first", "UV sets after the first", "custom vertex attributes", "levels of detail",
        "rigid joint attachments", "tag points", "comment", "mirrored texture repeat"}},
      {"gltf", {"custom vertex attributes", "comment"}},
  };
  auto it = dropped.find(format);
  return it == dropped.end() ? std::vector<std::string_view>{} : it->second;
}

bool holds_vertex_animation(std::string_view format) {
  const auto dropped = kinds_dropped_by(format);
  return std::find(dropped.begin(), dropped.end(), kVertexAnimationKind) == dropped.end();
}

Warning data_dropped(std::string_view kind, std::string_view format) {
  std::string upper(format);
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
  return Warning{.code = "DATA_DROPPED",
                 .format = upper,
                 .message = std::string(kind) + " dropped: " + upper + " has no place for this data"};
}

std::vector<Warning> data_loss_warnings(const Scene& scene, std::string_view format) {
  std::vector<Warning> out;
  const auto dropped = kinds_dropped_by(format);
  for (const auto& kind : data_kinds())
    if (std::find(dropped.begin(), dropped.end(), kind.name) != dropped.end() && kind.present(scene))
      out.push_back(data_dropped(kind.name, format));
  return out;
}

}  // namespace aem::detail
