// The viewer's animation clock: which animation plays, where in it, how fast, looping or not.
#pragma once

#include <cstdint>

#include "aem/scene.hpp"

namespace aem::viewer {

/// Seconds the timeline spans for `animation` (out of range: none): the longer of its duration
/// (its last key when the file gives no duration) and the scene's vertex animation.
float timeline_duration(const Scene& scene, std::int32_t animation);

class Playback {
 public:
  /// Starts over for a newly loaded scene: its first animation (bind pose without one), time 0, playing.
  void reset(const Scene& scene);
  /// Switches to `animation` (-1 = bind pose) at time 0.
  void select(const Scene& scene, std::int32_t animation);
  /// Moves time on by `seconds` of wall time times the speed while playing: wraps when looping,
  /// else stops at the end.
  void advance(double seconds);
  /// Pauses, or plays on (from the start when a one-shot animation has reached its end).
  void toggle();

  std::int32_t animation = -1;
  float time = 0.0f;
  float duration = 0.0f;
  float speed = 1.0f;
  bool playing = true;
  bool loop = true;
};

}  // namespace aem::viewer
