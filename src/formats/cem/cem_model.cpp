// CEM v2 byte layout (docs/formats/cem.md §2): header, LODs, materials, tag names, frames; children after.
#include "formats/cem/cem_model.hpp"

#include <cstring>

namespace aem::formats::cem {
namespace {

constexpr const char* kFormat = "CEM";

std::string index_path(const char* what, std::size_t i) { return std::string(what) + "[" + std::to_string(i) + "]"; }

/// u32 length counting one trailing NUL, then the bytes; the text is cut at the first NUL.
std::string read_string(detail::ByteReader& r, const char* what) {
  const std::uint32_t len = r.u32(what);
  auto bytes = r.bytes(len, what);
  const char* p = reinterpret_cast<const char*>(bytes.data());
  return std::string(p, strnlen(p, len));
}

void write_string(detail::ByteWriter& w, const std::string& s) {
  w.u32(static_cast<std::uint32_t>(s.size() + 1));
  w.bytes(std::as_bytes(std::span(s.data(), s.size())));
  w.u8(0);
}

Vec3 read_vec3(detail::ByteReader& r, const char* what) {
  const float x = r.f32(what), y = r.f32(what), z = r.f32(what);
  return {x, y, z};
}

void write_vec3(detail::ByteWriter& w, const Vec3& v) {
  w.f32(v.x);
  w.f32(v.y);
  w.f32(v.z);
}

Model parse_one(detail::ByteReader& r) {
  const std::uint64_t start = r.file_offset();
  auto magic = r.bytes(4, "magic");
  if (std::memcmp(magic.data(), "SSMF", 4) != 0)
    detail::fail_at(kFormat, "CEM_BAD_MAGIC", start, "model does not start with \"SSMF\"");
  const std::uint16_t major = r.u16("version"), minor = r.u16("version");
  if (major != 2 || minor != 0) {
    std::string known = major == 1 && minor == 3   ? " (Empire Earth v1.3: not supported)"
                        : major == 5 && minor == 0 ? " (Empires: Dawn of the Modern World v5.0: not supported)"
                                                   : "";
    detail::fail_at(kFormat, "CEM_UNSUPPORTED_VERSION", start + 4,
                    "version " + std::to_string(major) + "." + std::to_string(minor) + known + "; only 2.0 is read");
  }
  Model m;
  m.header_triangles = r.u32("triangle count");
  const std::uint32_t vertex_count = r.u32("vertex count");
  const std::uint32_t tag_count = r.u32("tag point count");
  const std::uint32_t material_count = r.u32("material count");
  const std::uint32_t frame_count = r.u32("frame count");
  m.child_models = r.u32("child model count");
  const std::uint32_t lod_count = r.u32("LOD count");
  if (lod_count == 0) detail::fail_at(kFormat, "CEM_BAD_COUNT", start + 32, "a model needs at least one LOD");
  if (frame_count == 0) detail::fail_at(kFormat, "CEM_BAD_COUNT", start + 24, "a model needs at least one frame");
  m.name = read_string(r, "model name");
  m.center = read_vec3(r, "centre");

  // Each LOD is at least 4 bytes, each material at least 20 + 8 per LOD, each tag name at least 4.
  if (!r.fits(lod_count, 4))
    r.fail("CEM_BAD_COUNT", std::to_string(lod_count) + " LODs cannot fit in the rest of the file");
  m.lods.resize(lod_count);
  for (std::uint32_t l = 0; l < lod_count; ++l) {
    const std::uint32_t n = r.u32("LOD triangle count");
    auto raw = r.array(n, 12, "LOD triangles");
    m.lods[l].resize(std::size_t(n) * 3);
    if (n > 0) std::memcpy(m.lods[l].data(), raw.data(), raw.size());  // an empty vector's data() may be null
  }
  if (!r.fits(material_count, 20 + 8ull * lod_count))
    r.fail("CEM_BAD_COUNT", std::to_string(material_count) + " materials cannot fit in the rest of the file");
  m.materials.resize(material_count);
  for (std::uint32_t i = 0; i < material_count; ++i) {
    Material& mat = m.materials[i];
    const std::uint64_t at = r.file_offset();
    mat.name = read_string(r, "material name");
    mat.texture_index = r.u32("texture index");
    mat.selections.resize(lod_count);
    for (std::uint32_t l = 0; l < lod_count; ++l) {
      const std::uint64_t sel_at = r.file_offset();
      mat.selections[l] = {r.u32("selection offset"), r.u32("selection count")};
      if (std::uint64_t(mat.selections[l].offset) + mat.selections[l].count > m.lods[l].size() / 3)
        detail::fail_at(kFormat, "CEM_SELECTION_RANGE", sel_at,
                        "triangles " + std::to_string(mat.selections[l].offset) + "+" +
                            std::to_string(mat.selections[l].count) + " run past LOD " + std::to_string(l) + "'s " +
                            std::to_string(m.lods[l].size() / 3) + " triangles",
                        index_path("materials", i));
    }
    const std::uint64_t range_at = r.file_offset();
    mat.vertex_offset = r.u32("vertex offset");
    mat.vertex_count = r.u32("vertex count");
    if (std::uint64_t(mat.vertex_offset) + mat.vertex_count > vertex_count)
      detail::fail_at(kFormat, "CEM_VERTEX_RANGE", range_at,
                      "vertices " + std::to_string(mat.vertex_offset) + "+" + std::to_string(mat.vertex_count) +
                          " run past the model's " + std::to_string(vertex_count),
                      index_path("materials", i));
    mat.texture_name = read_string(r, "texture name");
    for (std::uint32_t l = 0; l < lod_count; ++l) {
      const auto& sel = mat.selections[l];
      for (std::uint64_t k = 3ull * sel.offset; k < 3ull * (std::uint64_t(sel.offset) + sel.count); ++k)
        if (m.lods[l][k] >= mat.vertex_count)
          detail::fail_at(kFormat, "CEM_INDEX_OUT_OF_RANGE", at,
                          "LOD " + std::to_string(l) + " triangle " + std::to_string(k / 3) + " uses vertex " +
                              std::to_string(m.lods[l][k]) + " but its material has " +
                              std::to_string(mat.vertex_count),
                          index_path("materials", i));
    }
  }
  if (!r.fits(tag_count, 4))
    r.fail("CEM_BAD_COUNT", std::to_string(tag_count) + " tag names cannot fit in the rest of the file");
  m.tag_names.resize(tag_count);
  for (auto& t : m.tag_names) t = read_string(r, "tag point name");

  const std::uint64_t frame_size = 92ull + 32ull * vertex_count + 12ull * tag_count;
  if (!r.fits(frame_count, frame_size))
    r.fail("CEM_BAD_COUNT", std::to_string(frame_count) + " frames of " + std::to_string(frame_size) +
                                " bytes do not fit in the rest of the file");
  m.frames.resize(frame_count);
  for (auto& f : m.frames) {
    f.radius = r.f32("frame radius");
    f.vertices.resize(vertex_count);
    for (auto& v : f.vertices) {
      v.position = read_vec3(r, "vertex position");
      v.normal = read_vec3(r, "vertex normal");
      v.uv.x = r.f32("vertex uv");
      v.uv.y = r.f32("vertex uv");
    }
    f.tags.resize(tag_count);
    for (auto& t : f.tags) t = read_vec3(r, "tag position");
    for (auto& x : f.matrix) x = r.f32("frame matrix");
    f.lower = read_vec3(r, "frame lower bound");
    f.upper = read_vec3(r, "frame upper bound");
  }
  return m;
}

void parse_tree(detail::ByteReader& r, std::vector<Model>& out, std::int32_t parent, int depth) {
  if (depth > kMaxDepth)
    r.fail("CEM_TOO_DEEP", "child models nest deeper than " + std::to_string(kMaxDepth) + " levels");
  if (out.size() >= kMaxModels) r.fail("CEM_BAD_COUNT", "more than " + std::to_string(kMaxModels) + " models");
  out.push_back(parse_one(r));
  out.back().parent = parent;
  const auto self = static_cast<std::int32_t>(out.size() - 1);
  const std::uint32_t children = out.back().child_models;
  // Every model needs at least 52 bytes: a count beyond that is a lie, refused before recursing.
  if (!r.fits(children, 52))
    r.fail("CEM_BAD_COUNT", std::to_string(children) + " child models cannot fit in the rest of the file");
  for (std::uint32_t c = 0; c < children; ++c) parse_tree(r, out, self, depth + 1);
}

}  // namespace

std::vector<Model> parse_models(detail::ByteReader& r) {
  std::vector<Model> models;
  parse_tree(r, models, -1, 0);
  return models;
}

void write_models(detail::ByteWriter& w, std::span<const Model> models) {
  for (const Model& m : models) {
    const std::uint32_t vertex_count = m.frames.empty() ? 0 : static_cast<std::uint32_t>(m.frames[0].vertices.size());
    w.bytes(std::as_bytes(std::span("SSMF", 4)));
    w.u16(2);
    w.u16(0);
    w.u32(m.header_triangles);
    w.u32(vertex_count);
    w.u32(static_cast<std::uint32_t>(m.tag_names.size()));
    w.u32(static_cast<std::uint32_t>(m.materials.size()));
    w.u32(static_cast<std::uint32_t>(m.frames.size()));
    w.u32(m.child_models);
    w.u32(static_cast<std::uint32_t>(m.lods.size()));
    write_string(w, m.name);
    write_vec3(w, m.center);
    for (const auto& lod : m.lods) {
      w.u32(static_cast<std::uint32_t>(lod.size() / 3));
      for (std::uint32_t i : lod) w.u32(i);
    }
    for (const auto& mat : m.materials) {
      write_string(w, mat.name);
      w.u32(mat.texture_index);
      for (const auto& s : mat.selections) {
        w.u32(s.offset);
        w.u32(s.count);
      }
      w.u32(mat.vertex_offset);
      w.u32(mat.vertex_count);
      write_string(w, mat.texture_name);
    }
    for (const auto& t : m.tag_names) write_string(w, t);
    for (const auto& f : m.frames) {
      w.f32(f.radius);
      for (const auto& v : f.vertices) {
        write_vec3(w, v.position);
        write_vec3(w, v.normal);
        w.f32(v.uv.x);
        w.f32(v.uv.y);
      }
      for (const auto& t : f.tags) write_vec3(w, t);
      for (float x : f.matrix) w.f32(x);
      write_vec3(w, f.lower);
      write_vec3(w, f.upper);
    }
  }
}

Mat4 to_mat4(const std::array<float, 16>& stored) {
  Mat4 m;
  for (int row = 0; row < 4; ++row)
    for (int col = 0; col < 4; ++col) m(row, col) = stored[4 * row + col];
  return m;
}

std::array<float, 16> from_mat4(const Mat4& m) {
  std::array<float, 16> out{};
  for (int row = 0; row < 4; ++row)
    for (int col = 0; col < 4; ++col) out[4 * row + col] = m(row, col);
  return out;
}

}  // namespace aem::formats::cem
