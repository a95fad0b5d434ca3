#include "playback.hpp"

#include <algorithm>
#include <cmath>

#include "render/render_scene.hpp"

namespace aem::viewer {
namespace {

bool valid_animation(const Scene& scene, std::int32_t animation) {
  return animation >= 0 && static_cast<std::size_t>(animation) < scene.animations.size();
}

template <typename Keys>
void add_times(const Keys& keys, std::vector<float>& out) {
  for (const auto& k : keys)
    if (std::isfinite(k.time)) out.push_back(k.time);
}

}  // namespace

float timeline_duration(const Scene& scene, std::int32_t animation) {
  float seconds = 0.0f;
  if (valid_animation(scene, animation)) {
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
    const float rate = render::vertex_playback_rate(v);
    seconds = std::max(seconds, static_cast<float>(v.frame_count) / rate);
  }
  return std::isfinite(seconds) ? seconds : 0.0f;
}

float timeline_frame_rate(const Scene& scene, std::int32_t animation) {
  const auto usable = [](float rate) { return std::isfinite(rate) && rate > 0.0f && rate <= 1000.0f; };
  if (valid_animation(scene, animation) && usable(scene.animations[animation].frame_rate))
    return scene.animations[animation].frame_rate;
  if (scene.vertex_animation.frame_count >= 2 && usable(scene.vertex_animation.frame_rate))
    return scene.vertex_animation.frame_rate;
  return render::kDefaultVertexFrameRate;
}

std::vector<float> key_times(const Scene& scene, std::int32_t animation, std::int32_t joint) {
  std::vector<float> out;
  if (!valid_animation(scene, animation)) return out;
  for (const Channel& c : scene.animations[animation].channels) {
    if (joint >= 0 && c.joint != static_cast<std::uint32_t>(joint)) continue;
    add_times(c.translation, out);
    add_times(c.rotation, out);
    add_times(c.scale, out);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void Playback::reset(const Scene& scene) {
  select(scene, scene.animations.empty() ? -1 : 0);
  playing = true;
}

void Playback::select(const Scene& scene, std::int32_t index) {
  animation = index;
  time = 0.0f;
  duration = timeline_duration(scene, index);
  frame_rate = timeline_frame_rate(scene, index);
  range_start = 0.0f;
  range_end = duration;
}

void Playback::advance(double seconds) {
  if (!playing || duration <= 0.0f) return;
  const float start = std::clamp(range_start, 0.0f, duration);
  const float end = std::clamp(range_end, start, duration);
  time += static_cast<float>(seconds) * speed;
  if (loop && end > start) {
    time = start + std::fmod(time - start, end - start);
    if (time < start) time += end - start;
  } else if (time >= end || time <= start) {
    time = std::clamp(time, start, end);
    playing = false;
  }
}

void Playback::toggle() {
  if (!playing && !loop && time >= range_end) time = range_start;
  playing = !playing;
}

int Playback::frame() const { return static_cast<int>(std::lround(time * frame_rate)); }

void Playback::step_frames(int frames) {
  playing = false;
  const int last = static_cast<int>(std::floor(duration * frame_rate + 1e-3f));
  time = static_cast<float>(std::clamp(frame() + frames, 0, std::max(last, 0))) / frame_rate;
}

void Playback::go_start() {
  playing = false;
  time = range_start;
}

void Playback::go_end() {
  playing = false;
  time = range_end;
}

}  // namespace aem::viewer
