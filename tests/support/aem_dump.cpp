#include "support/aem_dump.hpp"

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace aem::test {
namespace {

// "key=value" tokens after a leading word.
std::map<std::string, std::string> fields(std::istringstream& in) {
  std::map<std::string, std::string> out;
  std::string tok;
  while (in >> tok) {
    auto eq = tok.find('=');
    if (eq != std::string::npos) out[tok.substr(0, eq)] = tok.substr(eq + 1);
  }
  return out;
}

std::array<float, 16> read16(std::istringstream& in) {
  std::array<float, 16> m{};
  for (auto& v : m)
    if (!(in >> v)) throw std::runtime_error("expected 16 floats");
  return m;
}

}  // namespace

bool close_enough(float a, float b, float abs_tol, float rel_tol) {
  return std::fabs(a - b) <= abs_tol + rel_tol * std::fabs(b);
}

AemDump parse_aem_dump(const std::filesystem::path& path) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot open " + path.string());
  AemDump d;
  std::string line;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    std::string word;
    in >> word;
    if (line.rfind("  bone", 0) == 0) {
      if (d.evals.empty()) throw std::runtime_error("bone matrix outside an eval block: " + line);
      int i;
      in >> i;
      d.evals.back().bones.push_back(read16(in));
    } else if (word == "header") {
      for (auto& [k, v] : fields(in)) d.header[k] = std::stoull(v);
    } else if (word == "texture") {
      int i;
      in >> i;
      auto q1 = line.find('"'), q2 = line.rfind('"');
      d.textures.push_back(line.substr(q1 + 1, q2 - q1 - 1));
    } else if (word == "mesh") {
      int i;
      in >> i;
      auto f = fields(in);
      if (f.count("first_index"))
        d.meshes.push_back({static_cast<std::uint32_t>(std::stoul(f["first_index"])),
                            static_cast<std::uint32_t>(std::stoul(f["index_count"])),
                            static_cast<std::uint32_t>(std::stoul(f["material_index"]))});
      else
        d.meshes.push_back({0, static_cast<std::uint32_t>(3 * std::stoul(f["triangle_count"])), 0});
    } else if (word == "material") {
      int i;
      in >> i;
      auto f = fields(in);
      d.materials.push_back({std::stoi(f["base_color"]), std::stoi(f["normal"]), std::stoi(f["orm"])});
    } else if (word == "bone") {
      int i;
      std::string parent, label;
      in >> i >> parent >> label;
      AemDump::Bone b;
      b.parent = std::stoi(parent.substr(parent.find('=') + 1));
      b.inverse_bind = read16(in);
      d.bones.push_back(b);
    } else if (word == "animation") {
      int i;
      in >> i;
      auto q1 = line.find('"'), q2 = line.find('"', q1 + 1);
      std::istringstream rest(line.substr(q2 + 1));
      auto f = fields(rest);
      d.animations.push_back({line.substr(q1 + 1, q2 - q1 - 1), std::stof(f["duration"]),
                              static_cast<std::uint32_t>(std::stoul(f["sequence_index"]))});
    } else if (word == "keyframe") {
      int i;
      in >> i;
      auto f = fields(in);
      d.keyframe_times.push_back(std::stof(f["time"]));
    } else if (word == "eval") {
      auto f = fields(in);
      DumpEval e;
      e.animation = f.count("animation") ? std::stoi(f["animation"]) : 0;
      e.time = std::stof(f["t"]);
      e.frac = f.count("frac") ? std::stof(f["frac"]) : 0.0f;
      d.evals.push_back(e);
    } else if (word == "vertex_bbox") {
      std::string label;
      in >> label >> d.bbox_min[0] >> d.bbox_min[1] >> d.bbox_min[2] >> label >> d.bbox_max[0] >> d.bbox_max[1] >>
          d.bbox_max[2];
    } else if (word == "vertices" || word == "indices" || word == "vertex_stats") {
      continue;  // hashes and statistics: checked by tests that need them
    } else {
      throw std::runtime_error("unknown dump line: " + line);
    }
  }
  return d;
}

}  // namespace aem::test
