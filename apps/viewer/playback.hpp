// The viewer's animation clock: which animation plays, where in it, how fast, looping or not, over
// which range, and the frame grid it steps on.
#pragma once

#include <cstdint>
#include <vector>

#include "aem/scene.hpp"

namespace aem::viewer {

/// Seconds the timeline spans for `animation` (out of range: none): the longer of its duration
/// (its last key when the file gives no duration) and the scene's vertex animation.
float timeline_duration(const Scene& scene, std::int32_t animation);

/// Frames per second of `animation`'s source (IQE/IQM frames), else of the vertex animation, else 30.
float timeline_frame_rate(const Scene& scene, std::int32_t animation);

/// Sorted, distinct key times of `animation`'s channels for joint `joint` (-1: every joint).
std::vector<float> key_times(const Scene& scene, std::int32_t animation, std::int32_t joint);

class Playback {
 public:
  /// Starts over for a newly loaded scene: its first animation (bind pose without one), time 0, playing.
  void reset(const Scene& scene);
  /// Switches to `animation` (-1 = bind pose) at time 0, the loop range the whole timeline.
  void select(const Scene& scene, std::int32_t animation);
  /// Moves time on by `seconds` of wall time times the speed while playing: wraps within the loop
  /// range when looping, else stops at its end.
  void advance(double seconds);
  /// Pauses, or plays on (from the range start when a one-shot animation has reached its end).
  void toggle();
  /// Pauses and moves `frames` frames from the frame nearest the current time, within [0, duration].
  void step_frames(int frames);
  /// Pauses at the loop range's start / end.
  void go_start();
  void go_end();
  /// The frame nearest the current time.
  int frame() const;

  std::int32_t animation = -1;
  float time = 0.0f;
  float duration = 0.0f;
  float frame_rate = 30.0f;
  float range_start = 0.0f, range_end = 0.0f;  ///< loop range in seconds, within [0, duration]
  float speed = 1.0f;
  bool playing = true;
  bool loop = true;
};

}  // namespace aem::viewer
