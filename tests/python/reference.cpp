// The C++ library's own answers for the Python tests: `python_reference FILE ANIMATION TIME` reads FILE
// with read_scene and prints, as JSON, its counts and each mesh's positions posed by SceneAnimator and
// pose_positions at TIME seconds of ANIMATION (negative: bind pose). Public API only, like the module.
#include <fmt/core.h>

#include <cstdlib>
#include <string>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/io.hpp"
#include "aem/skinning.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    fmt::print(stderr, "usage: python_reference FILE ANIMATION TIME\n");
    return 2;
  }
  auto scene = aem::read_scene(argv[1]);
  if (!scene) {
    fmt::print("{{\"error\": \"{}\"}}\n", scene.error().code);
    return 0;
  }
  const aem::Scene& s = scene.value();
  const int animation = std::atoi(argv[2]);
  aem::SceneAnimator animator(s);
  std::vector<aem::Mat4> skin(s.joints.size());
  animator.evaluate(animation < static_cast<int>(s.animations.size()) ? animation : -1, std::strtof(argv[3], nullptr),
                    skin);
  fmt::print(
      "{{\"format\": \"{}\", \"joints\": {}, \"animations\": {}, \"materials\": {}, \"textures\": {}, \"nodes\": {}, \"warnings\": {}, \"meshes\": [",
      s.source_format, s.joints.size(), s.animations.size(), s.materials.size(), s.textures.size(), s.nodes.size(),
      scene.warnings.size());
  for (std::size_t i = 0; i < s.meshes.size(); ++i) {
    const aem::Mesh& m = s.meshes[i];
    std::vector<aem::Vec3> posed;
    aem::pose_positions(m, skin, posed);
    std::string values;
    for (const auto& p : posed)
      values += fmt::format("{}{:.9g}, {:.9g}, {:.9g}", values.empty() ? "" : ", ", p.x, p.y, p.z);
    fmt::print(
        "{}{{\"vertices\": {}, \"triangles\": {}, \"uv_sets\": {}, \"color_sets\": {}, \"skinned\": {}, \"posed\": [{}]}}",
        i ? ", " : "", m.vertex_count(), m.triangle_count(), m.uvs.size(), m.colors.size(),
        m.skin.empty() ? "false" : "true", values);
  }
  fmt::print("]}}\n");
  return 0;
}
