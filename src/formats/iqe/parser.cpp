#include "formats/iqe/parser.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/parse_error.hpp"
#include "formats/iqe/poses.hpp"
#include "formats/iqe/tokens.hpp"

namespace aem::formats::iqe {
namespace {

constexpr std::string_view kHeader = "# Inter-Quake Export";

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Document run() {
    next_line();
    if (line_.substr(0, kHeader.size()) != kHeader)
      detail::fail_line("IQE", "IQE_BAD_HEADER", 1, "the first line must start with \"# Inter-Quake Export\"");
    while (next_line()) {
      Tokens t(line_);
      const std::string_view cmd = t.word();
      if (cmd.empty() || cmd[0] == '#') continue;
      if (cmd == "comment") {
        doc_.has_comment = true;
        doc_.comment = std::string(text_.substr(pos_));
        break;
      }
      command(cmd, t);
    }
    finish();
    doc_.line_count = line_number_;
    return std::move(doc_);
  }

 private:
  bool next_line() {
    if (pos_ >= text_.size()) return false;
    const std::size_t end = text_.find('\n', pos_);
    line_ = text_.substr(pos_, end == std::string_view::npos ? std::string_view::npos : end - pos_);
    pos_ = end == std::string_view::npos ? text_.size() : end + 1;
    ++line_number_;
    return true;
  }

  [[noreturn]] void fail(const char* code, std::string message) { detail::fail_line("IQE", code, line_number_, std::move(message)); }

  template <std::size_t N>
  static std::size_t read(Tokens& t, float (&v)[N]) { return t.numbers(v); }

  void command(std::string_view cmd, Tokens& t) {
    float v[16];
    if (cmd == "vp") {
      float p[4] = {0, 0, 0, 1};
      t.numbers(p);
      doc_.positions.push_back({p[0], p[1], p[2]});
    } else if (cmd == "vt") {
      float p[2] = {0, 0};
      t.numbers(p);
      doc_.uvs.push_back({p[0], p[1]});
    } else if (cmd == "vn") {
      float p[3] = {0, 0, 0};
      t.numbers(p);
      doc_.normals.push_back({p[0], p[1], p[2]});
    } else if (cmd == "vx") {
      float p[6] = {0, 0, 0, 0, 0, 0};
      const std::size_t n = t.numbers(p);
      if (n > 4) {  // tangent + explicit bitangent; the sign follows from the frame
        doc_.tangents.push_back({p[0], p[1], p[2], 0.0f});
        doc_.bitangents.push_back({p[3], p[4], p[5]});
        bitangent_lines_.push_back(static_cast<std::uint32_t>(doc_.tangents.size() - 1));
      } else {
        doc_.tangents.push_back({p[0], p[1], p[2], p[3]});
      }
    } else if (cmd == "vb") {
      influence_scratch_.clear();
      long long joint;
      float weight;
      while (t.integer(joint) && t.number(weight))
        if (weight > 1e-3f && joint >= 0 && joint <= INT32_MAX) influence_scratch_.push_back({static_cast<std::int32_t>(joint), weight});
      doc_.influences.push_back(strongest_influences(influence_scratch_));
    } else if (cmd == "vc") {
      float p[4] = {0, 0, 0, 1};
      t.numbers(p);
      doc_.colors.push_back({p[0], p[1], p[2], p[3]});
    } else if (cmd.size() == 2 && cmd[0] == 'v' && cmd[1] >= '0' && cmd[1] <= '9') {
      float p[4] = {0, 0, 0, 0};
      t.numbers(p);
      doc_.custom[cmd[1] - '0'].push_back({p[0], p[1], p[2], p[3]});
    } else if (cmd == "vs") {
      long long s = 0;
      t.integer(s);
      doc_.smoothing_index.push_back(s);
    } else if (cmd == "fa" || cmd == "fm") {
      face(t, cmd == "fm");
    } else if (cmd == "fs") {
      long long f;
      std::uint8_t flags = 0;
      for (int k = 0; k < 3 && t.integer(f); ++k) flags |= static_cast<std::uint8_t>((f ? 1 : 0) << k);
      pending_edge_flags_ = flags;
    } else if (cmd == "smoothuv") {
      long long n = 0;
      t.integer(n);
      smooth_uv_ = n > 0;
    } else if (cmd == "smoothgroup") {
      long long n = -1;
      t.integer(n);
      smooth_group_ = n;
    } else if (cmd == "smoothangle") {
      float a = 180;
      if (t.number(a)) smooth_cos_ = std::fabs(a) >= 180.0f ? -1.0f : std::cos(a * 3.14159265358979f / 180.0f);
    } else if (cmd == "mesh") {
      close_segment();
      Segment s;
      s.name = std::string(t.name());
      s.material = material_;
      s.first_vertex = static_cast<std::uint32_t>(doc_.positions.size());
      s.first_triangle = static_cast<std::uint32_t>(doc_.triangles.size());
      doc_.segments.push_back(std::move(s));
    } else if (cmd == "material") {
      material_ = std::string(t.name());  // persists across `mesh`, as in the reference compiler
      if (!doc_.segments.empty()) doc_.segments.back().material = material_;
    } else if (cmd == "joint") {
      const std::string name(t.name());
      long long parent = -1;
      t.integer(parent);
      const auto index = static_cast<long long>(doc_.joints.size());
      if (parent >= index) fail("IQE_BAD_PARENT", "joint \"" + name + "\" has parent " + std::to_string(parent) + ", not an earlier joint");
      doc_.joints.push_back({name, static_cast<std::int32_t>(parent < 0 ? -1 : parent)});
    } else if (cmd == "pq" || cmd == "pm" || cmd == "pa") {
      const std::size_t n = read(t, v);
      std::span<const float> values(v, n);
      pose(cmd == "pq" ? pose_from_pq(values) : cmd == "pm" ? pose_from_pm(values) : pose_from_pa(values));
    } else if (cmd == "animation") {
      AnimationData a;
      a.name = std::string(t.name());
      doc_.animations.push_back(std::move(a));
      frame_open_ = false;
    } else if (cmd == "frame") {
      if (!doc_.animations.empty()) frame_open_ = false;  // empty frames collapse: a frame starts with its first pose
    } else if (cmd == "framerate") {
      float fr = 0;
      if (t.number(fr) && !doc_.animations.empty()) doc_.animations.back().frame_rate = std::max(fr, 0.0f);
    } else if (cmd == "loop") {
      if (!doc_.animations.empty()) doc_.animations.back().loop = true;
    } else if (cmd == "vertexarray") {
      vertexarray(t);
    }
  }

  void pose(const Transform& p) {
    if (doc_.animations.empty()) {
      doc_.base_poses.push_back(p);
      return;
    }
    auto& frames = doc_.animations.back().frames;
    if (!frame_open_) {
      frames.emplace_back();
      frame_open_ = true;
    }
    frames.back().push_back(p);
  }

  void vertexarray(Tokens& t) {
    std::string type(t.word()), component(t.word());
    long long size = 0;
    t.integer(size);
    std::string name(t.name());
    std::transform(type.begin(), type.end(), type.begin(), ::tolower);
    if (type.size() == 7 && type.rfind("custom", 0) == 0 && type[6] >= '0' && type[6] <= '9' && size >= 1 && size <= 4) {
      const int i = type[6] - '0';
      doc_.custom_sizes[i] = static_cast<int>(size);
      doc_.custom_names[i] = name.empty() ? type : name;
    }
  }

  void ensure_segment() {
    if (!doc_.segments.empty()) return;
    Segment s;  // faces before any `mesh`: name "" and the current material
    s.material = material_;
    doc_.segments.push_back(s);
  }

  void face(Tokens& t, bool mesh_relative) {
    ensure_segment();
    std::vector<std::uint32_t>& idx = face_scratch_;
    idx.clear();
    long long i;
    const long long count = static_cast<long long>(doc_.positions.size());
    const long long base = mesh_relative ? doc_.segments.back().first_vertex : 0;
    while (t.integer(i)) {
      const long long v = i < 0 ? count + i : base + i;
      if (v < 0 || v >= count)
        fail("IQE_INDEX_OUT_OF_RANGE", "face index " + std::to_string(i) + " refers to vertex " + std::to_string(v) + " but " +
                                           std::to_string(count) + " are defined");
      idx.push_back(static_cast<std::uint32_t>(v));
    }
    const std::uint8_t flags = pending_edge_flags_;
    pending_edge_flags_ = 7;
    for (std::size_t k = 2; k < idx.size(); ++k) {  // convex polygon: fan
      Triangle tri{{idx[0], idx[k - 1], idx[k]}, static_cast<std::uint32_t>(doc_.segments.size() - 1), smooth_uv_, smooth_group_, smooth_cos_, flags};
      doc_.triangles.push_back(tri);
      ++doc_.segments.back().triangle_count;
    }
  }

  void close_segment() {
    if (!doc_.segments.empty()) doc_.segments.back().end_vertex = static_cast<std::uint32_t>(doc_.positions.size());
  }

  void finish() {
    if (doc_.segments.empty() && !doc_.positions.empty()) ensure_segment();  // a face-less file is one mesh of triples
    close_segment();
    const std::size_t n = doc_.positions.size();
    auto check = [&](std::size_t size, const char* what) {
      if (size != 0 && size != n)
        fail("IQE_ARRAY_LENGTH_MISMATCH", std::string(what) + " has " + std::to_string(size) + " entries but there are " +
                                              std::to_string(n) + " positions (every vertex array must be absent or as long as vp)");
    };
    check(doc_.uvs.size(), "vt");
    check(doc_.normals.size(), "vn");
    check(doc_.tangents.size(), "vx");
    check(doc_.influences.size(), "vb");
    check(doc_.colors.size(), "vc");
    check(doc_.smoothing_index.size(), "vs");
    for (int c = 0; c < 10; ++c) check(doc_.custom[c].size(), "custom attribute");
    // Mixed 4- and 6-value vx lines: keep bitangents aligned with their own vertices.
    if (!bitangent_lines_.empty() && bitangent_lines_.size() != doc_.tangents.size()) {
      std::vector<Vec3> aligned(doc_.tangents.size());
      for (std::size_t k = 0; k < bitangent_lines_.size(); ++k) aligned[bitangent_lines_[k]] = doc_.bitangents[k];
      doc_.bitangents = std::move(aligned);
    }
    for (const auto& skin : doc_.influences)
      for (const std::int32_t joint : skin.joints)
        if (joint >= 0 && static_cast<std::size_t>(joint) >= doc_.joints.size() && !doc_.joints.empty())
          detail::fail_line("IQE", "IQE_JOINT_OUT_OF_RANGE", line_number_,
                            "a vb line uses joint " + std::to_string(joint) + " but " + std::to_string(doc_.joints.size()) + " are defined");
  }

  std::string_view text_, line_;
  std::size_t pos_ = 0;
  std::uint32_t line_number_ = 0;
  Document doc_;
  std::string material_;
  bool smooth_uv_ = false, frame_open_ = false;
  std::int64_t smooth_group_ = -1;
  float smooth_cos_ = -1.0f;
  std::uint8_t pending_edge_flags_ = 7;
  std::vector<std::uint32_t> bitangent_lines_;
  std::vector<Influence> influence_scratch_;
  std::vector<std::uint32_t> face_scratch_;
};

}  // namespace

Document parse(std::string_view text) { return Parser(text).run(); }

}  // namespace aem::formats::iqe
