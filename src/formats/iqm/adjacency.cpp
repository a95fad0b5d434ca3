#include "formats/iqm/adjacency.hpp"

#include <algorithm>
#include <unordered_map>

#include "core/position_key.hpp"

namespace aem::formats::iqm {
namespace {

// One id per distinct position, so that vertices split by other attributes share edges.
std::vector<std::uint32_t> weld(std::span<const Vec3> positions) {
  std::unordered_map<PositionKey, std::uint32_t, PositionHash> ids;
  ids.reserve(positions.size());
  std::vector<std::uint32_t> id(positions.size());
  for (std::size_t v = 0; v < positions.size(); ++v)
    id[v] = ids.emplace(PositionKey(positions[v]), static_cast<std::uint32_t>(ids.size())).first->second;
  return id;
}

struct EdgeUse {
  std::uint64_t key;        // smaller position id << 32 | larger
  std::uint32_t triangle;
  std::uint32_t edge;
};

}  // namespace

std::vector<std::array<std::uint32_t, 3>> compute_adjacency(std::span<const Vec3> positions, std::span<const std::uint32_t> indices) {
  const std::vector<std::uint32_t> id = weld(positions);
  const std::size_t triangles = indices.size() / 3;
  std::vector<EdgeUse> uses;
  uses.reserve(indices.size());
  for (std::uint32_t t = 0; t < triangles; ++t)
    for (std::uint32_t k = 0; k < 3; ++k) {
      const std::uint32_t a = id[indices[3 * t + k]], b = id[indices[3 * t + (k + 1) % 3]];
      if (a != b) uses.push_back({std::uint64_t{std::min(a, b)} << 32 | std::max(a, b), t, k});
    }
  std::sort(uses.begin(), uses.end(), [](const EdgeUse& l, const EdgeUse& r) { return l.key != r.key ? l.key < r.key : l.triangle < r.triangle; });
  std::vector<std::array<std::uint32_t, 3>> adjacency(triangles, {kNoNeighbour, kNoNeighbour, kNoNeighbour});
  for (std::size_t begin = 0; begin < uses.size();) {
    std::size_t end = begin + 1;
    while (end < uses.size() && uses[end].key == uses[begin].key) ++end;
    if (end - begin > 1)
      for (std::size_t i = begin; i < end; ++i) {
        const EdgeUse& next = uses[i + 1 < end ? i + 1 : begin];
        if (next.triangle != uses[i].triangle) adjacency[uses[i].triangle][uses[i].edge] = next.triangle;
      }
    begin = end;
  }
  return adjacency;
}

}  // namespace aem::formats::iqm
