// Scene -> IQE text. Numbers are written in the shortest form that reads back to the same float, so
// a file read and written again keeps every value exactly.
#include <charconv>
#include <cstring>

#include "core/float_chars.hpp"
#include "formats/iqe/export_model.hpp"
#include "formats/iqe/iqe_format.hpp"

namespace aem::formats {
namespace {

class TextOut {
 public:
  TextOut& word(std::string_view s) {
    out_.append(s);
    return *this;
  }
  TextOut& num(float v) {
    char buf[32];
    auto r = detail::float_chars(buf, buf + sizeof buf, v == 0.0f ? 0.0f : v);  // no "-0"
    out_.push_back(' ');
    out_.append(buf, r.ptr);
    return *this;
  }
  TextOut& integer(long long v) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out_.push_back(' ');
    out_.append(buf, r.ptr);
    return *this;
  }
  /// IQE names have no escapes: a quote inside a name cannot be written and becomes '\''.
  TextOut& name(std::string_view s) {
    out_.append(" \"");
    for (char c : s) out_.push_back(c == '"' ? '\'' : (c == '\n' || c == '\r') ? ' ' : c);
    out_.push_back('"');
    return *this;
  }
  void end() { out_.push_back('\n'); }
  std::string& text() { return out_; }

 private:
  std::string out_;
};

void write_pose(TextOut& o, const Transform& p) {
  const Vec3& t = p.translation;
  const Quat& q = p.rotation;
  const Vec3& s = p.scale;
  o.word("pq").num(t.x).num(t.y).num(t.z).num(q.x).num(q.y).num(q.z).num(q.w);
  if (!(s == Vec3{1, 1, 1})) o.num(s.x).num(s.y).num(s.z);
  o.end();
}

void write_mesh(TextOut& o, const Mesh& m, const std::string& material) {
  o.word("mesh").name(m.name).end();
  o.word("material").name(material).end();
  const bool has_bitangents = !m.bitangents.empty();
  for (std::size_t v = 0; v < m.positions.size(); ++v) {
    const Vec3& p = m.positions[v];
    o.word("vp").num(p.x).num(p.y).num(p.z).end();
    if (!m.uvs.empty()) o.word("vt").num(m.uvs[0][v].x).num(m.uvs[0][v].y).end();
    if (!m.normals.empty()) o.word("vn").num(m.normals[v].x).num(m.normals[v].y).num(m.normals[v].z).end();
    if (!m.tangents.empty()) {
      const Vec4& t = m.tangents[v];
      o.word("vx").num(t.x).num(t.y).num(t.z);
      if (has_bitangents)
        o.num(m.bitangents[v].x).num(m.bitangents[v].y).num(m.bitangents[v].z);
      else
        o.num(t.w);
      o.end();
    }
    if (!m.skin.empty()) {
      o.word("vb");
      for (int k = 0; k < kMaxInfluences; ++k)
        if (m.skin[v].joints[k] >= 0 && m.skin[v].weights[k] > 0)
          o.integer(m.skin[v].joints[k]).num(m.skin[v].weights[k]);
      o.end();
    }
    if (!m.colors.empty()) {
      const Vec4& c = m.colors[0][v];
      o.word("vc").num(c.x).num(c.y).num(c.z).num(c.w).end();
    }
    for (std::size_t c = 0; c < m.custom.size() && c < 10; ++c) {
      const auto& a = m.custom[c];
      o.word("v").word(std::string_view(&"0123456789"[c], 1));
      for (int k = 0; k < a.components && k < 4; ++k) o.num(a.values[v * a.components + k]);
      o.end();
    }
  }
  for (std::size_t i = 0; i + 2 < m.indices.size(); i += 3)
    o.word("fm").integer(m.indices[i]).integer(m.indices[i + 1]).integer(m.indices[i + 2]).end();
}

}  // namespace

Result<std::vector<std::byte>> iqe_write(const Scene& scene, const WriteOptions& options) {
  std::vector<Warning> warnings;
  const iqe::ExportModel model = iqe::prepare_export(scene, options.frame_rate, "IQE", warnings);
  TextOut o;
  o.word("# Inter-Quake Export").end();
  for (const auto& j : model.joints) o.word("joint").name(j.name).integer(j.parent).end();
  for (const auto& j : model.joints) write_pose(o, j.base);
  // Custom attribute names are per file in IQE: the first mesh that has slot N names it.
  std::vector<bool> declared(10, false);
  for (const auto& m : model.meshes)
    for (std::size_t c = 0; c < m.custom.size() && c < 10; ++c)
      if (!declared[c]) {
        declared[c] = true;
        o.word("vertexarray custom")
            .word(std::string_view(&"0123456789"[c], 1))
            .word(" float")
            .integer(std::min(m.custom[c].components, 4));
        o.name(m.custom[c].name).end();
      }
  for (std::size_t i = 0; i < model.meshes.size(); ++i) write_mesh(o, model.meshes[i], model.material_names[i]);
  for (const auto& a : model.animations) {
    o.word("animation").name(a.name).end();
    o.word("framerate").num(a.frame_rate).end();
    if (a.loop) o.word("loop").end();
    for (const auto& frame : a.frames) {
      o.word("frame").end();
      for (const auto& p : frame) write_pose(o, p);
    }
  }
  if (!model.comment.empty()) {
    o.word("comment").end();
    o.word(model.comment);
  }
  const std::string& text = o.text();
  std::vector<std::byte> bytes(text.size());
  std::memcpy(bytes.data(), text.data(), text.size());
  Result<std::vector<std::byte>> result(std::move(bytes));
  result.warnings = std::move(warnings);
  return result;
}

}  // namespace aem::formats
