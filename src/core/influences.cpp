#include "core/influences.hpp"

namespace aem {

SkinInfluences strongest_influences(const SkinInfluences& s, int n, bool* reduced) {
  // Only slots with a joint and a positive weight take part, so the insertion sort below (stable:
  // it moves a slot only past strictly smaller weights) usually orders four slots or fewer; this runs
  // once per vertex of every converted mesh.
  std::array<int, kMaxInfluences> order;
  int used = 0;
  for (int k = 0; k < kMaxInfluences; ++k) {
    if (s.joints[k] < 0 || !(s.weights[k] > 0.0f)) continue;
    int at = used++;
    for (; at > 0 && s.weights[order[at - 1]] < s.weights[k]; --at) order[at] = order[at - 1];
    order[at] = k;
  }
  if (used > n && reduced) *reduced = true;
  const int kept = used < n ? used : n;
  SkinInfluences out;
  float sum = 0;
  for (int i = 0; i < kept; ++i) {
    out.joints[i] = s.joints[order[i]];
    out.weights[i] = s.weights[order[i]];
    sum += out.weights[i];
  }
  for (int i = 0; i < kept; ++i) out.weights[i] /= sum;
  return out;
}

SkinInfluences kept_influences(const SkinInfluences& s, int n, bool* reduced) {
  // Most vertices have no more influences than kept, and then no order is needed: the usable slots are
  // moved to the front without a branch on the data (a slot is written, then kept or overwritten).
  SkinInfluences out;
  int used = 0;
  float sum = 0;
  for (int k = 0; k < kMaxInfluences; ++k) {
    const bool usable = s.joints[k] >= 0 && s.weights[k] > 0.0f;
    if (usable && used == n) return strongest_influences(s, n, reduced);
    out.joints[used] = s.joints[k];
    out.weights[used] = s.weights[k];
    sum += usable ? s.weights[k] : 0.0f;
    used += usable;
  }
  for (int i = 0; i < kMaxInfluences; ++i) {
    out.joints[i] = i < used ? out.joints[i] : -1;
    out.weights[i] = i < used ? out.weights[i] / sum : 0.0f;
  }
  return out;
}

}  // namespace aem
