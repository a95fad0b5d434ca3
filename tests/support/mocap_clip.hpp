// A generated motion-capture-like clip for key reduction's tests and benchmark: a humanoid skeleton
// with a key per frame for every joint's translation, rotation and scale (as FBX bakes a capture),
// moving smoothly (sums of sines from a slow drift to a few hertz, as captured human motion does),
// optionally with a skinned mesh around its bones.
#pragma once

#include "aem/scene.hpp"

namespace aem::test {

struct MocapClipShape {
  int joints = 60;  ///< humanoid first (spine, head, legs, arms, fingers), then extra finger joints
  float seconds = 60.0f;
  float rate = 120.0f;  ///< keys per second
  bool mesh = false;    ///< a skinned tube around each bone (8 around, 3 along; joints blended at the ends)
};

/// The clip, in metres (a 1.75 m figure walking forward); deterministic.
Scene mocap_clip(const MocapClipShape& shape);

}  // namespace aem::test
