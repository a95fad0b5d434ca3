// fbx_corpus_check MANIFEST: compares converted FBX files (.glb, read back with aem) with the reference
// frames of ufbx's test suite, one JSON object per manifest case on standard output:
//   {"id", "status": "match" | "mismatch" | "error" | "no_reference", "distance", "limit",
//    "reference_to_posed", "posed_to_reference", "reference_points", "posed_points", "posed_diagonal",
//    "file_space_match", "take", "note", "error"}
// distance is the larger mean nearest-point distance in metres (null when infinite), limit 1e-3 of the
// reference's diagonal. file_space_match: whether the posed geometry matches the reference left in the
// file's declared unit and axes instead (a diagnosis: what a reading that ignores them gives).
// "no_reference": ufbx itself cannot load the .fbx, or the .obj is unreadable, so the frame says nothing
// about the conversion. scripts/fbx_corpus.sh runs it; see docs/formats/fbx-corpus.md.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <variant>

#include "aem/io.hpp"
#include "fbx_corpus/fbx_facts.hpp"
#include "fbx_corpus/manifest.hpp"
#include "fbx_corpus/obj_vertices.hpp"
#include "fbx_corpus/pose_choice.hpp"
#include "fbx_corpus/reference_space.hpp"
#include "support/posed_geometry.hpp"

namespace {

using namespace aem;
using namespace aem::fbx_corpus;

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
      out += escaped;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string json_number(double v) {
  if (!std::isfinite(v)) return "null";
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", v);
  return text;
}

struct CaseResult {
  std::string status = "error";
  test::FrameComparison comparison;
  test::FrameComparison file_numbers;  // against the reference left in the file's declared space
  std::size_t reference_points = 0, posed_points = 0;
  double posed_diagonal = 0;
  std::string take, note, error;
};

void print(const FrameCase& c, const CaseResult& r) {
  std::string line = "{\"id\": " + json_string(c.id) + ", \"status\": " + json_string(r.status);
  if (r.status == "match" || r.status == "mismatch") {
    line += ", \"distance\": " + json_number(r.comparison.distance.larger()) +
            ", \"limit\": " + json_number(r.comparison.limit) +
            ", \"reference_to_posed\": " + json_number(r.comparison.distance.reference_to_posed) +
            ", \"posed_to_reference\": " + json_number(r.comparison.distance.posed_to_reference) +
            ", \"reference_points\": " + std::to_string(r.reference_points) +
            ", \"posed_points\": " + std::to_string(r.posed_points) +
            ", \"posed_diagonal\": " + json_number(r.posed_diagonal) +
            ", \"file_space_match\": " + (r.file_numbers.matched() ? "true" : "false");
  }
  if (!r.take.empty()) line += ", \"take\": " + json_string(r.take);
  if (!r.note.empty()) line += ", \"note\": " + json_string(r.note);
  if (!r.error.empty()) line += ", \"error\": " + json_string(r.error);
  std::cout << line << "}\n" << std::flush;
}

/// Loads each file once: the manifest lists the frames of one file together.
template <class T>
class LastLoaded {
 public:
  template <class Load>
  const std::variant<T, std::string>& get(const std::filesystem::path& path, Load load) {
    if (path != path_) {
      path_ = path;
      try {
        value_ = load(path);
      } catch (const std::exception& e) {
        value_ = std::string(e.what());
      }
    }
    return value_;
  }

 private:
  std::filesystem::path path_;
  std::variant<T, std::string> value_ = std::string("nothing loaded");
};

/// The converted .glb as glTF defines it: morph targets kept and posed by their weights at the frame's
/// time, not baked into frames at a rate of the reader's choosing.
Scene read_converted(const std::filesystem::path& path) {
  ReadOptions keep;
  keep.keep_morph_targets = true;
  auto scene = read_scene(path, keep);
  if (!scene) throw std::runtime_error(scene.error().to_string());
  return std::move(scene.value());
}

CaseResult check(const FrameCase& c, LastLoaded<Scene>& scenes, LastLoaded<FbxFacts>& facts) {
  CaseResult r;
  const auto& file = facts.get(c.fbx, read_fbx_facts);
  if (const auto* e = std::get_if<std::string>(&file)) {
    r.status = "no_reference";
    r.error = *e;
    return r;
  }
  std::vector<Vec3> reference;
  try {
    reference = read_obj_vertices(c.obj);
  } catch (const std::exception& e) {
    r.status = "no_reference";
    r.error = e.what();
    return r;
  }
  const auto& converted = scenes.get(c.glb, read_converted);
  if (const auto* e = std::get_if<std::string>(&converted)) {
    r.error = "cannot read the converted file: " + *e;
    return r;
  }
  const FbxFacts& fbx = std::get<FbxFacts>(file);
  const Scene& scene = std::get<Scene>(converted);
  const PoseChoice choice = choose_pose(scene, fbx, c);
  r.take = choice.take;
  r.note = choice.note;
  if (!choice.pose) {
    r.error = choice.error;
    return r;
  }
  if (fbx.subdivided_meshes > 0)
    r.note += std::string(r.note.empty() ? "" : "; ") + "the reference is subdivided (" +
              std::to_string(fbx.subdivided_meshes) + " meshes display smooth)";
  const std::vector<Vec3> posed = test::posed_vertices(scene, *choice.pose);
  std::vector<Vec3> in_file_numbers(reference.size());
  const auto to_ours = ReferenceMap::to_ours(fbx.space, c.placement);
  const auto to_file = ReferenceMap::to_file(fbx.space, c.placement);
  for (std::size_t i = 0; i < reference.size(); ++i) {
    in_file_numbers[i] = to_file(reference[i]);
    reference[i] = to_ours(reference[i]);
  }
  r.comparison = test::compare_frame(reference, posed);
  r.file_numbers = test::compare_frame(in_file_numbers, posed);
  r.reference_points = reference.size();
  r.posed_points = posed.size();
  r.posed_diagonal = test::bounding_diagonal(posed);
  r.status = r.comparison.matched() ? "match" : "mismatch";
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr
        << "usage: fbx_corpus_check MANIFEST   (tab-separated cases, see tests/fbx_corpus/manifest.hpp; - for stdin)\n";
    return 2;
  }
  std::ifstream file;
  const bool from_stdin = std::string(argv[1]) == "-";
  if (!from_stdin) {
    file.open(argv[1]);
    if (!file) {
      std::cerr << "fbx_corpus_check: cannot read " << argv[1] << "\n";
      return 1;
    }
  }
  std::istream& in = from_stdin ? std::cin : file;
  LastLoaded<Scene> scenes;
  LastLoaded<FbxFacts> facts;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::optional<FrameCase> c;
    try {
      c = parse_manifest_line(line);
    } catch (const std::exception& e) {
      std::cerr << "fbx_corpus_check: manifest line " << number << ": " << e.what() << "\n";
      return 1;
    }
    if (!c) continue;
    CaseResult r;
    try {
      r = check(*c, scenes, facts);
    } catch (const std::exception& e) {
      r.status = "error";
      r.error = e.what();
    }
    print(*c, r);
  }
  return 0;
}
