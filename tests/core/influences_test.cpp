// strongest_influences against a plain reference: every slot sorted by weight (stable), then the
// first n usable ones taken and renormalised. Random slots with many equal weights, missing joints
// and zero or negative weights exercise the ties and the skipped slots of the fast insertion sort.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <numeric>
#include <random>

#include "core/influences.hpp"

namespace aem {
namespace {

SkinInfluences reference(const SkinInfluences& s, int n, bool& reduced) {
  std::array<int, kMaxInfluences> order;
  std::iota(order.begin(), order.end(), 0);
  auto weight = [&](int k) { return s.joints[k] >= 0 ? s.weights[k] : -1.0f; };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return weight(a) > weight(b); });
  std::vector<int> usable;
  for (int k : order)
    if (s.joints[k] >= 0 && s.weights[k] > 0.0f) usable.push_back(k);
  reduced = static_cast<int>(usable.size()) > n;
  usable.resize(std::min<std::size_t>(usable.size(), static_cast<std::size_t>(n)));
  float sum = 0;
  for (int k : usable) sum += s.weights[k];
  SkinInfluences out;
  for (std::size_t i = 0; i < usable.size(); ++i) {
    out.joints[i] = s.joints[usable[i]];
    out.weights[i] = s.weights[usable[i]] / sum;
  }
  return out;
}

TEST(StrongestInfluences, MatchesTheStableSortReference) {
  std::mt19937 rng(16);
  const float weights[] = {0.0f, -0.25f, 0.1f, 0.25f, 0.25f, 0.5f, 0.125f, 1.0f};
  for (int trial = 0; trial < 20000; ++trial) {
    SkinInfluences s;
    for (int k = 0; k < kMaxInfluences; ++k) {
      s.joints[k] = static_cast<std::int32_t>(rng() % 12) - 2;  // about one in six without a joint
      s.weights[k] = weights[rng() % 8];
    }
    for (int n = 1; n <= kMaxInfluences; ++n) {
      bool want_reduced = false, got_reduced = false;
      const SkinInfluences want = reference(s, n, want_reduced);
      const SkinInfluences got = strongest_influences(s, n, &got_reduced);
      ASSERT_EQ(got.joints, want.joints) << "trial " << trial << ", n " << n;
      for (int k = 0; k < kMaxInfluences; ++k)
        ASSERT_EQ(std::bit_cast<std::uint32_t>(got.weights[k]), std::bit_cast<std::uint32_t>(want.weights[k])) << "trial " << trial << ", n " << n;
      ASSERT_EQ(got_reduced, want_reduced) << "trial " << trial << ", n " << n;
    }
  }
}

TEST(StrongestInfluences, LargestFirstTiesInSlotOrder) {
  SkinInfluences s;
  s.joints = {3, 4, -1, 5, 6, 7, 8, 9};
  s.weights = {0.25f, 0.5f, 0.9f, 0.25f, 0.0f, 0.0f, 0.0f, 0.0f};
  bool reduced = false;
  const SkinInfluences out = strongest_influences(s, 2, &reduced);
  EXPECT_TRUE(reduced);
  EXPECT_EQ(out.joints[0], 4);
  EXPECT_EQ(out.joints[1], 3);  // slot 0 before slot 3 of the same weight
  EXPECT_EQ(out.joints[2], -1);
  EXPECT_FLOAT_EQ(out.weights[0], 0.5f / 0.75f);
  EXPECT_FLOAT_EQ(out.weights[1], 0.25f / 0.75f);
}

}  // namespace
}  // namespace aem
