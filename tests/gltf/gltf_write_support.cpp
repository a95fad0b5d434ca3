#include "gltf/gltf_write_support.hpp"

#include <gtest/gtest.h>

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <regex>
#include <sstream>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/skinning.hpp"
#include "core/flatten.hpp"
#include "gltf/gltf_read_support.hpp"
#include "support/corpus.hpp"

namespace aem::test {

bool validator_installed() {
  return std::filesystem::is_directory(std::filesystem::path(AEM_NODE_TOOLS_DIR) / "node_modules" / "gltf-validator");
}

std::vector<ValidatorReport> validate_gltf(const std::vector<std::filesystem::path>& files) {
  std::string cmd = fmt::format("node '{}/validate_gltf.js'", AEM_NODE_TOOLS_DIR);
  for (const auto& f : files) cmd += " '" + f.string() + "'";
  cmd += " 2>&1";
  std::string text;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    std::array<char, 4096> buf;
    while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) text.append(buf.data(), n);
    ::pclose(p);
  }
  std::vector<ValidatorReport> reports(files.size());
  std::istringstream lines(text);
  std::string line;
  for (std::size_t i = 0; i < files.size() && std::getline(lines, line); ++i) {
    reports[i].json = line;
    std::smatch m;
    if (std::regex_search(line, m, std::regex(R"("errors":(\d+),"warnings":(\d+))"))) {
      reports[i].errors = std::stoi(m[1]);
      reports[i].warnings = std::stoi(m[2]);
    }
  }
  if (!files.empty() && reports.back().errors < 0) reports.back().json = text;  // the script failed: show why
  return reports;
}

std::filesystem::path convert_cli(const std::filesystem::path& in, const std::filesystem::path& out,
                                  const std::string& extra) {
  std::string text;
  EXPECT_EQ(run_cli(fmt::format("convert '{}' '{}' {}", in.string(), out.string(), extra), &text), 0)
      << in << " -> " << out << "\n"
      << text;
  return out;
}

std::vector<Vec3> posed_scene(const Scene& scene, int anim, float t) {
  // Instances ordered by mesh index (then node order), so scenes whose node trees list the same
  // instances in another order compare equal; weights renormalised as the glTF writer does.
  std::vector<std::pair<std::uint32_t, Mesh>> placed;
  if (scene.nodes.empty()) {
    for (std::uint32_t m = 0; m < scene.meshes.size(); ++m) placed.emplace_back(m, scene.meshes[m]);
  } else {
    const auto world = node_world_matrices(scene);
    for (std::size_t n = 0; n < scene.nodes.size(); ++n)
      for (std::uint32_t m : scene.nodes[n].meshes)
        if (m < scene.meshes.size())
          placed.emplace_back(m, place_mesh(scene.meshes[m], world[n], scene.nodes[n].joint));
  }
  std::stable_sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [index, mesh] : placed) renormalise_weights(mesh);
  SceneAnimator animator(scene);
  std::vector<Mat4> skin(scene.joints.size());
  animator.evaluate(anim, t, skin);
  std::vector<Vec3> all, one;
  for (const auto& [index, mesh] : placed) {
    pose_positions(mesh, skin, one);
    all.insert(all.end(), one.begin(), one.end());
  }
  return all;
}

}  // namespace aem::test
