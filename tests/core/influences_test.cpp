// strongest_influences and kept_influences against plain references: every slot sorted by weight
// (stable), then the first n usable ones taken and renormalised. Random slots with many equal weights,
// missing joints and zero or negative weights exercise the ties and the skipped slots.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
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

SkinInfluences random_influences(std::mt19937& rng) {
  const float weights[] = {0.0f, -0.25f, 0.1f, 0.25f, 0.25f, 0.5f, 0.125f, 1.0f};
  SkinInfluences s;
  for (int k = 0; k < kMaxInfluences; ++k) {
    s.joints[k] = static_cast<std::int32_t>(rng() % 12) - 2;  // about one in six without a joint
    s.weights[k] = weights[rng() % 8];
  }
  return s;
}

void expect_same(const SkinInfluences& got, const SkinInfluences& want, int trial, int n) {
  ASSERT_EQ(got.joints, want.joints) << "trial " << trial << ", n " << n;
  for (int k = 0; k < kMaxInfluences; ++k)
    ASSERT_EQ(std::bit_cast<std::uint32_t>(got.weights[k]), std::bit_cast<std::uint32_t>(want.weights[k]))
        << "trial " << trial << ", n " << n;
}

TEST(StrongestInfluences, MatchesTheStableSortReference) {
  std::mt19937 rng(16);
  for (int trial = 0; trial < 20000; ++trial) {
    const SkinInfluences s = random_influences(rng);
    for (int n = 1; n <= kMaxInfluences; ++n) {
      bool want_reduced = false, got_reduced = false;
      const SkinInfluences want = reference(s, n, want_reduced);
      const SkinInfluences got = strongest_influences(s, n, &got_reduced);
      expect_same(got, want, trial, n);
      ASSERT_EQ(got_reduced, want_reduced) << "trial " << trial << ", n " << n;
    }
  }
}

// A vertex with no usable slot (no joint, or weight 0, negative or NaN) keeps none, whatever n.
TEST(StrongestInfluences, NoUsableSlotGivesNone) {
  SkinInfluences s;
  for (int k = 0; k < kMaxInfluences; ++k) s.joints[k] = k % 2 ? -1 : k;
  s.weights = {0.0f, 1.0f, -0.5f, 0.5f, NAN, 0.25f, -0.0f, 1.0f};  // even slots: joints, odd: none
  for (int n = 1; n <= kMaxInfluences; ++n) {
    bool reduced = false;
    expect_same(strongest_influences(s, n, &reduced), SkinInfluences{}, 0, n);
    EXPECT_FALSE(reduced);
    expect_same(strongest_influences(SkinInfluences{}, n, &reduced), SkinInfluences{}, 1, n);
  }
}

// largest_joint_named: the largest joint of any slot and rigid joint (a plain scan), never below
// highest_joint's for any n.
TEST(LargestJointNamed, IsTheLargestSlotOrRigidJointAndBoundsHighestJoint) {
  std::mt19937 rng(18);
  for (int trial = 0; trial < 200; ++trial) {
    Mesh mesh;
    std::int32_t want = -1;
    const std::size_t vertices = rng() % 9;
    for (std::size_t v = 0; v < vertices; ++v) {
      const SkinInfluences s = random_influences(rng);
      for (std::int32_t j : s.joints) want = std::max(want, j);
      mesh.skin.push_back(s);
    }
    if (trial % 3 == 0)
      for (std::size_t v = 0; v < vertices; ++v) {
        mesh.rigid_joints.push_back(static_cast<std::int32_t>(rng() % 20) - 1);
        want = std::max(want, mesh.rigid_joints.back());
      }
    ASSERT_EQ(largest_joint_named(mesh), want) << "trial " << trial;
    for (int n = 1; n <= kMaxInfluences; ++n) EXPECT_GE(want, highest_joint(mesh, n).joint) << "trial " << trial;
  }
}

// kept_influences: with no more usable slots than kept, those slots in slot order, each weight divided
// by their sum taken in slot order; with more, exactly strongest_influences.
TEST(KeptInfluences, SlotOrderUnlessSomeMustGo) {
  std::mt19937 rng(17);
  int in_slot_order = 0, ranked = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const SkinInfluences s = random_influences(rng);
    for (int n = 1; n <= kMaxInfluences; ++n) {
      std::vector<int> usable;
      for (int k = 0; k < kMaxInfluences; ++k)
        if (s.joints[k] >= 0 && s.weights[k] > 0.0f) usable.push_back(k);
      bool want_reduced = false, got_reduced = false;
      SkinInfluences want;
      if (static_cast<int>(usable.size()) > n) {
        want = reference(s, n, want_reduced);
        ++ranked;
      } else {
        float sum = 0;
        for (int k : usable) sum += s.weights[k];
        for (std::size_t i = 0; i < usable.size(); ++i) {
          want.joints[i] = s.joints[usable[i]];
          want.weights[i] = s.weights[usable[i]] / sum;
        }
        ++in_slot_order;
      }
      const SkinInfluences got = kept_influences(s, n, &got_reduced);
      expect_same(got, want, trial, n);
      ASSERT_EQ(got_reduced, want_reduced) << "trial " << trial << ", n " << n;
    }
  }
  EXPECT_GT(in_slot_order, 10000);
  EXPECT_GT(ranked, 10000);
}

TEST(KeptInfluences, UsableSlotsMoveToTheFront) {
  SkinInfluences s;
  s.joints = {-1, 4, 2, 5, -1, 7, 3, 9};
  s.weights = {0.5f, 0.25f, 0.0f, 0.5f, 0.0f, 0.25f, -1.0f, 0.0f};
  bool reduced = false;
  const SkinInfluences out = kept_influences(s, 4, &reduced);
  EXPECT_FALSE(reduced);
  EXPECT_EQ(out.joints, (std::array<std::int32_t, kMaxInfluences>{4, 5, 7, -1, -1, -1, -1, -1}));
  EXPECT_EQ(out.weights, (std::array<float, kMaxInfluences>{0.25f, 0.5f, 0.25f, 0, 0, 0, 0, 0}));
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
