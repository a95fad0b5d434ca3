#include "core/influences.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

namespace aem {

SkinInfluences strongest_influences(const SkinInfluences& s, int n, bool* reduced) {
  std::array<int, kMaxInfluences> order;
  std::iota(order.begin(), order.end(), 0);
  auto weight = [&](int k) { return s.joints[k] >= 0 ? s.weights[k] : -1.0f; };
  // Stable insertion sort, heaviest first: std::stable_sort would allocate a buffer on every call,
  // and this runs once per vertex of a read or an export.
  for (int i = 1; i < kMaxInfluences; ++i)
    for (int k = i; k > 0 && weight(order[k]) > weight(order[k - 1]); --k) std::swap(order[k], order[k - 1]);
  SkinInfluences out;
  float sum = 0;
  int kept = 0;
  for (int k : order) {
    if (s.joints[k] < 0 || !(s.weights[k] > 0.0f)) continue;
    if (kept == n) {
      if (reduced) *reduced = true;
      break;
    }
    out.joints[kept] = s.joints[k];
    out.weights[kept] = s.weights[k];
    sum += s.weights[k];
    ++kept;
  }
  for (int k = 0; k < kept; ++k) out.weights[k] /= sum;
  return out;
}

}  // namespace aem
