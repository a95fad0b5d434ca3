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

}  // namespace

std::vector<Vec3> posed_vertices(const Scene& scene, const PoseAt& pose) {
  if (pose.animation && *pose.animation >= scene.animations.size())
    throw std::out_of_range("posed_vertices: animation " + std::to_string(*pose.animation) + " of " +
                            std::to_string(scene.animations.size()));
  Scene prepared = render::prepare_for_render(scene);
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
