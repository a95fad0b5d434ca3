// Morph targets baked into vertex-animation frames: the scene every consumer but the glTF writer
// reads (see aem/scene.hpp, bake_morph_targets).
#include <algorithm>
#include <cmath>

#include "aem/scene.hpp"

namespace aem {
namespace {

/// A track's keys as linear ones: a Step key is held until just before the next key's time.
WeightTrack as_linear(const WeightTrack& track, std::size_t width) {
  if (track.interpolation == Interpolation::Linear || width == 0) return track;
  WeightTrack out{track.mesh, Interpolation::Linear, {}, {}};
  const std::size_t n = track.times.size();
  auto push = [&](float t, std::size_t k) {
    out.times.push_back(t);
    out.weights.insert(out.weights.end(), track.weights.begin() + k * width, track.weights.begin() + (k + 1) * width);
  };
  for (std::size_t k = 0; k < n; ++k) {
    push(track.times[k], k);
    if (k + 1 < n && track.times[k + 1] > track.times[k]) push(std::nextafter(track.times[k + 1], track.times[k]), k);
  }
  return out;
}

/// Weights at `time`: linear between keys, clamped at the ends.
std::vector<float> sample(const WeightTrack& keys, std::size_t width, float time) {
  const auto& t = keys.times;
  const auto hi = std::upper_bound(t.begin(), t.end(), time) - t.begin();
  if (hi == 0) return {keys.weights.begin(), keys.weights.begin() + width};
  if (static_cast<std::size_t>(hi) == t.size()) return {keys.weights.end() - width, keys.weights.end()};
  const float f = (time - t[hi - 1]) / (t[hi] - t[hi - 1]);
  std::vector<float> out(width);
  for (std::size_t c = 0; c < width; ++c)
    out[c] = keys.weights[(hi - 1) * width + c] * (1 - f) + keys.weights[hi * width + c] * f;
  return out;
}

/// `w` times target `t`'s deltas added to `positions` and `normals` (each only where the target has them).
void add_target(const MorphTarget& target, float w, std::vector<Vec3>& positions, std::vector<Vec3>& normals) {
  if (target.positions.size() == positions.size())
    for (std::size_t v = 0; v < positions.size(); ++v) positions[v] = positions[v] + target.positions[v] * w;
  if (target.normals.size() == normals.size())
    for (std::size_t v = 0; v < normals.size(); ++v) normals[v] = normals[v] + target.normals[v] * w;
}

void bake_frames(Mesh& m, const WeightTrack& track, std::uint32_t frames) {
  const std::size_t width = m.targets.size();
  if (track.times.empty() || track.weights.size() != track.times.size() * width) return;
  const WeightTrack keys = as_linear(track, width);
  m.frames.resize(frames);
  for (std::uint32_t f = 0; f < frames; ++f) {
    const auto w = sample(keys, width, static_cast<float>(f) / kMorphBakeFrameRate);
    MorphFrame& frame = m.frames[f];
    frame.positions = m.positions;
    frame.normals = m.normals;
    for (std::size_t t = 0; t < width; ++t)
      if (w[t] != 0.0f) add_target(m.targets[t], w[t], frame.positions, frame.normals);
    for (Vec3& n : frame.normals) n = normalize(n);
  }
}

/// The mesh at its default weights; normals renormalised after each target, as glTF readers did.
void move_to_rest(Mesh& m) {
  std::vector<Vec3> no_normals;
  for (std::size_t t = 0; t < std::min(m.target_weights.size(), m.targets.size()); ++t) {
    const float w = m.target_weights[t];
    if (w == 0.0f) continue;
    add_target(m.targets[t], w, m.positions, no_normals);
    if (m.targets[t].normals.size() == m.normals.size())
      for (std::size_t v = 0; v < m.normals.size(); ++v)
        m.normals[v] = normalize(m.normals[v] + m.targets[t].normals[v] * w);
  }
}

/// Every mesh at its default weights, without targets; no weight tracks left.
void settle_targets(Scene& scene) {
  for (Mesh& m : scene.meshes) {
    move_to_rest(m);
    m.targets.clear();
    m.target_weights.clear();
  }
  for (Animation& a : scene.animations) a.weight_tracks.clear();
}

}  // namespace

std::uint32_t baked_morph_frame_count(float duration) {
  return static_cast<std::uint32_t>(std::ceil(duration * kMorphBakeFrameRate)) + 1;
}

bool has_morph_targets(const Scene& scene) {
  return std::any_of(scene.meshes.begin(), scene.meshes.end(), [](const Mesh& m) { return !m.targets.empty(); }) ||
         std::any_of(scene.animations.begin(), scene.animations.end(),
                     [](const Animation& a) { return !a.weight_tracks.empty(); });
}

void bake_morph_targets(Scene& scene) {
  if (!has_morph_targets(scene)) return;
  const auto played = std::find_if(scene.animations.begin(), scene.animations.end(),
                                   [](const Animation& a) { return !a.weight_tracks.empty(); });
  if (played != scene.animations.end()) {
    const std::uint32_t frames = baked_morph_frame_count(played->duration);
    for (const WeightTrack& track : played->weight_tracks)
      if (track.mesh < scene.meshes.size() && scene.meshes[track.mesh].frames.empty())
        bake_frames(scene.meshes[track.mesh], track, frames);
    // Meshes without a track hold still at their rest shape in every frame.
    scene.vertex_animation = VertexAnimation{played->name, kMorphBakeFrameRate, frames};
  }
  settle_targets(scene);
}

void drop_vertex_animation(Scene& scene) {
  settle_targets(scene);
  for (Mesh& m : scene.meshes) m.frames.clear();
  scene.vertex_animation = {};
}

}  // namespace aem
