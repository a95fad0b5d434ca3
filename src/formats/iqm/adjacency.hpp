// Triangle adjacency for IQM: which triangle lies across each edge.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "aem/math.hpp"

namespace aem::formats::iqm {

inline constexpr std::uint32_t kNoNeighbour = 0xFFFFFFFFu;

/// For each triangle of `indices` (3 per triangle, into `positions`) and each edge k (corner k to
/// corner k+1), another triangle sharing that edge, or kNoNeighbour. Edges are keyed by the two
/// positions regardless of direction, so seams split by UV or normal still connect (docs/formats/iqm.md
/// §5). Where more than two triangles share an edge, each links to the next in file order (cyclic).
std::vector<std::array<std::uint32_t, 3>> compute_adjacency(std::span<const Vec3> positions,
                                                            std::span<const std::uint32_t> indices);

}  // namespace aem::formats::iqm
