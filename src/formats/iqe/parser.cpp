// IQE parsing in two phases: the text after the header is cut into chunks at line boundaries and
// scanned on worker threads (line_scanner.cpp: the number parsing, which is most of the work), while
// this thread assembles finished chunks in order, applying every rule that depends on earlier lines.
#include "formats/iqe/parser.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "core/parse_error.hpp"
#include "core/worker_threads.hpp"
#include "formats/iqe/line_scanner.hpp"
#include "formats/iqe/tokens.hpp"

namespace aem::formats::iqe {
namespace {

constexpr std::string_view kHeader = "# Inter-Quake Export";
constexpr std::size_t kBytesPerChunk = 2u << 20;  // below this a thread costs more than it saves
constexpr std::size_t kMaxChunks = 256;

// Appends a chunk's array. The first chunk's array is taken over and given room for the whole file,
// estimated from the share of the text that chunk covered (`scale`), so later chunks append in place.
template <class T>
void append(std::vector<T>& to, std::vector<T>& from, double scale) {
  if (to.empty()) {
    to = std::move(from);
    to.reserve(static_cast<std::size_t>(static_cast<double>(to.size()) * scale));
  } else {
    to.insert(to.end(), from.begin(), from.end());
  }
}

// Cuts `text` into up to `parts` pieces that each end at a line end.
std::vector<std::string_view> split_lines(std::string_view text, unsigned parts) {
  std::vector<std::string_view> out;
  std::size_t begin = 0;
  for (unsigned k = 1; k <= parts && begin < text.size(); ++k) {
    std::size_t end = k == parts ? text.size() : std::max(begin, text.size() * k / parts);
    if (end < text.size()) {
      end = text.find('\n', end);
      end = end == std::string_view::npos ? text.size() : end + 1;
    }
    out.push_back(text.substr(begin, end - begin));
    begin = end;
  }
  return out;
}

// Scans the chunks on worker threads (each takes the next unscanned chunk) while the caller
// assembles the finished ones in order, so that assembly overlaps scanning. Small texts are one
// chunk scanned on the caller's thread, and so is every chunk when no worker thread could start.
class ScanPipeline {
 public:
  ScanPipeline(std::string_view body, unsigned threads)
      : body_(body),
        pieces_(split_lines(
            body, static_cast<unsigned>(std::clamp<std::size_t>(body.size() / kBytesPerChunk, 1, kMaxChunks)))),
        chunks_(pieces_.size()),
        errors_(pieces_.size()),
        done_(pieces_.size(), 0) {
    // One thread allowed, or one hardware thread (also the browser build, which has no threads): the
    // caller scans alone.
    const unsigned allowed = threads ? threads : std::thread::hardware_concurrency();
    if (pieces_.size() < 2 || allowed < 2) return;
    const unsigned workers = std::min<unsigned>(allowed, static_cast<unsigned>(pieces_.size()));
    for (unsigned w = 0; w < workers; ++w)
      if (!workers_.start([this] { work(); })) break;  // those that did start scan every chunk
  }
  ~ScanPipeline() {
    stop_ = true;
    workers_.join();
  }
  ScanPipeline(const ScanPipeline&) = delete;
  ScanPipeline& operator=(const ScanPipeline&) = delete;

  std::size_t size() const { return pieces_.size(); }

  /// Takes back an assembled chunk: a later chunk is scanned into its memory.
  void recycle(Chunk&& c) {
    std::lock_guard lock(mutex_);
    spare_.push_back(std::move(c));
  }

  /// Chunk k once it is scanned (rethrows what its scan threw).
  Chunk& wait(std::size_t k) {
    if (workers_.empty()) {
      scan(k);
    } else {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return done_[k] != 0; });
    }
    if (errors_[k]) std::rethrow_exception(errors_[k]);
    return chunks_[k];
  }

 private:
  void scan(std::size_t k) {
    try {
      Chunk reuse;
      {
        std::lock_guard lock(mutex_);
        if (!spare_.empty()) reuse = std::move(spare_.back()), spare_.pop_back();
      }
      chunks_[k] = scan_chunk(pieces_[k], std::move(reuse));
      chunks_[k].offset = static_cast<std::size_t>(pieces_[k].data() - body_.data());
      chunks_[k].size = pieces_[k].size();
    } catch (...) {
      errors_[k] = std::current_exception();
    }
  }

  void work() {
    for (std::size_t k; !stop_ && (k = next_++) < pieces_.size();) {
      scan(k);
      {
        std::lock_guard lock(mutex_);
        done_[k] = 1;
      }
      ready_.notify_all();
    }
  }

  std::string_view body_;
  std::vector<std::string_view> pieces_;
  std::vector<Chunk> chunks_, spare_;
  std::vector<std::exception_ptr> errors_;
  std::vector<char> done_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> stop_{false};
  detail::WorkerThreads workers_;  // last: joined before the members the threads use go
};

class Assembler {
 public:
  Assembler(std::string_view text, unsigned threads) : text_(text), threads_(threads) {}

  Document run() {
    const std::size_t header_end = std::min(text_.find('\n'), text_.size());
    if (text_.substr(0, std::min(header_end, kHeader.size())) != kHeader)
      detail::fail_line("IQE", "IQE_BAD_HEADER", 1, "the first line must start with \"# Inter-Quake Export\"");
    const std::string_view body = text_.substr(std::min(header_end + 1, text_.size()));
    std::uint32_t first_line = 2;
    ScanPipeline pipeline(body, threads_);
    for (std::size_t k = 0; k < pipeline.size(); ++k) {
      Chunk& chunk = wait(pipeline, k, first_line);
      if (assemble(chunk, first_line, body)) break;
      first_line += chunk.line_count;
      pipeline.recycle(std::move(chunk));
    }
    finish();
    doc_.line_count = line_number_;
    return std::move(doc_);
  }

 private:
  // A scan error names the line within its chunk; chunks before it give the file's line.
  static Chunk& wait(ScanPipeline& pipeline, std::size_t k, std::uint32_t first_line) {
    try {
      return pipeline.wait(k);
    } catch (detail::ParseError& e) {
      if (e.diagnostic.line) e.diagnostic.line = first_line + *e.diagnostic.line - 1;
      throw;
    }
  }

  [[noreturn]] void fail(const char* code, std::string message) {
    detail::fail_line("IQE", code, line_number_, std::move(message));
  }

  // Appends the chunk's vertex arrays, then replays its events. True when a `comment` ended the file.
  bool assemble(Chunk& c, std::uint32_t first_line, std::string_view body) {
    vp_base_ = static_cast<std::uint32_t>(doc_.positions.size());
    const auto tangent_base = static_cast<std::uint32_t>(doc_.tangents.size());
    // No room for chunks to come after the last one: its arrays are taken over as they are.
    const double scale = c.offset + c.size >= body.size() ? 1.0
                                                          : 1.05 * static_cast<double>(body.size()) /
                                                                static_cast<double>(std::max<std::size_t>(c.size, 1));
    append(doc_.positions, c.positions, scale), append(doc_.uvs, c.uvs, scale), append(doc_.normals, c.normals, scale);
    append(doc_.tangents, c.tangents, scale), append(doc_.bitangents, c.bitangents, scale);
    append(doc_.influences, c.influences, scale), append(doc_.colors, c.colors, scale);
    max_joint_ = std::max(max_joint_, c.max_joint);
    append(doc_.smoothing_index, c.smoothing_index, scale);
    const std::size_t pose_base = doc_.poses.size();
    append(doc_.poses, c.poses, scale);
    for (int k = 0; k < 10; ++k) append(doc_.custom[k], c.custom[k], scale);
    for (std::uint32_t t : c.bitangent_of) bitangent_of_.push_back(tangent_base + t);
    // Faces are not appended but assembled one by one: room for this chunk's triangles, and for as
    // many again in each chunk to come (its rate over the rest of the text) when the array has to grow.
    std::size_t triangles = 0;
    for (const ChunkEvent& e : c.events)
      if (e.kind == ChunkEvent::Kind::Face)
        triangles += std::size_t{e.lines} * (std::max<std::uint32_t>(e.corners, 2) - 2);
    if (doc_.corners.capacity() - doc_.corners.size() < 3 * triangles)
      doc_.corners.reserve(
          doc_.corners.size() +
          static_cast<std::size_t>(3.0 * static_cast<double>(triangles) * static_cast<double>(body.size() - c.offset) /
                                   static_cast<double>(std::max<std::size_t>(c.size, 1))));
    const std::int32_t* face_values = c.face_values.data();
    std::size_t next_pose = 0, next_command = 0;
    for (const ChunkEvent& e : c.events) {
      line_number_ = first_line + e.line - 1;
      vp_count_ = vp_base_ + e.vp_count;
      switch (e.kind) {
        case ChunkEvent::Kind::Face:
          face_run(face_values, e);
          face_values += std::size_t{e.lines} * e.corners;
          break;
        case ChunkEvent::Kind::Pose:
          poses(pose_base + next_pose, e.lines);
          next_pose += e.lines;
          break;
        case ChunkEvent::Kind::Command:
          command(c.commands[next_command++]);
          break;
        case ChunkEvent::Kind::Comment:
          doc_.has_comment = true;
          doc_.comment = std::string(body.substr(c.offset + c.comment_end));
          return true;
      }
    }
    line_number_ = first_line + c.line_count - 1;
    return false;
  }

  void command(std::string_view line) {
    Tokens t(line);
    const std::string_view cmd = t.word();
    if (cmd == "fs") {
      long long f;
      std::uint8_t flags = 0;
      for (int k = 0; k < 3 && t.integer(f); ++k) flags |= static_cast<std::uint8_t>((f ? 1 : 0) << k);
      pending_edge_flags_ = flags;
    } else if (cmd == "smoothuv") {
      long long n = 0;
      t.integer(n);
      smoothing_.uv = n > 0;
    } else if (cmd == "smoothgroup") {
      long long n = -1;
      t.integer(n);
      smoothing_.group = n;
    } else if (cmd == "smoothangle") {
      float a = 180;
      if (t.number(a)) smoothing_.cos = std::fabs(a) >= 180.0f ? -1.0f : std::cos(a * 3.14159265358979f / 180.0f);
    } else if (cmd == "mesh") {
      close_segment();
      Segment s;
      s.name = std::string(t.name());
      s.material = material_;
      s.first_vertex = vp_count_;
      s.first_triangle = static_cast<std::uint32_t>(doc_.triangle_count());
      doc_.segments.push_back(std::move(s));
    } else if (cmd == "material") {
      material_ = std::string(t.name());  // persists across `mesh`, as in the reference compiler
      if (!doc_.segments.empty()) doc_.segments.back().material = material_;
    } else if (cmd == "joint") {
      const std::string name(t.name());
      long long parent = -1;
      t.integer(parent);
      const auto index = static_cast<long long>(doc_.joints.size());
      if (parent >= index)
        fail("IQE_BAD_PARENT",
             "joint \"" + name + "\" has parent " + std::to_string(parent) + ", not an earlier joint");
      doc_.joints.push_back({name, static_cast<std::int32_t>(parent < 0 ? -1 : parent)});
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

  // The `count` poses of doc_.poses from `first` on join the base poses or the current frame, which
  // are consecutive: the base poses come before the first animation, and each frame's after its command.
  void poses(std::size_t first, std::size_t count) {
    if (doc_.animations.empty()) {
      doc_.base_poses.count += count;
      return;
    }
    auto& frames = doc_.animations.back().frames;
    if (!frame_open_) {
      frames.push_back({first, 0});
      frame_open_ = true;
    }
    frames.back().count += count;
  }

  void vertexarray(Tokens& t) {
    std::string type(t.word()), component(t.word());
    long long size = 0;
    t.integer(size);
    std::string name(t.name());
    std::transform(type.begin(), type.end(), type.begin(), ::tolower);
    if (type.size() == 7 && type.rfind("custom", 0) == 0 && type[6] >= '0' && type[6] <= '9' && size >= 1 &&
        size <= 4) {
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

  // A run of e.lines faces of e.corners indices each, from `values`. What is the same for the whole run
  // (segment, base, smoothing) is settled once; only the first face takes a pending `fs`.
  void face_run(const std::int32_t* values, const ChunkEvent& e) {
    ensure_segment();
    const long long count = vp_count_;
    const long long base = e.mesh_relative ? doc_.segments.back().first_vertex : 0;
    const std::uint32_t per_face = e.corners > 2 ? e.corners - 2 : 0;  // triangles
    if (per_face > 0 && e.lines > 0) {
      const auto first = static_cast<std::uint32_t>(doc_.triangle_count());
      Smoothing s = smoothing_;
      s.edge_flags = pending_edge_flags_;
      smoothing_from(first, s);
      smoothing_from(first + per_face, smoothing_);
    }
    // An index counts from the mesh's first vertex (fm) or the file's (fa), or back from the last
    // vertex read when negative; kIndexOutOfRange fails like any other bad index.
    auto vertex = [&](std::uint32_t f, std::int32_t i) {
      const long long v = (i < 0 ? count : base) + i;
      if (static_cast<unsigned long long>(v) >= static_cast<unsigned long long>(count)) bad_index(f, i, v, count);
      return static_cast<std::uint32_t>(v);
    };
    std::vector<std::uint32_t>& out = doc_.corners;
    if (e.corners == 3 && triangles_in_range(values, 3 * std::size_t{e.lines}, base, count)) {
      // Every index is a vertex counted from `base`: the corners are the values moved by base, in order.
      const std::size_t at = out.size();
      out.insert(out.end(), values, values + 3 * std::size_t{e.lines});
      if (base != 0)
        for (std::size_t k = at; k < out.size(); ++k) out[k] += static_cast<std::uint32_t>(base);
    } else {  // index by index: negative indices, polygons, or an index to report
      for (std::uint32_t f = 0; f < e.lines; ++f, values += e.corners) {
        std::uint32_t first = 0, previous = 0;
        for (std::uint32_t k = 0; k < e.corners; ++k) {  // a convex polygon: a fan from its first corner
          const std::uint32_t v = vertex(f, values[k]);
          if (k == 0) first = v;
          if (k >= 2) out.push_back(first), out.push_back(previous), out.push_back(v);
          previous = v;
        }
      }
    }
    if (e.lines > 0) pending_edge_flags_ = 7;
    doc_.segments.back().triangle_count += e.lines * per_face;
  }

  // True when the n values are all non-negative and below count - base (one pass of min and max, which
  // the compiler vectorises), so that no index needs its own check.
  static bool triangles_in_range(const std::int32_t* values, std::size_t n, long long base, long long count) {
    std::int32_t lo = INT32_MAX, hi = INT32_MIN;
    for (std::size_t k = 0; k < n; ++k) lo = std::min(lo, values[k]), hi = std::max(hi, values[k]);
    return n > 0 && lo >= 0 && base + hi < count;
  }

  // Face `f` of the run being assembled has index `i`, which refers to vertex `v` of `count`.
  [[noreturn, gnu::cold]] void bad_index(std::uint32_t f, long long i, long long v, long long count) {
    line_number_ += f;
    fail("IQE_INDEX_OUT_OF_RANGE", "face index " + std::to_string(i) + " refers to vertex " + std::to_string(v) +
                                       " but " + std::to_string(count) + " are defined");
  }

  // Triangles from `triangle` on have smoothing state `s` (until the next call).
  void smoothing_from(std::uint32_t triangle, const Smoothing& s) {
    auto& runs = doc_.smoothing;
    if (!runs.empty() && runs.back().state == s) return;
    if (!runs.empty() && runs.back().first == triangle) {  // a run with no triangles yet: replace its state
      runs.pop_back();
      if (!runs.empty() && runs.back().state == s) return;
    }
    runs.push_back({triangle, s});
  }

  void close_segment() {
    if (!doc_.segments.empty()) doc_.segments.back().end_vertex = vp_count_;
  }

  void finish() {
    vp_count_ = static_cast<std::uint32_t>(doc_.positions.size());
    if (doc_.segments.empty() && !doc_.positions.empty()) ensure_segment();  // a face-less file is one mesh of triples
    close_segment();
    const std::size_t n = doc_.positions.size();
    auto check = [&](std::size_t size, const char* what) {
      if (size != 0 && size != n)
        fail("IQE_ARRAY_LENGTH_MISMATCH", std::string(what) + " has " + std::to_string(size) +
                                              " entries but there are " + std::to_string(n) +
                                              " positions (every vertex array must be absent or as long as vp)");
    };
    check(doc_.uvs.size(), "vt");
    check(doc_.normals.size(), "vn");
    check(doc_.tangents.size(), "vx");
    check(doc_.influences.size(), "vb");
    check(doc_.colors.size(), "vc");
    check(doc_.smoothing_index.size(), "vs");
    for (int c = 0; c < 10; ++c) check(doc_.custom[c].size(), "custom attribute");
    // Mixed 4- and 6-value vx lines: keep bitangents aligned with their own vertices.
    if (!bitangent_of_.empty() && bitangent_of_.size() != doc_.tangents.size()) {
      std::vector<Vec3> aligned(doc_.tangents.size());
      for (std::size_t k = 0; k < bitangent_of_.size(); ++k) aligned[bitangent_of_[k]] = doc_.bitangents[k];
      doc_.bitangents = std::move(aligned);
    }
    if (max_joint_ < 0 || static_cast<std::size_t>(max_joint_) < doc_.joints.size() || doc_.joints.empty()) return;
    for (const auto& skin : doc_.influences)  // there is a bad joint: name the first
      for (const std::int32_t joint : skin.joints)
        if (joint >= 0 && static_cast<std::size_t>(joint) >= doc_.joints.size())
          fail("IQE_JOINT_OUT_OF_RANGE", "a vb line uses joint " + std::to_string(joint) + " but " +
                                             std::to_string(doc_.joints.size()) + " are defined");
  }

  std::string_view text_;
  unsigned threads_;  ///< the scan's, see ScanPipeline
  std::uint32_t line_number_ = 1, vp_base_ = 0, vp_count_ = 0;
  Document doc_;
  std::string material_;
  bool frame_open_ = false;
  std::int32_t max_joint_ = -1;  ///< the largest joint any vb line kept
  Smoothing smoothing_;  ///< current settings (edge_flags stays 7: an `fs` is pending_edge_flags_ until its face)
  std::uint8_t pending_edge_flags_ = 7;
  std::vector<std::uint32_t> bitangent_of_;
};

}  // namespace

Document parse(std::string_view text, unsigned threads) { return Assembler(text, threads).run(); }

}  // namespace aem::formats::iqe
