// Key reduction within an error bound measured on the skinned mesh: a scene-to-scene step before the
// writers that store keys (AEM, glTF, E3D). Each channel keeps the keys its runtime needs to play
// within a tolerance derived from the bound, the joint's reach and its parent's scale; the exhaustive
// check (animation_error.hpp) then measures every point at every original key time and midpoint, and
// the joints of points still beyond the bound are reduced again with half their share, until none is
// (at worst they keep every key).
#pragma once

#include <cstdint>

#include "aem/scene.hpp"

namespace aem::convert {

struct KeyReductionOptions {
  float max_error = 0.0f;          ///< largest point distance allowed, in the scene's units; <= 0: nothing changes
  bool linear_playback = false;    ///< the output's runtime blends every list linearly, Step ones too (E3D)
  bool keep_time_span = false;     ///< the output's animation lasts until its last key (glTF): that key stays
  bool check_every_point = false;  ///< the check measures every point at every time, no bounds (tests: same keys)
};

struct KeyReductionReport {
  std::uint64_t keys_before = 0, keys_after = 0;  ///< keys of every list of every animation
  float largest_error = 0.0f;                     ///< measured by the check, over every animation
  float bound = 0.0f;                             ///< the max_error it was held to
  double choose_ms = 0, check_ms = 0;             ///< time spent choosing keys and checking them
  std::uint64_t points_measured = 0;              ///< point distances the check computed one by one
};

/// Reduces the keys of every animation of `scene` (see the file comment). Constant lists keep one
/// key; lists within the tolerance of the joint's rest value keep none (the scene's rest value, which
/// AEM's writer stores as one key where its runtime would not give it). Kept keys keep their values.
KeyReductionReport reduce_keys(Scene& scene, const KeyReductionOptions& options);

/// The bound used when none is given: 0.1 mm when the scene's units are known (`metres_per_unit`
/// > 0: the output's units in metres), else 1/18000 of the model's largest rest-pose extent (0.1 mm
/// on a figure 1.8 m tall), from its vertices or, without any, its joints.
float default_max_error(const Scene& scene, float metres_per_unit);

}  // namespace aem::convert
