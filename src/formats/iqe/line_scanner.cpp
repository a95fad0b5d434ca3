#include "formats/iqe/line_scanner.hpp"

#include <algorithm>
#include <cstring>

#include "core/parse_error.hpp"
#include "formats/iqe/poses.hpp"
#include "formats/iqe/swar_digits.hpp"
#include "formats/iqe/tokens.hpp"

namespace aem::formats::iqe {
namespace {

constexpr std::size_t kMaxFloats = 16;  // the most numbers a command takes (pm: 15)

class Scanner {
 public:
  Scanner(std::string_view text, Chunk reuse)
      : text_(text),
        fast_end_(text.size() >= swar::kReach ? text.data() + text.size() - swar::kReach : text.data()),
        c_(std::move(reuse)) {
    c_.clear();
  }

  Chunk run() {
    reserve_from_sample();
    const char* p = text_.data();
    const char* const end = p + text_.size();
    while (p < end) {
      ++c_.line_count;
      if (p < fast_end_) {
        if (const char* next = fast_line(p)) {
          p = next;
          continue;
        }
      }
      const auto* newline = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
      const char* next = newline ? newline + 1 : end;
      const std::string_view line(p, static_cast<std::size_t>((newline ? newline : end) - p));
      p = next;
      Tokens t(line, end);
      const std::string_view cmd = t.word();
      if (cmd.empty() || cmd[0] == '#') continue;
      if (cmd == "comment") {
        event(ChunkEvent::Kind::Comment);
        c_.comment_end = static_cast<std::size_t>(next - text_.data());
        break;
      }
      scan(cmd, t, line);
    }
    return std::move(c_);
  }

 private:
  void event(ChunkEvent::Kind kind) {
    c_.events.push_back({kind, false, c_.line_count, static_cast<std::uint32_t>(c_.positions.size())});
  }

  // Reserves every array for the whole chunk from the line mix of samples spread over it (an IQE
  // file's vertices come first and its animations last, so a sample at the start misses the poses),
  // so that growing them does not touch (and fault in) twice the memory. A wrong guess only costs
  // growth; an untouched reserve costs no memory. No guess exceeds one element per 8 bytes of text (a
  // short real line), so that a sample of hostile short lines reserves no array beyond 8 times the
  // text (64-byte influences; 5 times for the 40-byte poses).
  void reserve_from_sample() {
    constexpr std::size_t kSamples = 8, kSampleBytes = 8 * 1024;
    if (text_.size() <= kSamples * kSampleBytes) return;
    std::size_t counts[128] = {}, lines = 0, face_bytes = 0, poses = 0, pose_runs = 0, sampled = 0;
    for (std::size_t k = 0; k < kSamples; ++k) {
      std::size_t pos = text_.size() / kSamples * k;
      if (k > 0) pos = std::min(text_.find('\n', pos), text_.size() - 1) + 1;  // from a line start
      const std::size_t stop = std::min(pos + kSampleBytes, text_.size());
      sampled += stop - pos;
      bool after_pose = false;
      while (pos < stop) {
        const std::size_t end = std::min(text_.find('\n', pos), text_.size());
        const std::string_view line = text_.substr(pos, end - pos);
        ++lines;
        if (line.size() >= 2 && line[0] == 'v') ++counts[static_cast<unsigned char>(line[1]) & 127];
        if (line.size() >= 2 && line[0] == 'f' && (line[1] == 'm' || line[1] == 'a')) face_bytes += line.size();
        const bool pose = line.size() >= 2 && line[0] == 'p' && (line[1] == 'q' || line[1] == 'm' || line[1] == 'a');
        poses += pose, pose_runs += pose && !after_pose, after_pose = pose;
        pos = end + 1;
      }
    }
    const double scale =
        1.1 * static_cast<double>(text_.size()) / static_cast<double>(std::max<std::size_t>(sampled, 1));
    auto guess = [&](std::size_t n) {
      return std::min(static_cast<std::size_t>(static_cast<double>(n) * scale), text_.size() / 8);
    };
    const auto v = [&](char second) { return counts[static_cast<unsigned char>(second)]; };  // lines "v<second>"
    c_.positions.reserve(guess(v('p'))), c_.uvs.reserve(guess(v('t'))), c_.normals.reserve(guess(v('n')));
    c_.tangents.reserve(guess(v('x'))), c_.influences.reserve(guess(v('b'))), c_.colors.reserve(guess(v('c')));
    c_.face_values.reserve(guess(face_bytes / 4)), c_.poses.reserve(guess(poses)),
        c_.events.reserve(guess(lines - v('p') - v('t') - v('n') - v('x') - v('b') - v('c') - poses + pose_runs));
  }

  // The common lines without Tokens: a vertex, face or pose command, then numbers of the short forms
  // (swar_digits.hpp) each after exactly one space, then '\n'. Gives the start of the next line, or
  // null to leave the line to scan(), which reads these lines alike and reports what is wrong with others.
  const char* fast_line(const char* p) {
    if (p[0] == 'v' && p[1] == 'b' && p[2] == '\n') {  // no influences: every vertex line of some exporters
      add_influences({});
      return p + 3;
    }
    if (p[2] != ' ') return nullptr;
    if (p[0] == 'v') {
      switch (p[1]) {  // the usual vertex arrays straight in; the rest through store_vertex
        case 'p':
          return fast_vector<4>(p + 2, c_.positions);
        case 't':
          return fast_vector<2>(p + 2, c_.uvs);
        case 'n':
          return fast_vector<3>(p + 2, c_.normals);
        case 'b':
          return fast_influences(p + 2);
        default:
          break;
      }
      const std::size_t max = vertex_floats(p[1]);
      if (max == 0) return nullptr;
      float v[kMaxFloats] = {};
      const char* next;
      const std::size_t n = floats(p + 2, v, max, next);
      if (next) store_vertex(p[1], v, n);
      return next;
    }
    if (p[0] == 'f' && (p[1] == 'm' || p[1] == 'a')) return fast_face(p + 2, p[1] == 'm');
    if (p[0] == 'p' && (p[1] == 'q' || p[1] == 'm' || p[1] == 'a')) return fast_pose(p[1], p + 2);
    return nullptr;
  }

  // A pq/pm/pa line: its own function with the number loop inlined (inlined into the scan loop
  // instead, it slowed the vertex lines there). A line whose bytes repeat those of the pose at the
  // same place in the previous frame (a joint that keeps still: 8-87% of the real files' pose lines)
  // takes that pose without reading its numbers again.
  [[gnu::noinline, gnu::flatten]] const char* fast_pose(char kind, const char* p) {
    const char* const line = p - 2;
    const std::size_t slot = pose_in_frame_++;
    if (slot < frame_lines_.size()) {
      const PoseLine& previous = frame_lines_[slot];
      if (previous.length < static_cast<std::size_t>(text_.data() + text_.size() - line) &&
          std::memcmp(line, previous.line, previous.length + 1) == 0) {  // the '\n' too: the same line end
        add_pose_line();
        const Transform same = c_.poses[previous.pose];
        c_.poses.push_back(same);
        return line + previous.length + 1;
      }
    }
    float v[kMaxFloats];
    const char* next;
    const std::size_t n = floats(p, v, kMaxFloats, next);
    if (next) {
      store_pose(kind, std::span<const float>(v, n));
      const PoseLine read{line, static_cast<std::size_t>(next - 1 - line), c_.poses.size() - 1};
      if (slot < frame_lines_.size())
        frame_lines_[slot] = read;
      else if (slot == frame_lines_.size())  // (past a line the general path took, the places stay unknown)
        frame_lines_.push_back(read);
    }
    return next;
  }

  // A vp, vt or vn line of up to Max numbers (missing ones 0) into `to`, whose first components they are.
  template <std::size_t Max, class V>
  [[gnu::flatten]] const char* fast_vector(const char* p, std::vector<V>& to) {
    float v[Max] = {};
    const char* next;
    floats(p, v, Max, next);
    if (next) {
      if constexpr (sizeof(V) == 2 * sizeof(float))
        to.push_back({v[0], v[1]});
      else
        to.push_back({v[0], v[1], v[2]});
    }
    return next;
  }

  // Up to `max` short decimals each after one space from `p`, then '\n': their count, and `next` set
  // to just after the '\n' (null when the line has another shape).
  std::size_t floats(const char* p, float* out, std::size_t max, const char*& next) const {
    std::size_t n = 0;
    for (; *p == ' '; ++n) {
      if (n == max || p >= fast_end_ || !(p = swar::short_decimal(p + 1, out[n]))) {
        next = nullptr;
        return 0;
      }
    }
    next = *p == '\n' ? p + 1 : nullptr;
    return n;
  }

  const char* fast_face(const char* p, bool mesh_relative) {
    const auto first = static_cast<std::uint32_t>(c_.face_values.size());
    for (; *p == ' ';) {
      std::uint32_t i;
      const bool negative = p < fast_end_ && p[1] == '-';
      if (p >= fast_end_ || !(p = swar::short_digits(p + 1 + negative, i))) {
        c_.face_values.resize(first);
        return nullptr;
      }
      c_.face_values.push_back(negative ? -static_cast<std::int32_t>(i) : static_cast<std::int32_t>(i));
    }
    if (*p != '\n') {
      c_.face_values.resize(first);
      return nullptr;
    }
    add_face(first, mesh_relative);
    return p + 1;
  }

  // A vb line of at most kMaxInfluences kept pairs, gathered in a local array (more go to scan()).
  // The guard covers one number: the weight is checked against it on its own, since the joint before
  // it may have taken the guard's slack.
  const char* fast_influences(const char* p) {
    Influence kept[kMaxInfluences];
    std::size_t n = 0;
    for (; *p == ' ';) {
      std::uint32_t joint;
      float weight;
      if (p >= fast_end_ || !(p = swar::short_digits(p + 1, joint)) || *p != ' ') return nullptr;
      if (p >= fast_end_ || !(p = swar::short_decimal(p + 1, weight))) return nullptr;
      if (kept_weight(weight)) {
        if (n == kMaxInfluences) return nullptr;
        kept[n++] = {static_cast<std::int32_t>(joint), weight};
      }
    }
    if (*p != '\n') return nullptr;
    add_influences(std::span<Influence>(kept, n));
    return p + 1;
  }

  void scan(std::string_view cmd, Tokens& t, std::string_view line) {
    if (cmd.size() == 2 && cmd[0] == 'v') {
      const bool known = vertex_attribute(cmd[1], t);
      check_numbers(t);
      if (known) return;
    } else if (cmd == "fm" || cmd == "fa") {
      const auto first = static_cast<std::uint32_t>(c_.face_values.size());
      for (long long i; t.integer(i);)
        c_.face_values.push_back(i >= INT32_MIN && i <= INT32_MAX ? static_cast<std::int32_t>(i) : kIndexOutOfRange);
      add_face(first, cmd == "fm");
      return;
    } else if (cmd == "pq" || cmd == "pm" || cmd == "pa") {
      float v[kMaxFloats];
      const std::span<const float> values(v, t.numbers(v));
      check_numbers(t);
      store_pose(cmd[1], values);
      return;
    }
    event(ChunkEvent::Kind::Command);  // unknown commands too: assembly ignores them
    pose_in_frame_ = 0;                // a frame's poses follow its command
    c_.commands.push_back(line);
  }

  // The face whose indices start at face_values[first], as one line of a run of faces of the same
  // command and corner count.
  [[gnu::always_inline]] void add_face(std::uint32_t first, bool mesh_relative) {
    add_run_line(ChunkEvent::Kind::Face, mesh_relative, static_cast<std::uint32_t>(c_.face_values.size() - first));
  }

  // A pose line, as one line of a run of pose lines.
  void add_pose_line() { add_run_line(ChunkEvent::Kind::Pose, false, 0); }

  // A line of a run: it extends the last event when that is a run alike that ends on the line before
  // (so, for faces, no vp line came since), or starts one.
  [[gnu::always_inline]] void add_run_line(ChunkEvent::Kind kind, bool mesh_relative, std::uint32_t corners) {
    if (!c_.events.empty()) {
      ChunkEvent& run = c_.events.back();
      if (run.line + run.lines == c_.line_count && run.kind == kind && run.corners == corners &&
          run.mesh_relative == mesh_relative) {
        ++run.lines;
        return;
      }
    }
    c_.events.push_back(
        {kind, mesh_relative, c_.line_count, static_cast<std::uint32_t>(c_.positions.size()), 1, corners});
  }

  void store_pose(char kind, std::span<const float> values) {
    add_pose_line();
    c_.poses.push_back(kind == 'q' ? pose_from_pq(values) : kind == 'm' ? pose_from_pm(values) : pose_from_pa(values));
  }

  // The vertex's influences from the pairs `kept` (reordered).
  void add_influences(std::span<Influence> kept) {
    SkinInfluences& s = c_.influences.emplace_back();
    strongest_influences(kept, s);
    for (const std::int32_t joint : s.joints) c_.max_joint = std::max(c_.max_joint, joint);
  }

  // Influences this light are dropped, as the reference compiler does.
  static bool kept_weight(float weight) { return weight > 1e-3f; }

  // How many numbers the float-only vertex commands (vp vt vn vx vc v0-v9) take; 0 for the others.
  static std::size_t vertex_floats(char kind) {
    switch (kind) {
      case 'p':
        return 4;
      case 'n':
        return 3;
      case 't':
        return 2;
      case 'x':
        return 6;
      case 'c':
        return 4;
      default:
        return kind >= '0' && kind <= '9' ? 4 : 0;
    }
  }

  // A float-only vertex line's `n` numbers (the rest of `v` zero) into its array; missing ones take
  // the spec's defaults (0, and 1 for a colour's alpha).
  void store_vertex(char kind, const float* v, std::size_t n) {
    switch (kind) {
      case 'p':
        c_.positions.push_back({v[0], v[1], v[2]});
        break;
      case 't':
        c_.uvs.push_back({v[0], v[1]});
        break;
      case 'n':
        c_.normals.push_back({v[0], v[1], v[2]});
        break;
      case 'x':
        if (n > 4) {  // tangent + explicit bitangent; the sign follows from the frame
          c_.bitangent_of.push_back(static_cast<std::uint32_t>(c_.tangents.size()));
          c_.tangents.push_back({v[0], v[1], v[2], 0.0f});
          c_.bitangents.push_back({v[3], v[4], v[5]});
        } else {
          c_.tangents.push_back({v[0], v[1], v[2], v[3]});
        }
        break;
      case 'c':
        c_.colors.push_back({v[0], v[1], v[2], n > 3 ? v[3] : 1.0f});
        break;
      default:
        c_.custom[kind - '0'].push_back({v[0], v[1], v[2], v[3]});
    }
  }

  // The per-vertex commands (vp vt vn vx vb vc v0-v9 vs); false for any other "v?" word.
  bool vertex_attribute(char kind, Tokens& t) {
    if (const std::size_t max = vertex_floats(kind)) {
      float v[kMaxFloats] = {};
      store_vertex(kind, v, t.numbers(v, max));
      return true;
    }
    if (kind == 'b') {
      scratch_.clear();
      long long joint;
      float weight;
      while (t.integer(joint)) {
        if (joint < 0 || joint > INT32_MAX)
          fail(t, "IQE_JOINT_OUT_OF_RANGE", "joint index " + std::to_string(joint) + " is not a joint");
        if (!t.number(weight)) {
          if (!t.problem()) fail(t, "IQE_BAD_NUMBER", "joint " + std::to_string(joint) + " has no weight");
          break;
        }
        if (kept_weight(weight)) scratch_.push_back({static_cast<std::int32_t>(joint), weight});
      }
      add_influences(scratch_);
      return true;
    }
    if (kind == 's') {
      long long s = 0;
      t.integer(s);
      c_.smoothing_index.push_back(s);
      return true;
    }
    return false;
  }

  // Numbers are where the command says; a token that is not a finite number is an error, not a default.
  void check_numbers(const Tokens& t) {
    if (!t.problem()) return;
    const std::string token(t.token());
    if (std::string_view(t.problem()) == "IQE_NOT_FINITE")
      fail(t, t.problem(), "\"" + token + "\" is not a finite number");
    fail(t, t.problem(), "\"" + token + "\" is not a number");
  }

  /// Throws at the chunk-local line; the assembler turns it into the file's line.
  [[noreturn]] void fail(const Tokens& t, const char* code, std::string message) {
    throw detail::ParseError(Diagnostic{
        .code = code, .format = "IQE", .line = c_.line_count, .column = t.column(), .message = std::move(message)});
  }

  std::string_view text_;
  const char*
      fast_end_;  ///< fast_line reads a number only when the space before it lies before this (swar::kReach from the end)
  Chunk c_;
  std::vector<Influence> scratch_;
  /// A pose line the fast path read: its text (without the '\n') and its pose in c_.poses.
  struct PoseLine {
    const char* line;
    std::size_t length;
    std::size_t pose;
  };
  std::vector<PoseLine> frame_lines_;  ///< by place after the last command: the latest frame's lines
  std::size_t pose_in_frame_ = 0;      ///< pose lines since the last command
};

}  // namespace

void Chunk::clear() {
  positions.clear(), normals.clear(), uvs.clear(), tangents.clear(), colors.clear(), bitangents.clear(),
      bitangent_of.clear();
  influences.clear(), max_joint = -1, smoothing_index.clear(), face_values.clear(), poses.clear(), commands.clear(),
                      events.clear();
  for (auto& v : custom) v.clear();
  line_count = 0, comment_end = 0, offset = 0, size = 0;
}

Chunk scan_chunk(std::string_view text, Chunk reuse) { return Scanner(text, std::move(reuse)).run(); }

}  // namespace aem::formats::iqe
