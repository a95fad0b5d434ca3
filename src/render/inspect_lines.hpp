// Line overlays for inspecting a posed model: per-vertex normal and tangent directions, and the
// selected bone drawn over the skeleton.
#pragma once

#include <span>
#include <vector>

#include "render/lines.hpp"
#include "render/render_scene.hpp"

namespace aem::render {

/// Which per-vertex direction vertex_direction_lines draws.
enum class VertexDirection { normal, tangent };

/// A segment of `length` (model units) from every posed vertex of the meshes marked in `visible`
/// (one flag per mesh; missing = visible) along its posed normal (blue) or tangent (red). Meshes
/// without that attribute add nothing.
std::vector<LineVertex> vertex_direction_lines(const Scene& scene, const ScenePose& pose,
                                               const std::vector<bool>& visible, VertexDirection direction,
                                               float length);

/// Segments from joint `joint` to its parent and to each child at the posed joint positions, in a
/// highlight colour; empty when `joint` is out of range.
std::vector<LineVertex> bone_highlight_lines(const Scene& scene, std::span<const Mat4> joint_model, std::int32_t joint);

}  // namespace aem::render
