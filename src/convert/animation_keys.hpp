// Key reduction as `aem convert` applies it: for the outputs that store keys (AEM, glTF, E3D), in the
// output's space, with the bound the options give or the default, and the figures its report shows.
#pragma once

#include <optional>

#include "aem/convert.hpp"

namespace aem::convert {

/// Reduces `scene`'s keys for `format` (see key_reduction.hpp): AEM and glTF play the lists as the
/// scene says (AEM's writer turns Step lists into linear pairs that play the same), E3D's runtime
/// blends every list linearly, and glTF's animations last until their last key. None for formats
/// that store no keys of their own (CEM, IQE, IQM resample) or scenes without animations.
std::optional<AnimationKeys> reduce_for_output(Scene& scene, const FormatHandler& format,
                                               const ConvertOptions& options);

}  // namespace aem::convert
