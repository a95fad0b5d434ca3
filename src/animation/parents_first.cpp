// parents_first_order (see aem/animation.hpp): the runtime's, which both animators use.
#include <cstdint>
#include <span>
#include <vector>

#include "aem/animation.hpp"

namespace aem {

std::vector<std::uint32_t> parents_first_order(std::span<const std::int32_t> parents) {
  const std::size_t n = parents.size();
  std::vector<std::uint32_t> order;
  order.reserve(n);
  std::vector<std::uint8_t> state(n, 0);  // 0 unvisited, 1 on path, 2 placed, 3 on a cycle
  std::vector<std::uint32_t> path;
  for (std::uint32_t i = 0; i < n; ++i) {
    path.clear();
    std::uint32_t cur = i;
    bool cycle = false;
    while (state[cur] == 0) {
      state[cur] = 1;
      path.push_back(cur);
      std::int32_t p = parents[cur];
      if (p < 0 || static_cast<std::size_t>(p) >= n) break;
      if (state[p] == 1 || state[p] == 3) {
        cycle = true;
        break;
      }
      cur = static_cast<std::uint32_t>(p);
    }
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      state[*it] = cycle ? 3 : 2;
      if (!cycle) order.push_back(*it);
    }
  }
  return order;
}

}  // namespace aem
