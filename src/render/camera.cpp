#include "render/camera.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace aem::render {
namespace {

float radians(float degrees) { return degrees * std::numbers::pi_v<float> / 180.0f; }

}  // namespace

Vec3 Camera::eye() const {
  const float yaw = radians(yaw_degrees), pitch = radians(std::clamp(pitch_degrees, -89.0f, 89.0f));
  const Vec3 dir{std::sin(yaw) * std::cos(pitch), std::sin(pitch), std::cos(yaw) * std::cos(pitch)};
  return target + dir * distance;
}

Mat4 Camera::view() const {
  const Vec3 e = eye();
  const Vec3 f = normalize(target - e);
  const Vec3 s = normalize(cross(f, {0, 1, 0}));
  const Vec3 u = cross(s, f);
  Mat4 m;
  m(0, 0) = s.x, m(0, 1) = s.y, m(0, 2) = s.z, m(0, 3) = -dot(s, e);
  m(1, 0) = u.x, m(1, 1) = u.y, m(1, 2) = u.z, m(1, 3) = -dot(u, e);
  m(2, 0) = -f.x, m(2, 1) = -f.y, m(2, 2) = -f.z, m(2, 3) = dot(f, e);
  return m;
}

Mat4 Camera::projection(float aspect) const {
  const float t = 1.0f / std::tan(radians(fov_y_degrees) * 0.5f);
  Mat4 m;
  m.m.fill(0.0f);
  m(0, 0) = t / aspect;
  m(1, 1) = t;
  m(2, 2) = (far_plane + near_plane) / (near_plane - far_plane);
  m(2, 3) = 2.0f * far_plane * near_plane / (near_plane - far_plane);
  m(3, 2) = -1.0f;
  return m;
}

Mat4 Camera::view_projection(float aspect) const { return projection(aspect) * view(); }

void frame_bounds(Camera& camera, const Bounds& bounds, float aspect) {
  if (bounds.empty()) return;
  camera.target = (bounds.min + bounds.max) * 0.5f;
  const float radius = std::max(length(bounds.max - bounds.min) * 0.5f, 1e-4f);
  const float half_y = radians(camera.fov_y_degrees) * 0.5f;
  const float half_x = std::atan(std::tan(half_y) * aspect);
  camera.distance = radius / std::sin(std::min(half_x, half_y)) * 1.05f;
  camera.near_plane = std::max(camera.distance - radius * 3.0f, camera.distance * 0.01f);
  camera.far_plane = camera.distance + radius * 6.0f;
}

void fit_clip_planes(Camera& camera, const Bounds& bounds) {
  if (bounds.empty()) return;
  const float radius = std::max(length(bounds.max - bounds.min) * 0.5f, 1e-4f);
  const float centre = length((bounds.min + bounds.max) * 0.5f - camera.eye());
  // The margins frame_bounds leaves (and zoom keeps), so that the ground grid is clipped alike.
  camera.near_plane = std::max(centre - radius * 3.0f, camera.distance * 0.001f);
  camera.far_plane = std::max(centre + radius * 6.0f, camera.near_plane * 2.0f);
}

Camera orbit_camera(const Bounds& bounds, float yaw_degrees, float pitch_degrees, float aspect) {
  Camera camera;
  camera.yaw_degrees = yaw_degrees;
  camera.pitch_degrees = pitch_degrees;
  frame_bounds(camera, bounds, aspect);
  return camera;
}

void orbit(Camera& camera, float yaw_degrees, float pitch_degrees) {
  camera.yaw_degrees = std::fmod(camera.yaw_degrees + yaw_degrees, 360.0f);
  camera.pitch_degrees = std::clamp(camera.pitch_degrees + pitch_degrees, -89.0f, 89.0f);
}

void pan(Camera& camera, float dx, float dy, int viewport_height) {
  const Vec3 forward = normalize(camera.target - camera.eye());
  const Vec3 right = normalize(cross(forward, {0, 1, 0}));
  const Vec3 up = cross(right, forward);
  // World units per pixel at the target's depth.
  const float scale = 2.0f * camera.distance * std::tan(radians(camera.fov_y_degrees) * 0.5f) /
                      static_cast<float>(std::max(viewport_height, 1));
  camera.target = camera.target - right * (dx * scale) + up * (dy * scale);
}

void zoom(Camera& camera, float steps) {
  const float old_distance = camera.distance;
  camera.distance = std::max(camera.distance * std::pow(0.9f, steps), 1e-4f);
  // Keep the clip planes around the model as the camera moves.
  const float moved = camera.distance - old_distance;
  camera.near_plane = std::max(camera.near_plane + moved, camera.distance * 0.001f);
  camera.far_plane = std::max(camera.far_plane + moved, camera.near_plane * 2.0f);
}

bool project_to_pixel(const Mat4& vp, const Vec3& p, int width, int height, float& x, float& y) {
  const float cw = vp(3, 0) * p.x + vp(3, 1) * p.y + vp(3, 2) * p.z + vp(3, 3);
  if (cw <= 0.0f) return false;
  const Vec3 c = transform_point(vp, p);
  x = (c.x / cw * 0.5f + 0.5f) * static_cast<float>(width);
  y = (0.5f - c.y / cw * 0.5f) * static_cast<float>(height);
  return true;
}

}  // namespace aem::render
