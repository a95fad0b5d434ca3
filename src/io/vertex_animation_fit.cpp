#include "io/vertex_animation_fit.hpp"

#include "io/data_kinds.hpp"

namespace aem::detail {

bool reads_morph_targets_for(const FormatHandler& format) {
  return writes_morph_targets(format) || !holds_vertex_animation(format.name);
}

bool vertex_animation_fits(const Scene& scene, const FormatHandler& format) {
  if (!holds_vertex_animation(format.name)) return !has_vertex_animation(scene);
  return writes_morph_targets(format) || !has_morph_targets(scene);
}

std::optional<Warning> fit_vertex_animation(Scene& scene, const FormatHandler& format) {
  if (vertex_animation_fits(scene, format)) return std::nullopt;
  if (holds_vertex_animation(format.name)) {
    bake_morph_targets(scene);
    return std::nullopt;
  }
  drop_vertex_animation(scene);
  return data_dropped(kVertexAnimationKind, format.name);
}

}  // namespace aem::detail
