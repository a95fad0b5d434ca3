// One answer, for convert_scene and write_scene alike, to what becomes of a scene's vertex animation
// in an output format: glTF and E3D keep morph targets, CEM takes them baked into frames, and AEM,
// IQE and IQM keep the rest shape alone, which targets give without baking frames only to drop them.
#pragma once

#include <optional>

#include "aem/error.hpp"
#include "aem/io.hpp"
#include "aem/scene.hpp"

namespace aem::detail {

/// Whether a read for `format` keeps morph targets (ReadOptions::keep_morph_targets): glTF and E3D
/// write them, and a format without vertex animation takes the rest shape they give unbaked; CEM
/// takes the frames read_scene bakes.
bool reads_morph_targets_for(const FormatHandler& format);

/// Whether `scene`'s vertex animation is already what `format` writes: no morph targets for a writer
/// that takes frames instead, neither targets nor frames for a format without vertex animation.
bool vertex_animation_fits(const Scene& scene, const FormatHandler& format);

/// Makes `scene`'s vertex animation what `format` writes (bake_morph_targets, or drop_vertex_animation
/// for a format without vertex animation); returns the DATA_DROPPED warning when something was dropped.
std::optional<Warning> fit_vertex_animation(Scene& scene, const FormatHandler& format);

}  // namespace aem::detail
