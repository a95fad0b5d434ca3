#include "playback.hpp"

#include <algorithm>
#include <cmath>

#include "render/render_scene.hpp"

namespace aem::viewer {

float timeline_duration(const Scene& scene, std::int32_t animation) {
  float seconds = 0.0f;
  if (animation >= 0 && static_cast<std::size_t>(animation) < scene.animations.size()) {
    const Animation& a = scene.animations[animation];
    seconds = a.duration;
    if (!(seconds > 0.0f))
      for (const Channel& c : a.channels) {
        if (!c.translation.empty()) seconds = std::max(seconds, c.translation.back().time);
        if (!c.rotation.empty()) seconds = std::max(seconds, c.rotation.back().time);
        if (!c.scale.empty()) seconds = std::max(seconds, c.scale.back().time);
      }
  }
  const VertexAnimation& v = scene.vertex_animation;
  if (v.frame_count >= 2) {
    const float rate = v.frame_rate > 0 ? v.frame_rate : render::kDefaultVertexFrameRate;
    seconds = std::max(seconds, static_cast<float>(v.frame_count) / rate);
  }
  return std::isfinite(seconds) ? seconds : 0.0f;
}

void Playback::reset(const Scene& scene) {
  select(scene, scene.animations.empty() ? -1 : 0);
  playing = true;
}

void Playback::select(const Scene& scene, std::int32_t index) {
  animation = index;
  time = 0.0f;
  duration = timeline_duration(scene, index);
}

void Playback::advance(double seconds) {
  if (!playing || duration <= 0.0f) return;
  time += static_cast<float>(seconds) * speed;
  if (loop) {
    time = std::fmod(time, duration);
    if (time < 0.0f) time += duration;
  } else if (time >= duration || time <= 0.0f) {
    time = std::clamp(time, 0.0f, duration);
    playing = false;
  }
}

void Playback::toggle() {
  if (!playing && !loop && time >= duration) time = 0.0f;
  playing = !playing;
}

}  // namespace aem::viewer
