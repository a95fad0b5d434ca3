// strongest_influences against its contract written out with std::stable_sort, on random slots with
// ties, zero and negative weights and empty joints.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/influences.hpp"

namespace aem {
namespace {

SkinInfluences reference(const SkinInfluences& s, int n, bool& reduced) {
  std::vector<int> slots;
  for (int k = 0; k < kMaxInfluences; ++k)
    if (s.joints[k] >= 0 && s.weights[k] > 0.0f) slots.push_back(k);
  std::stable_sort(slots.begin(), slots.end(), [&](int a, int b) { return s.weights[a] > s.weights[b]; });
  reduced = static_cast<int>(slots.size()) > n;
  slots.resize(std::min<std::size_t>(slots.size(), static_cast<std::size_t>(n)));
  SkinInfluences out;
  float sum = 0;
  for (int k : slots) sum += s.weights[k];
  for (std::size_t i = 0; i < slots.size(); ++i) out.joints[i] = s.joints[slots[i]], out.weights[i] = s.weights[slots[i]] / sum;
  return out;
}

TEST(StrongestInfluences, MatchesAStableSortOfThePositiveSlots) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> joint(-1, 9), weight(-2, 4);
  for (int round = 0; round < 20000; ++round) {
    SkinInfluences s;
    for (int k = 0; k < kMaxInfluences; ++k) s.joints[k] = joint(rng), s.weights[k] = static_cast<float>(weight(rng)) * 0.25f;
    for (int n : {1, 4, 8}) {
      bool reduced = false, expected_reduced = false;
      const SkinInfluences expected = reference(s, n, expected_reduced);
      ASSERT_EQ(strongest_influences(s, n, &reduced), expected) << "round " << round << ", n " << n;
      ASSERT_EQ(reduced, expected_reduced) << "round " << round << ", n " << n;
    }
  }
}

}  // namespace
}  // namespace aem
