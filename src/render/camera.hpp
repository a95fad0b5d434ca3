// An orbit camera around a target point (Y up), and the view/projection matrices it gives.
#pragma once

#include "aem/math.hpp"
#include "aem/scene.hpp"

namespace aem::render {

struct Camera {
  Vec3 target{};
  float distance = 5.0f;
  float yaw_degrees = 30.0f;    ///< around +Y; 0 looks at the model from +Z (its front)
  float pitch_degrees = 20.0f;  ///< above the horizon, clamped to ±89
  float fov_y_degrees = 40.0f;
  float near_plane = 0.05f, far_plane = 100.0f;

  Vec3 eye() const;
  Mat4 view() const;
  Mat4 projection(float aspect) const;
  /// projection(aspect) * view()
  Mat4 view_projection(float aspect) const;
};

/// Keeps yaw/pitch/fov, aims at the box's centre and backs off until the box's bounding sphere fits
/// both the vertical and horizontal field of view (with a small margin); near/far planes enclose it.
void frame_bounds(Camera& camera, const Bounds& bounds, float aspect);

/// Sets near/far around the box's bounding sphere seen from the camera's eye, with frame_bounds'
/// margins (3 radii in front, 6 behind), for a camera placed by hand.
void fit_clip_planes(Camera& camera, const Bounds& bounds);

/// A camera at the given yaw and pitch (degrees) framed on `bounds` (what `aem render` uses).
Camera orbit_camera(const Bounds& bounds, float yaw_degrees, float pitch_degrees, float aspect);

/// Mouse-style camera moves for interactive viewers.
/// Turns the camera around its target by the given angles (pitch clamped to ±89).
void orbit(Camera& camera, float yaw_degrees, float pitch_degrees);
/// Slides the camera and its target across the view by a mouse move of (dx, dy) pixels on a viewport
/// `viewport_height` pixels high, so the point under the cursor stays under it (at target depth).
void pan(Camera& camera, float dx, float dy, int viewport_height);
/// Moves towards the target by `steps` wheel notches (negative: away), 10% of the distance each.
void zoom(Camera& camera, float steps);

/// Pixel position (x right, y down, origin top-left) of a point seen through `view_projection` on a
/// width x height image; false when the point is behind the camera.
bool project_to_pixel(const Mat4& view_projection, const Vec3& point, int width, int height, float& x, float& y);

}  // namespace aem::render
