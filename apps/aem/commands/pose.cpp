// `aem pose FILE [--anim I|NAME] --time T`: the matrices aem_evaluate_model_animation returns, one bone
// per line. AEM files use the runtime evaluator over the file itself; other formats the scene's.
#include <fmt/core.h>

#include "aem/aem_view.hpp"
#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/io.hpp"
#include "aem/legacy.hpp"
#include "commands/animation_choice.hpp"
#include "commands/commands.hpp"
#include "commands/hints.hpp"
#include "commands/tool_reads.hpp"
#include "core/file.hpp"

namespace aem::cli {
namespace {

void print_matrices(std::span<const Mat4> skin) {
  for (std::size_t b = 0; b < skin.size(); ++b) {
    std::string line = std::to_string(b);
    for (float v : skin[b].m) line += fmt::format(" {:.9g}", v);
    fmt::print("{}\n", line);
  }
}

}  // namespace

int run_pose(const PoseOptions& options) {
  auto bytes = detail::read_file(options.file);
  if (!bytes) {
    fmt::print(stderr, "{}\n", diagnostic_text(bytes.error()));
    return kExitInvalid;
  }
  // Legacy (2022) AEM: evaluated as the 2022 viewer did; its one animation has no name.
  if (find_format("aem")->sniff(bytes.value())) {
    auto layout = detect_aem_layout(bytes.value());
    if (layout && layout.value() == AemLayout::Legacy) {
      auto anim = find_animation(options.animation, {""});
      if (!anim) return fail_animation(options.file, options.animation, {""});
      auto skin = legacy_pose(bytes.value(), *anim, options.time);
      if (!skin) {
        skin.error().file = options.file;
        fmt::print(stderr, "{}\n", diagnostic_text(skin.error()));
        return kExitInvalid;
      }
      print_matrices(skin.value());
      return kExitOk;
    }
  }
  // Current-layout AEM: evaluate the file itself with the runtime (reference libaem semantics).
  if (find_format("aem")->sniff(bytes.value())) {
    if (auto model = AemModel::from_memory(bytes.value()); model) {
      const AemView& v = model->view();
      std::vector<std::string> names;
      for (std::uint32_t a = 0; a < v.counts().animations; ++a) names.emplace_back(v.animation_name(a));
      auto anim = find_animation(options.animation, names);
      if (!anim) return fail_animation(options.file, options.animation, names);
      AemAnimator animator(v);
      std::vector<Mat4> skin(v.counts().bones);
      animator.evaluate(*anim, options.time, skin);
      print_matrices(skin);
      return kExitOk;
    }
  }
  auto scene = read_scene(bytes.value(), options.file, tool_read_options());
  if (!scene) {
    fmt::print(stderr, "{}\n", diagnostic_text(scene.error()));
    return kExitInvalid;
  }
  std::vector<std::string> names;
  for (const auto& a : scene->animations) names.push_back(a.name);
  auto anim = find_animation(options.animation, names);
  if (!anim) return fail_animation(options.file, options.animation, names);
  SceneAnimator animator(scene.value());
  std::vector<Mat4> skin(scene->joints.size());
  animator.evaluate(*anim, options.time, skin);
  print_matrices(skin);
  return kExitOk;
}

}  // namespace aem::cli
