#include "render/joint_pick.hpp"

#include "render/camera.hpp"

namespace aem::render {

std::int32_t pick_joint(std::span<const Mat4> joint_model, const Mat4& view_projection, int width, int height, float x,
                        float y, float max_pixels) {
  std::int32_t best = -1;
  float best_squared = max_pixels * max_pixels;
  for (std::size_t j = 0; j < joint_model.size(); ++j) {
    const Mat4& m = joint_model[j];
    float px = 0, py = 0;
    if (!project_to_pixel(view_projection, {m.m[12], m.m[13], m.m[14]}, width, height, px, py)) continue;
    const float squared = (px - x) * (px - x) + (py - y) * (py - y);
    if (squared <= best_squared) {
      best_squared = squared;
      best = static_cast<std::int32_t>(j);
    }
  }
  return best;
}

}  // namespace aem::render
