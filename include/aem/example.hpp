// A model the toolkit generates itself: a skinned tube that bends, for demos, tests and benchmarks.
#pragma once

#include <cstdint>

#include "aem/scene.hpp"

namespace aem {

struct ExampleOptions {
  std::uint32_t segments = 24;  ///< vertices around the tube
  std::uint32_t rings = 32;     ///< vertex rings along the tube
  std::uint32_t joints = 4;     ///< joint chain along the tube (>= 1)
  float duration = 2.0f;        ///< seconds of the "bend" animation
  float frame_rate = 30.0f;     ///< keys per second per channel
};

/// A tube along +Y (radius 0.25, height 2), skinned to a chain of joints that sway side to side in
/// one looping animation "bend". Normals, tangents, bitangents and UVs are exact; every vertex has
/// at most two influences summing to 1. One material (orange base colour, no textures).
Scene make_example_scene(const ExampleOptions& options = {});

}  // namespace aem
