#include "formats/iqe/line_scanner.hpp"

#include <algorithm>

#include "core/parse_error.hpp"
#include "formats/iqe/poses.hpp"
#include "formats/iqe/tokens.hpp"

namespace aem::formats::iqe {
namespace {

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  Chunk run() {
    reserve_from_sample();
    std::size_t pos = 0;
    while (pos < text_.size()) {
      const std::size_t end = text_.find('\n', pos);
      const std::string_view line = text_.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
      pos = end == std::string_view::npos ? text_.size() : end + 1;
      ++c_.line_count;
      Tokens t(line, text_.data() + text_.size());
      const std::string_view cmd = t.word();
      if (cmd.empty() || cmd[0] == '#') continue;
      if (cmd == "comment") {
        event(ChunkEvent::Kind::Comment);
        c_.comment_end = pos;
        break;
      }
      scan(cmd, t, line);
    }
    return std::move(c_);
  }

 private:
  void event(ChunkEvent::Kind kind) { c_.events.push_back({kind, c_.line_count, static_cast<std::uint32_t>(c_.positions.size())}); }

  // Reserves every array for the whole chunk from the line mix of a sample at its start, so that
  // growing them does not touch (and fault in) twice the memory. A wrong guess only costs growth.
  void reserve_from_sample() {
    constexpr std::size_t kSample = 64 * 1024;
    if (text_.size() <= kSample) return;
    std::size_t counts[128] = {}, lines = 0, faces = 0, face_bytes = 0;
    for (std::size_t pos = 0; pos < kSample;) {
      const std::size_t end = std::min(text_.find('\n', pos), text_.size());
      const std::string_view line = text_.substr(pos, end - pos);
      ++lines;
      if (line.size() >= 2 && line[0] == 'v') ++counts[static_cast<unsigned char>(line[1]) & 127];
      if (line.size() >= 2 && line[0] == 'f' && (line[1] == 'm' || line[1] == 'a')) ++faces, face_bytes += line.size();
      pos = end + 1;
    }
    const double scale = 1.1 * static_cast<double>(text_.size()) / kSample;
    auto guess = [&](std::size_t n) { return static_cast<std::size_t>(static_cast<double>(n) * scale); };
    c_.positions.reserve(guess(counts['p'])), c_.uvs.reserve(guess(counts['t'])), c_.normals.reserve(guess(counts['n']));
    c_.tangents.reserve(guess(counts['x'])), c_.influences.reserve(guess(counts['b'])), c_.colors.reserve(guess(counts['c']));
    c_.faces.reserve(guess(faces)), c_.face_values.reserve(guess(face_bytes / 4)), c_.events.reserve(guess(lines - counts['p'] - counts['t'] - counts['n'] - counts['x'] - counts['b'] - counts['c']));
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
      event(ChunkEvent::Kind::Face);
      c_.faces.push_back({first, static_cast<std::uint32_t>(c_.face_values.size() - first), cmd == "fm"});
      return;
    } else if (cmd == "pq" || cmd == "pm" || cmd == "pa") {
      float v[16];
      const std::span<const float> values(v, t.numbers(v));
      check_numbers(t);
      event(ChunkEvent::Kind::Pose);
      c_.poses.push_back(cmd == "pq" ? pose_from_pq(values) : cmd == "pm" ? pose_from_pm(values) : pose_from_pa(values));
      return;
    }
    event(ChunkEvent::Kind::Command);  // unknown commands too: assembly ignores them
    c_.commands.push_back(line);
  }

  // The per-vertex commands (vp vt vn vx vb vc v0-v9 vs); false for any other "v?" word.
  bool vertex_attribute(char kind, Tokens& t) {
    switch (kind) {
      case 'p': {
        float p[4] = {0, 0, 0, 1};
        t.numbers(p);
        c_.positions.push_back({p[0], p[1], p[2]});
        return true;
      }
      case 't': {
        float p[2] = {0, 0};
        t.numbers(p);
        c_.uvs.push_back({p[0], p[1]});
        return true;
      }
      case 'n': {
        float p[3] = {0, 0, 0};
        t.numbers(p);
        c_.normals.push_back({p[0], p[1], p[2]});
        return true;
      }
      case 'x': {
        float p[6] = {0, 0, 0, 0, 0, 0};
        if (t.numbers(p) > 4) {  // tangent + explicit bitangent; the sign follows from the frame
          c_.bitangent_of.push_back(static_cast<std::uint32_t>(c_.tangents.size()));
          c_.tangents.push_back({p[0], p[1], p[2], 0.0f});
          c_.bitangents.push_back({p[3], p[4], p[5]});
        } else {
          c_.tangents.push_back({p[0], p[1], p[2], p[3]});
        }
        return true;
      }
      case 'b': {
        scratch_.clear();
        long long joint;
        float weight;
        while (t.integer(joint)) {
          if (joint < 0 || joint > INT32_MAX) fail(t, "IQE_JOINT_OUT_OF_RANGE", "joint index " + std::to_string(joint) + " is not a joint");
          if (!t.number(weight)) {
            if (!t.problem()) fail(t, "IQE_BAD_NUMBER", "joint " + std::to_string(joint) + " has no weight");
            break;
          }
          if (weight > 1e-3f) scratch_.push_back({static_cast<std::int32_t>(joint), weight});
        }
        c_.influences.push_back(strongest_influences(scratch_));
        return true;
      }
      case 'c': {
        float p[4] = {0, 0, 0, 1};
        t.numbers(p);
        c_.colors.push_back({p[0], p[1], p[2], p[3]});
        return true;
      }
      case 's': {
        long long s = 0;
        t.integer(s);
        c_.smoothing_index.push_back(s);
        return true;
      }
      default:
        if (kind < '0' || kind > '9') return false;
        float p[4] = {0, 0, 0, 0};
        t.numbers(p);
        c_.custom[kind - '0'].push_back({p[0], p[1], p[2], p[3]});
        return true;
    }
  }

  // Numbers are where the command says; a token that is not a finite number is an error, not a default.
  void check_numbers(const Tokens& t) {
    if (!t.problem()) return;
    const std::string token(t.token());
    if (std::string_view(t.problem()) == "IQE_NOT_FINITE") fail(t, t.problem(), "\"" + token + "\" is not a finite number");
    fail(t, t.problem(), "\"" + token + "\" is not a number");
  }

  /// Throws at the chunk-local line; the assembler turns it into the file's line.
  [[noreturn]] void fail(const Tokens& t, const char* code, std::string message) {
    Diagnostic d{code, "IQE", {}, {}, c_.line_count, {}, std::move(message)};
    d.column = t.column();
    throw detail::ParseError(std::move(d));
  }

  std::string_view text_;
  Chunk c_;
  std::vector<Influence> scratch_;
};

}  // namespace

Chunk scan_chunk(std::string_view text) { return Scanner(text).run(); }

}  // namespace aem::formats::iqe
