// Picking a joint by a click in the view.
#pragma once

#include <cstdint>
#include <span>

#include "aem/math.hpp"

namespace aem::render {

/// The joint whose posed position (`joint_model` column 3) projects through `view_projection` onto a
/// width x height view nearest to pixel (x, y) (origin top-left), if within `max_pixels`; else -1.
std::int32_t pick_joint(std::span<const Mat4> joint_model, const Mat4& view_projection, int width, int height, float x,
                        float y, float max_pixels);

}  // namespace aem::render
