// CEM -> scene: one node per model, one mesh per material (its vertex range, material-local
// indices, every LOD, every frame), tag points per model, stored bounds kept for exact round trips.
#include <algorithm>
#include <cstring>

#include "core/byte_reader.hpp"
#include "formats/cem/cem_format.hpp"
#include "formats/cem/cem_model.hpp"
#include "formats/cem/pk01.hpp"

namespace aem::formats {
namespace {

Warning cem_warning(const char* code, std::string path, std::string message) {
  return Warning{.code = code, .format = "CEM", .path = std::move(path), .message = std::move(message)};
}

std::vector<std::uint32_t> selected(const std::vector<std::uint32_t>& lod, const cem::Selection& sel) {
  return {lod.begin() + 3 * std::size_t(sel.offset), lod.begin() + 3 * (std::size_t(sel.offset) + sel.count)};
}

Mesh material_mesh(const cem::Model& m, const cem::Material& mat) {
  Mesh mesh;
  mesh.name = m.name + (mat.name.empty() ? "" : " / " + mat.name);
  mesh.uvs.resize(1);
  const auto first = m.frames[0].vertices.begin() + mat.vertex_offset;
  for (auto v = first; v != first + mat.vertex_count; ++v) {
    mesh.positions.push_back(v->position);
    mesh.normals.push_back(v->normal);
    mesh.uvs[0].push_back(v->uv);
  }
  mesh.indices = selected(m.lods[0], mat.selections[0]);
  for (std::size_t l = 1; l < m.lods.size(); ++l) mesh.lod_indices.push_back(selected(m.lods[l], mat.selections[l]));
  if (m.frames.size() > 1)
    for (const auto& f : m.frames) {
      MorphFrame mf;
      for (std::uint32_t k = 0; k < mat.vertex_count; ++k) {
        const auto& v = f.vertices[mat.vertex_offset + k];
        mf.positions.push_back(v.position);
        mf.normals.push_back(v.normal);
        mf.uvs.push_back(v.uv);
      }
      mesh.frames.push_back(std::move(mf));
    }
  return mesh;
}

/// Warnings for what real files contain but the layout rules say should not be there.
void check_model(const cem::Model& m, std::size_t index, std::vector<Warning>& warnings) {
  const std::string path = "models[" + std::to_string(index) + "]";
  if (m.header_triangles != m.lods[0].size() / 3)
    warnings.push_back(cem_warning("CEM_TRIANGLE_COUNT_MISMATCH", path,
                                   "header says " + std::to_string(m.header_triangles) + " triangles, LOD 0 has " +
                                       std::to_string(m.lods[0].size() / 3)));
  std::uint64_t next = 0;
  for (const auto& mat : m.materials) {
    if (mat.vertex_offset != next) {
      warnings.push_back(cem_warning("CEM_VERTICES_UNTILED", path,
                                     "material vertex ranges do not tile the vertex array in order; "
                                     "vertices outside them are dropped and writing reorders them"));
      break;
    }
    next += mat.vertex_count;
  }
  for (const auto& f : m.frames)
    if (f.matrix != m.frames[0].matrix) {
      warnings.push_back(
          cem_warning("CEM_FRAME_MATRIX_VARIES", path, "frame matrices differ; frame 0's places the model"));
      break;
    }
}

Scene build_scene(const std::vector<cem::Model>& models, std::vector<Warning>& warnings) {
  Scene s;
  s.source_format = "CEM";
  s.conventions = cem_conventions();
  s.name = models[0].name;
  for (std::size_t mi = 0; mi < models.size(); ++mi) {
    const cem::Model& m = models[mi];
    check_model(m, mi, warnings);
    Node node;
    node.name = m.name;
    node.parent = m.parent;
    const Mat4 matrix = cem::to_mat4(m.frames[0].matrix);
    node.local = decompose(matrix);
    node.stored.matrix = matrix;
    node.stored.center = m.center;
    for (const auto& f : m.frames) node.stored.frames.push_back({f.radius, f.lower, f.upper});
    for (const auto& mat : m.materials) {
      Material material;
      material.name = mat.name;
      material.flags = mat.texture_index;
      material.textures.base_color = texture_by_name(s, mat.texture_name);
      Mesh mesh = material_mesh(m, mat);
      mesh.material = static_cast<std::int32_t>(s.materials.size());
      s.materials.push_back(std::move(material));
      node.meshes.push_back(static_cast<std::uint32_t>(s.meshes.size()));
      s.meshes.push_back(std::move(mesh));
    }
    for (std::size_t t = 0; t < m.tag_names.size(); ++t) {
      TagPoint tag{m.tag_names[t], static_cast<std::int32_t>(mi), {}};
      for (const auto& f : m.frames) tag.positions.push_back(f.tags[t]);
      s.tags.push_back(std::move(tag));
    }
    s.vertex_animation.frame_count =
        std::max<std::uint32_t>(s.vertex_animation.frame_count, static_cast<std::uint32_t>(m.frames.size()));
    s.nodes.push_back(std::move(node));
  }
  if (s.vertex_animation.frame_count < 2) s.vertex_animation.frame_count = 0;  // one frame is a static model
  s.source_notes.push_back({"version", "2.0"});
  s.source_notes.push_back(
      {"models", std::to_string(models.size()) + " (root + " + std::to_string(models.size() - 1) + " children)"});
  s.source_notes.push_back({"lods", std::to_string(models[0].lods.size())});
  s.source_notes.push_back({"frames", std::to_string(std::max(1u, s.vertex_animation.frame_count))});
  return s;
}

}  // namespace

Conventions cem_conventions() { return Conventions{UpAxis::Z, true, true, false, 1.0f}; }

bool cem_sniff(std::span<const std::byte> head) {
  return head.size() >= 4 && (std::memcmp(head.data(), "SSMF", 4) == 0 || is_pk01(head));
}

Result<Scene> cem_read(const ReadInput& input) {
  std::span<const std::byte> bytes = input.bytes;
  std::vector<std::byte> decompressed;
  const bool compressed = is_pk01(bytes);
  if (compressed) {
    decompressed = pk01_unwrap(bytes, input.options.max_decoded_bytes);
    bytes = decompressed;
  }
  detail::ByteReader r(bytes, "CEM");
  std::vector<cem::Model> models;
  try {
    models = cem::parse_models(r);
  } catch (detail::ParseError& e) {
    if (compressed) e.diagnostic.message += " (offset in the decompressed data)";
    throw;
  }
  Result<Scene> result(Scene{});
  Scene scene = build_scene(models, result.warnings);
  if (!r.at_end()) {
    auto rest = r.bytes(r.remaining(), "trailing bytes");
    scene.trailing_bytes.assign(reinterpret_cast<const std::uint8_t*>(rest.data()),
                                reinterpret_cast<const std::uint8_t*>(rest.data()) + rest.size());
    result.warnings.push_back(
        Warning{.code = "CEM_TRAILING_BYTES",
                .format = "CEM",
                .offset = r.file_offset() - rest.size(),
                .message = std::to_string(rest.size()) + " bytes after the model tree (kept, written back)"});
  }
  if (compressed)
    scene.source_notes.push_back({"compression", "PK01 (" + std::to_string(input.bytes.size()) + " bytes -> " +
                                                     std::to_string(decompressed.size()) + " bytes)"});
  result.value() = std::move(scene);
  return result;
}

}  // namespace aem::formats
