// Vertex normals from a mesh's triangles, for meshes that lack them or carry unusable ones.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "aem/math.hpp"

namespace aem::detail {

/// One normal per position: the area-weighted sum of the normals of the triangles (`indices`, three
/// per triangle; out-of-range ones skipped) that use it, normalised; (0, 0, 1) where that sum is zero
/// or not finite. `ccw_front_faces` says which side of a triangle is its front.
std::vector<Vec3> triangle_normals(std::span<const Vec3> positions, std::span<const std::uint32_t> indices,
                                   bool ccw_front_faces);

}  // namespace aem::detail
