// IQM triangle adjacency against a slow reference: every edge's uses gathered in a std::map keyed by
// the two positions, on random meshes full of shared positions, seams, degenerate triangles and
// edges used by many triangles.
#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <random>

#include "formats/iqm/adjacency.hpp"

namespace aem {
namespace {

using Adjacency = std::vector<std::array<std::uint32_t, 3>>;

// The rule of docs/formats/iqm.md §5, written out directly: the uses of each undirected edge (by
// position, -0 equal to +0) in file order, each linking to the next one (cyclic) unless that is its
// own triangle.
Adjacency reference_adjacency(const std::vector<Vec3>& p, const std::vector<std::uint32_t>& indices) {
  auto key = [&](std::uint32_t v) {
    auto bits = [](float f) { return f == 0.0f ? 0u : std::bit_cast<std::uint32_t>(f); };
    return std::array<std::uint32_t, 3>{bits(p[v].x), bits(p[v].y), bits(p[v].z)};
  };
  std::map<std::pair<std::array<std::uint32_t, 3>, std::array<std::uint32_t, 3>>,
           std::vector<std::pair<std::uint32_t, std::uint32_t>>>
      uses;
  for (std::uint32_t t = 0; t < indices.size() / 3; ++t)
    for (std::uint32_t k = 0; k < 3; ++k) {
      const auto a = key(indices[3 * t + k]), b = key(indices[3 * t + (k + 1) % 3]);
      if (a != b) uses[std::minmax(a, b)].push_back({t, k});
    }
  Adjacency out(indices.size() / 3,
                {formats::iqm::kNoNeighbour, formats::iqm::kNoNeighbour, formats::iqm::kNoNeighbour});
  for (const auto& [edge, list] : uses)
    for (std::size_t i = 0; list.size() > 1 && i < list.size(); ++i) {
      const auto next = list[(i + 1) % list.size()];
      if (next.first != list[i].first) out[list[i].first][list[i].second] = next.first;
    }
  return out;
}

TEST(IqmAdjacency, MatchesTheEdgeMapOnRandomMeshes) {
  std::mt19937 rng(7);
  for (int round = 0; round < 20; ++round) {
    // Few distinct coordinates (round numbers, -0 among them) so that positions repeat across
    // vertices and edges are shared by 1, 2 or many triangles.
    const int vertices = 20 + round * 50;
    std::uniform_int_distribution<int> coordinate(-3, 3), vertex(0, vertices - 1);
    std::vector<Vec3> p;
    for (int v = 0; v < vertices; ++v) {
      auto c = [&] {
        const int i = coordinate(rng);
        return i == 0 && rng() % 2 ? -0.0f : static_cast<float>(i) * 0.5f;
      };
      p.push_back({c(), c(), c()});
    }
    std::vector<std::uint32_t> indices;
    for (int i = 0; i < 3 * (10 + round * 200); ++i) indices.push_back(static_cast<std::uint32_t>(vertex(rng)));
    EXPECT_EQ(formats::iqm::compute_adjacency(p, indices), reference_adjacency(p, indices)) << "round " << round;
  }
}

TEST(IqmAdjacency, MatchesTheEdgeMapOnAGridWithSeams) {
  // A 60 x 60 grid whose every other row of quads has its own copies of the vertices (a UV seam).
  constexpr std::uint32_t n = 60;
  std::vector<Vec3> p;
  for (std::uint32_t copy = 0; copy < 2; ++copy)
    for (std::uint32_t y = 0; y < n; ++y)
      for (std::uint32_t x = 0; x < n; ++x) p.push_back({static_cast<float>(x), static_cast<float>(y), 0.0f});
  std::vector<std::uint32_t> indices;
  for (std::uint32_t y = 0; y + 1 < n; ++y)
    for (std::uint32_t x = 0; x + 1 < n; ++x) {
      const std::uint32_t a = (y % 2) * n * n + y * n + x;
      for (std::uint32_t v : {a, a + n, a + 1, a + 1, a + n, a + n + 1}) indices.push_back(v);
    }
  const Adjacency adjacency = formats::iqm::compute_adjacency(p, indices);
  EXPECT_EQ(adjacency, reference_adjacency(p, indices));
  EXPECT_EQ(adjacency[0][1], 1u);  // the first quad's diagonal
}

}  // namespace
}  // namespace aem
