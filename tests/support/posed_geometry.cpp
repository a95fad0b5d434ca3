#include "support/posed_geometry.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "render/render_scene.hpp"
#include "support/nearest_points.hpp"

namespace aem::test {
namespace {

double mean_distance(std::span<const Vec3> from, std::span<const Vec3> to) {
  if (from.empty()) return 0.0;
  const NearestPoints index(to);
  double sum = 0.0;
  for (const Vec3& p : from) sum += index.distance(p);
  return sum / static_cast<double>(from.size());
}

/// The weights of `track` (`width` targets a key) at `time`: between two keys linear, or the earlier
/// key's for Step; the first and last keys held beyond the ends. Written here rather than taken from
/// the library, so that the check does not share the code it checks.
std::vector<float> weights_at(const WeightTrack& track, std::size_t width, float time) {
  const std::size_t keys = track.times.size();
  auto key = [&](std::size_t k) {
    return std::vector<float>(track.weights.begin() + k * width, track.weights.begin() + (k + 1) * width);
  };
  if (time <= track.times.front()) return key(0);
  if (time >= track.times.back()) return key(keys - 1);
  std::size_t k = 0;
  while (track.times[k + 1] <= time) ++k;
  std::vector<float> out = key(k);
  if (track.interpolation == Interpolation::Step) return out;
  const float f = (time - track.times[k]) / (track.times[k + 1] - track.times[k]);
  const std::vector<float> next = key(k + 1);
  for (std::size_t t = 0; t < width; ++t) out[t] += (next[t] - out[t]) * f;
  return out;
}

/// `scene` with each mesh's morph targets added to its positions at their weights in `animation` at
/// `time` (its weight track), else at the mesh's default weights; the targets are then gone.
Scene with_targets_applied(Scene scene, const Animation* animation, float time) {
  for (std::uint32_t i = 0; i < scene.meshes.size(); ++i) {
    Mesh& m = scene.meshes[i];
    const std::size_t width = m.targets.size();
    std::vector<float> weights = m.target_weights;
    weights.resize(width, 0.0f);
    if (animation)
      for (const WeightTrack& track : animation->weight_tracks)
        if (track.mesh == i && !track.times.empty() && track.weights.size() == track.times.size() * width)
          weights = weights_at(track, width, time);
    for (std::size_t t = 0; t < width; ++t)
      if (m.targets[t].positions.size() == m.positions.size())
        for (std::size_t v = 0; v < m.positions.size(); ++v)
          m.positions[v] = m.positions[v] + m.targets[t].positions[v] * weights[t];
    m.targets.clear();
    m.target_weights.clear();
  }
  for (Animation& a : scene.animations) a.weight_tracks.clear();
  return scene;
}

}  // namespace

std::vector<Vec3> posed_vertices(const Scene& scene, const PoseAt& pose) {
  if (pose.animation && *pose.animation >= scene.animations.size())
    throw std::out_of_range("posed_vertices: animation " + std::to_string(*pose.animation) + " of " +
                            std::to_string(scene.animations.size()));
  Scene prepared = render::prepare_for_render(
      has_morph_targets(scene)
          ? with_targets_applied(scene, pose.animation ? &scene.animations[*pose.animation] : nullptr, pose.time)
          : scene);
  // An animation without channels holds every joint at its rest value; ScenePose's out-of-range index
  // would give the bind pose instead.
  std::size_t animation = prepared.animations.size();
  if (pose.animation) {
    animation = *pose.animation;
  } else {
    prepared.animations.emplace_back();
  }
  const bool morphs = pose.animation && prepared.vertex_animation.frame_count >= 2 &&
                      prepared.vertex_animation.name == prepared.animations[animation].name;
  if (!morphs) {
    for (Mesh& m : prepared.meshes) m.frames.clear();
    prepared.vertex_animation = {};
  }
  render::ScenePose posed(prepared);
  posed.set(static_cast<std::int32_t>(animation), pose.time);
  const float metres = prepared.conventions.meters_per_unit;
  std::vector<Vec3> out;
  for (std::size_t m = 0; m < prepared.meshes.size(); ++m)
    for (const Vec3& p : posed.posed_positions(m)) out.push_back(p * metres);
  return out;
}

std::optional<std::size_t> animation_named(const Scene& scene, std::string_view name) {
  for (std::size_t a = 0; a < scene.animations.size(); ++a)
    if (scene.animations[a].name == name) return a;
  return std::nullopt;
}

PointSetDistance mean_nearest_distances(std::span<const Vec3> reference, std::span<const Vec3> posed) {
  return {mean_distance(reference, posed), mean_distance(posed, reference)};
}

double bounding_diagonal(std::span<const Vec3> points) {
  Bounds box;
  for (const Vec3& p : points)
    if (std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)) box.add(p);
  if (box.empty()) return 0.0;
  const double dx = double{box.max.x} - box.min.x, dy = double{box.max.y} - box.min.y,
               dz = double{box.max.z} - box.min.z;
  return std::sqrt(dx * dx + dy * dy + dz * dz);
}

FrameComparison compare_frame(std::span<const Vec3> reference, std::span<const Vec3> posed, double tolerance) {
  return {mean_nearest_distances(reference, posed), tolerance * bounding_diagonal(reference)};
}

}  // namespace aem::test
