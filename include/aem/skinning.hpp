// CPU skinning: a mesh's vertices posed by skin matrices (for baking, tests and tools).
#pragma once

#include <span>
#include <vector>

#include "aem/scene.hpp"
#include "aem/scene_animation.hpp"

namespace aem {

/// Poses `mesh` with `skin` (one matrix per scene joint, as SceneAnimator writes): each vertex first
/// moves with its rigid joint (AEM extra bone), then by Σ wᵢ·skin[jᵢ] over influences with a joint and
/// a non-zero weight (weights are used as stored, like the reference viewer). Vertices with neither
/// stay put. Normals use the same matrices without translation and are renormalised. Joint indices
/// outside `skin` are ignored.
void pose_mesh(const Mesh& mesh, std::span<const Mat4> skin, std::vector<Vec3>& positions, std::vector<Vec3>& normals);
/// The positions pose_mesh gives, without the normals (bounds, silhouettes).
void pose_positions(const Mesh& mesh, std::span<const Mat4> skin, std::vector<Vec3>& positions);

}  // namespace aem
