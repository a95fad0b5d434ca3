// The scanner's path for the usual line shapes (vertex, face and pose commands with one space between
// short numbers) against a reference reading of the same text written here (whitespace split, strtof,
// strtoll), on random files that mix those shapes with the ones it must leave to the general path:
// tabs, double and trailing spaces, CR LF, '+', exponents, long mantissas, comments, negative indices.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/parse_error.hpp"
#include "formats/iqe/parser.hpp"

namespace aem {
namespace {

struct Reference {
  std::vector<std::vector<float>> vp, vt, vn, vb;
  std::vector<std::vector<long long>> faces;  // fm, one mesh from vertex 0
};

// The spec's reading, token by token; a '#' token starts a comment.
Reference read_reference(const std::string& text) {
  Reference r;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream in(line);
    std::string cmd, token;
    in >> cmd;
    std::vector<std::string> tokens;
    while (in >> token && token[0] != '#') tokens.push_back(token);
    if (cmd == "fm") {
      auto& f = r.faces.emplace_back();
      for (const auto& t : tokens) f.push_back(std::strtoll(t.c_str(), nullptr, 10));
      continue;
    }
    std::vector<float> values;
    for (const auto& t : tokens) values.push_back(std::strtof(t.c_str(), nullptr));
    if (cmd == "vp") r.vp.push_back(values);
    if (cmd == "vt") r.vt.push_back(values);
    if (cmd == "vn") r.vn.push_back(values);
    if (cmd == "vb") r.vb.push_back(values);
  }
  return r;
}

class Writer {
 public:
  explicit Writer(unsigned seed) : rng_(seed) {}

  // A number in one of the forms the short path takes, or (now and then) one it does not.
  std::string number() {
    std::string s = pick(4) == 0 ? "-" : "";
    switch (pick(12)) {
      case 0:
        return s + "1e-3";
      case 1:
        return "+" + digits(1 + pick(3));
      case 2:
        return s + digits(8) + "." + digits(2);  // 8 integer digits
      case 3:
        return s + "0." + digits(11);  // 11 fraction digits
      case 4:
        return s + digits(5) + "." + digits(5);  // at or past 2^24 without the point, often
      case 5:
        return s + "0." + std::string(pick(8), '0') + digits(1 + pick(3));
      case 6:
        return s + digits(1 + pick(7));
      default:
        return s + digits(1 + pick(3)) + "." + digits(1 + pick(8));
    }
  }
  // A vb weight: mostly a short positive decimal, now and then a lone digit, one at or below the 1e-3
  // that is dropped, or any other form.
  std::string weight() {
    switch (pick(8)) {
      case 0:
        return pick(2) ? "0" : "1";
      case 1:
        return pick(2) ? "0.001" : "0.0005";
      case 2:
        return number();
      default:
        return "0." + digits(1 + pick(4));
    }
  }
  // What goes between tokens: one space mostly.
  std::string gap() { return pick(40) == 0 ? "\t" : pick(40) == 0 ? "  " : " "; }
  std::string line_end() { return pick(60) == 0 ? " \n" : pick(60) == 0 ? "\r\n" : pick(60) == 0 ? " # note\n" : "\n"; }
  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }

 private:
  std::string digits(std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('0' + pick(10));
    return s;
  }
  std::mt19937 rng_;
};

std::string make_file(unsigned seed, std::size_t vertices) {
  Writer w(seed);
  std::string text = "# Inter-Quake Export\nmesh m\n";
  auto line = [&](const char* cmd, std::size_t n) {
    text += cmd;
    for (std::size_t k = 0; k < n; ++k) text += w.gap() + w.number();
    text += w.line_end();
  };
  for (std::size_t v = 0; v < vertices; ++v) {
    line("vp", 3 + w.pick(2));
    line("vt", 1 + w.pick(2));
    line("vn", 3);
    text += "vb";  // up to 11 pairs, so that some keep more than the 8 strongest; light ones are dropped
    for (std::size_t k = 0, pairs = w.pick(12); k < pairs; ++k)
      text += w.gap() + std::to_string(w.pick(3) == 0 ? w.pick(9999999) : w.pick(64)) + w.gap() + w.weight();
    text += w.line_end();
  }
  for (std::size_t f = 0; f + 3 < vertices; ++f) {
    const bool negative = w.pick(10) == 0;  // relative to the end
    text += "fm";
    for (std::size_t k = 0; k < 3 + w.pick(2); ++k) {
      const std::size_t v = f + k;
      text += w.gap() + (negative ? std::to_string(static_cast<long long>(v) - static_cast<long long>(vertices))
                                  : std::to_string(v));
    }
    text += w.line_end();
  }
  return text;
}

// The spec's influences from a vb line's (joint, weight) values: weights above 0.001 kept, the 8
// heaviest (the earlier of equal ones first), scaled to sum to 1.
SkinInfluences strongest(const std::vector<float>& values) {
  std::vector<std::pair<std::int32_t, float>> kept;
  for (std::size_t k = 0; k + 1 < values.size(); k += 2)
    if (values[k + 1] > 0.001f) kept.push_back({static_cast<std::int32_t>(values[k]), values[k + 1]});
  std::stable_sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  kept.resize(std::min<std::size_t>(kept.size(), kMaxInfluences));
  float sum = 0;
  for (const auto& [joint, weight] : kept) sum += weight;
  SkinInfluences s;
  for (std::size_t k = 0; k < kept.size(); ++k) s.joints[k] = kept[k].first, s.weights[k] = kept[k].second / sum;
  return s;
}

void expect_bits(const std::vector<float>& want, std::size_t n, const float* got, float fallback, const char* what,
                 std::size_t index) {
  for (std::size_t k = 0; k < n; ++k) {
    const float w = k < want.size() ? want[k] : fallback;
    ASSERT_EQ(std::bit_cast<std::uint32_t>(got[k]), std::bit_cast<std::uint32_t>(w))
        << what << " " << index << " component " << k;
  }
}

TEST(IqeFastLines, MatchReferenceReading) {
  for (const unsigned seed : {1u, 2u, 3u}) {
    const std::size_t vertices = 3000;
    const std::string text = make_file(seed, vertices);
    const formats::iqe::Document doc = formats::iqe::parse(text);
    const Reference ref = read_reference(text);
    ASSERT_EQ(doc.positions.size(), vertices);
    ASSERT_EQ(doc.uvs.size(), vertices);
    ASSERT_EQ(doc.normals.size(), vertices);
    ASSERT_EQ(doc.influences.size(), vertices);
    for (std::size_t v = 0; v < vertices; ++v) {
      expect_bits(ref.vp[v], 3, &doc.positions[v].x, 0.0f, "vp", v);
      expect_bits(ref.vt[v], 2, &doc.uvs[v].x, 0.0f, "vt", v);
      expect_bits(ref.vn[v], 3, &doc.normals[v].x, 0.0f, "vn", v);
      const SkinInfluences want = strongest(ref.vb[v]);
      for (int k = 0; k < kMaxInfluences; ++k) {
        ASSERT_EQ(doc.influences[v].joints[k], want.joints[k]) << "vb " << v << " slot " << k;
        ASSERT_EQ(std::bit_cast<std::uint32_t>(doc.influences[v].weights[k]),
                  std::bit_cast<std::uint32_t>(want.weights[k]))
            << "vb " << v << " slot " << k;
      }
    }
    std::size_t t = 0;
    for (const auto& face : ref.faces) {
      auto vertex = [&](long long i) {
        return static_cast<std::uint32_t>(i < 0 ? static_cast<long long>(vertices) + i : i);
      };
      for (std::size_t k = 2; k < face.size(); ++k, ++t) {
        ASSERT_LT(t, doc.triangle_count());
        EXPECT_EQ(doc.corners[3 * t], vertex(face[0])) << t;
        EXPECT_EQ(doc.corners[3 * t + 1], vertex(face[k - 1])) << t;
        EXPECT_EQ(doc.corners[3 * t + 2], vertex(face[k])) << t;
      }
    }
    EXPECT_EQ(t, doc.triangle_count());
  }
}

// The diagnostic parse() throws for `text`, or a test failure when it throws none.
Diagnostic parse_error(const std::string& text) {
  try {
    formats::iqe::parse(text);
  } catch (const detail::ParseError& e) {
    return e.diagnostic;
  }
  ADD_FAILURE() << "no error";
  return {};
}

// A line that stops being of the usual shape part way (here a bad token after good numbers) is left
// whole to the general path, which reports it at its own line and column (counted over CR LF lines too).
TEST(IqeFastLines, MalformedLineAfterGoodOnesNamesItsLineAndColumn) {
  std::string text = "# Inter-Quake Export\n";
  for (int i = 0; i < 1000; ++i) text += i % 2 ? "vp 0.5 1 2\n" : "vp 0.5 1 2\r\n";
  text += "vp 0.5 1x 2\n";
  for (int i = 0; i < 1000; ++i) text += "vp 0.5 1 2\n";
  const Diagnostic d = parse_error(text);
  EXPECT_EQ(d.code, "IQE_BAD_NUMBER");
  EXPECT_EQ(d.line, 1002u);
  EXPECT_EQ(d.column, 8u);
}

// Faces in a row are assembled as one run: a bad index inside the run still names its own line.
TEST(IqeFastLines, BadIndexInsideARunOfFacesNamesItsLine) {
  std::string text = "# Inter-Quake Export\nvp 0 0 0\nvp 1 0 0\nvp 0 1 0\n";
  for (int i = 0; i < 500; ++i) text += "fm 0 1 2\n";
  text += "fm 0 1 3\n";
  for (int i = 0; i < 500; ++i) text += "fm 0 1 2\n";
  const Diagnostic d = parse_error(text);
  EXPECT_EQ(d.code, "IQE_INDEX_OUT_OF_RANGE");
  EXPECT_EQ(d.line, 505u);
}

// Runs of fm and fa triangles in several meshes (so fm counts from a vertex other than 0), with the
// vertex each index means worked out while writing the file, and indices up to the last vertex defined.
TEST(IqeFastLines, TriangleRunsInSeveralMeshesMatchTheVerticesWritten) {
  std::mt19937 rng(7);
  auto pick = [&](long long n) { return std::uniform_int_distribution<long long>(0, n - 1)(rng); };
  std::string text = "# Inter-Quake Export\n";
  std::vector<std::uint32_t> want;
  long long defined = 0;
  for (int mesh = 0; mesh < 6; ++mesh) {
    text += "mesh m" + std::to_string(mesh) + "\n";
    const long long first = defined, count = 1 + pick(300);
    for (long long v = 0; v < count; ++v) text += "vp 0 0 0\n";
    defined += count;
    for (long long f = 0, faces = pick(400); f < faces; ++f) {
      const bool relative = pick(2) == 0;
      text += relative ? "fm" : "fa";
      for (int k = 0; k < 3; ++k) {
        // Mostly forward indices, now and then the last vertex or one counted back from it.
        const long long v = pick(8) == 0 ? defined - 1 : relative ? first + pick(count) : pick(defined);
        const long long written = pick(10) == 0 ? v - defined : relative ? v - first : v;
        text += " " + std::to_string(written);
        want.push_back(static_cast<std::uint32_t>(v));
      }
      text += "\n";
    }
  }
  const formats::iqe::Document doc = formats::iqe::parse(text);
  ASSERT_EQ(doc.corners.size(), want.size());
  for (std::size_t c = 0; c < want.size(); ++c) ASSERT_EQ(doc.corners[c], want[c]) << "corner " << c;
}

// Pose lines that repeat the previous frame's line at the same place reuse its pose; lines that only
// start like it (a longer line, another line end, a tab the general path reads) are read for
// themselves. Translations and scales written here are what each frame must hold.
TEST(IqeFastLines, RepeatedPoseLinesGiveTheirOwnValues) {
  const std::string text =
      "# Inter-Quake Export\njoint a -1\njoint b 0\npq 0 0 0\npq 0 0 0\nanimation\nframerate 10\n"
      "frame\npq 1 2 3 0 0 0 1\npq 4 5 6 0 0 0 1\n"
      "frame\npq 1 2 3 0 0 0 1\npq 4 5 6 0 0 0 1 2 2 2\n"
      "frame\npq 1 2 3 0 0 0 1\t\npq 4 5 6 0 0 0 1\n"
      "frame\npq 1 2 3 0 0 0 1\npq 4 5 6 0 0 0 1\r\n"
      "frame\npq 1 2 3 0 0 0 1\npq 4 5 6 0 0 0 1\n" +
      std::string(64, '\n');  // so that the last lines lie well before the end, where the fast path reads
  const formats::iqe::Document doc = formats::iqe::parse(text);
  ASSERT_EQ(doc.animations.size(), 1u);
  const auto& frames = doc.animations[0].frames;
  ASSERT_EQ(frames.size(), 5u);
  for (std::size_t f = 0; f < frames.size(); ++f) {
    const auto frame = doc.poses_of(frames[f]);
    ASSERT_EQ(frame.size(), 2u) << f;
    EXPECT_EQ(frame[0].translation, (Vec3{1, 2, 3})) << f;
    EXPECT_EQ(frame[1].translation, (Vec3{4, 5, 6})) << f;
    EXPECT_EQ(frame[0].scale, (Vec3{1, 1, 1})) << f;
    EXPECT_EQ(frame[1].scale, f == 1 ? (Vec3{2, 2, 2}) : (Vec3{1, 1, 1})) << f;
  }
}

// One past the last vertex, at the end of a run of good triangles of a mesh that starts after vertex 0.
TEST(IqeFastLines, IndexOnePastTheMeshsVerticesFailsAtItsLine) {
  std::string text = "# Inter-Quake Export\nvp 0 0 0\nvp 0 0 0\nmesh b\nvp 0 0 0\nvp 0 0 0\nvp 0 0 0\n";
  for (int i = 0; i < 300; ++i) text += "fm 0 1 2\n";
  text += "fm 2 1 3\n";
  const Diagnostic d = parse_error(text);
  EXPECT_EQ(d.code, "IQE_INDEX_OUT_OF_RANGE");
  EXPECT_EQ(d.line, 308u);
}

}  // namespace
}  // namespace aem
