#include "fbx_corpus/fbx_facts.hpp"

#include <memory>
#include <stdexcept>

#include "formats/fbx/ufbx_unit.hpp"

namespace aem::fbx_corpus {
namespace {

bool has_keys(const ufbx_internal::ufbx_anim_stack& stack) {
  for (std::size_t l = 0; l < stack.layers.count; ++l) {
    const auto& values = stack.layers.data[l]->anim_values;
    for (std::size_t v = 0; v < values.count; ++v)
      for (const ufbx_internal::ufbx_anim_curve* curve : values.data[v]->curves)
        if (curve && curve->keyframes.count > 0) return true;
  }
  return false;
}

}  // namespace

FbxFacts read_fbx_facts(const std::filesystem::path& path) {
  namespace u = aem::ufbx_internal;
  u::ufbx_load_opts opts{};
  opts.ignore_embedded = true;
  u::ufbx_error error{};
  const std::string name = path.string();
  const std::unique_ptr<u::ufbx_scene, void (*)(u::ufbx_scene*)> scene(
      u::ufbx_load_file_len(name.data(), name.size(), &opts, &error), u::ufbx_free_scene);
  if (!scene)
    throw std::runtime_error("ufbx cannot load it: " + std::string(error.description.data, error.description.length));
  FbxFacts facts;
  const u::ufbx_coordinate_axes& axes = scene->settings.axes;
  const AxisSystem declared{static_cast<std::uint8_t>(axes.right), static_cast<std::uint8_t>(axes.up),
                            static_cast<std::uint8_t>(axes.front)};
  if (valid(declared)) facts.space.axes = declared;
  facts.space.unit_meters = scene->settings.unit_meters;
  for (std::size_t i = 0; i < scene->anim_stacks.count; ++i) {
    const u::ufbx_anim_stack* stack = scene->anim_stacks.data[i];
    facts.takes.push_back({std::string(stack->name.data, stack->name.length), stack->time_begin, has_keys(*stack)});
  }
  for (std::size_t i = 0; i < scene->meshes.count; ++i) {
    const auto mode = scene->meshes.data[i]->subdivision_display_mode;
    if (mode == u::UFBX_SUBDIVISION_DISPLAY_SMOOTH || mode == u::UFBX_SUBDIVISION_DISPLAY_HULL_AND_SMOOTH)
      ++facts.subdivided_meshes;
  }
  return facts;
}

int take_for(const FbxFacts& facts, const std::string* animation) {
  if (facts.takes.empty()) return -1;
  if (animation)
    for (std::size_t i = 0; i < facts.takes.size(); ++i)
      if (facts.takes[i].name.find(*animation) != std::string::npos) return static_cast<int>(i);
  return 0;
}

}  // namespace aem::fbx_corpus
