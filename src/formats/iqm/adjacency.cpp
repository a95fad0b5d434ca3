#include "formats/iqm/adjacency.hpp"

#include <algorithm>
#include <bit>

#include "core/position_key.hpp"

namespace aem::formats::iqm {
namespace {

constexpr std::uint32_t kEmpty = ~0u;

// One id per distinct position (in order of first appearance), so that vertices split by other
// attributes share edges. Open addressing over a table of vertex indices: no allocation per position.
std::vector<std::uint32_t> weld(std::span<const Vec3> positions, std::uint32_t& distinct) {
  const int bits = std::max(4, static_cast<int>(std::bit_width(positions.size() * 2)));
  const std::size_t mask = (std::size_t{1} << bits) - 1;
  std::vector<std::uint32_t> table(mask + 1, kEmpty), id(positions.size());
  distinct = 0;
  for (std::uint32_t v = 0; v < positions.size(); ++v) {
    const PositionKey key(positions[v]);
    // PositionHash leaves the low bits of round numbers zero: the multiply moves its mix to the top.
    std::size_t slot = (PositionHash{}(key)*0x9E3779B97F4A7C15ull) >> (64 - bits);
    while (table[slot] != kEmpty && !(PositionKey(positions[table[slot]]) == key)) slot = (slot + 1) & mask;
    if (table[slot] == kEmpty)
      table[slot] = v, id[v] = distinct++;
    else
      id[v] = id[table[slot]];
  }
  return id;
}

struct EdgeUse {
  std::uint32_t other;  // the larger position id of the edge; the smaller one is its bucket
  std::uint32_t triangle, edge;
};

}  // namespace

std::vector<std::array<std::uint32_t, 3>> compute_adjacency(std::span<const Vec3> positions,
                                                            std::span<const std::uint32_t> indices) {
  std::uint32_t distinct = 0;
  const std::vector<std::uint32_t> id = weld(positions, distinct);
  const std::size_t triangles = indices.size() / 3;
  auto edge_ids = [&](std::size_t t, std::uint32_t k) {
    const std::uint32_t a = id[indices[3 * t + k]], b = id[indices[3 * t + (k + 1) % 3]];
    return std::pair{std::min(a, b), std::max(a, b)};
  };
  // Edge uses bucketed by their smaller position id (a counting sort, in triangle order), then each
  // small bucket sorted by the other id: every edge's uses end up together, in file order.
  std::vector<std::size_t> first(std::size_t{distinct} + 1, 0);
  for (std::size_t t = 0; t < triangles; ++t)
    for (std::uint32_t k = 0; k < 3; ++k)
      if (auto [a, b] = edge_ids(t, k); a != b) ++first[a + 1];
  for (std::size_t i = 1; i < first.size(); ++i) first[i] += first[i - 1];
  std::vector<EdgeUse> uses(first.back());
  std::vector<std::size_t> fill(first.begin(), first.end() - 1);
  for (std::size_t t = 0; t < triangles; ++t)
    for (std::uint32_t k = 0; k < 3; ++k)
      if (auto [a, b] = edge_ids(t, k); a != b) uses[fill[a]++] = {b, static_cast<std::uint32_t>(t), k};
  // A bucket holds its uses in file order (triangle, then edge) already, and a few of them: a stable
  // insertion sort by the other id leaves them in (other, triangle, edge) order, with no call per
  // bucket.
  for (std::size_t a = 0; a < distinct; ++a)
    for (std::size_t i = first[a] + 1; i < first[a + 1]; ++i) {
      const EdgeUse use = uses[i];
      std::size_t at = i;
      for (; at > first[a] && uses[at - 1].other > use.other; --at) uses[at] = uses[at - 1];
      uses[at] = use;
    }

  std::vector<std::array<std::uint32_t, 3>> adjacency(triangles, {kNoNeighbour, kNoNeighbour, kNoNeighbour});
  for (std::size_t a = 0; a < distinct; ++a)
    for (std::size_t begin = first[a], bucket_end = first[a + 1]; begin < bucket_end;) {
      std::size_t end = begin + 1;
      while (end < bucket_end && uses[end].other == uses[begin].other) ++end;
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
