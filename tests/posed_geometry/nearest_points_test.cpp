// The grid's nearest distances equal a brute-force search over every point, for spread, flat, thin and
// clustered sets and for queries inside and far outside them.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "support/nearest_points.hpp"

namespace aem::test {
namespace {

double brute_force(const std::vector<Vec3>& points, const Vec3& q) {
  double best = std::numeric_limits<double>::infinity();
  for (const Vec3& p : points) {
    const double dx = double{p.x} - q.x, dy = double{p.y} - q.y, dz = double{p.z} - q.z;
    best = std::min(best, std::sqrt(dx * dx + dy * dy + dz * dz));
  }
  return best;
}

std::vector<Vec3> random_points(std::mt19937& rng, std::size_t n, Vec3 scale) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<Vec3> out(n);
  for (Vec3& p : out) p = {u(rng) * scale.x, u(rng) * scale.y, u(rng) * scale.z};
  return out;
}

void expect_same_as_brute_force(const std::vector<Vec3>& points, const std::vector<Vec3>& queries) {
  const NearestPoints index(points);
  for (const Vec3& q : queries)
    ASSERT_DOUBLE_EQ(index.distance(q), brute_force(points, q)) << q.x << " " << q.y << " " << q.z;
}

TEST(NearestPoints, MatchesBruteForceOnSpreadPoints) {
  std::mt19937 rng(1);
  const auto points = random_points(rng, 3000, {1, 2, 3});
  expect_same_as_brute_force(points, random_points(rng, 500, {1.5f, 2.5f, 3.5f}));
}

TEST(NearestPoints, MatchesBruteForceOnFlatAndThinSets) {
  std::mt19937 rng(2);
  expect_same_as_brute_force(random_points(rng, 2000, {5, 5, 0}), random_points(rng, 300, {6, 6, 1}));
  expect_same_as_brute_force(random_points(rng, 2000, {10, 0, 0}), random_points(rng, 300, {12, 1, 1}));
}

TEST(NearestPoints, MatchesBruteForceOnClusters) {
  // Two dense clusters far apart: most cells are empty and a query between them searches far.
  std::mt19937 rng(3);
  auto points = random_points(rng, 1000, {0.01f, 0.01f, 0.01f});
  for (Vec3 p : random_points(rng, 1000, {0.01f, 0.01f, 0.01f})) points.push_back(p + Vec3{100, 50, -20});
  expect_same_as_brute_force(points, random_points(rng, 300, {120, 60, 30}));
}

TEST(NearestPoints, MatchesBruteForceForQueriesFarOutside) {
  std::mt19937 rng(4);
  const auto points = random_points(rng, 2000, {1, 1, 1});
  std::vector<Vec3> queries;
  for (Vec3 q : random_points(rng, 200, {1, 1, 1})) queries.push_back(q * 1000.0f);
  expect_same_as_brute_force(points, queries);
}

TEST(NearestPoints, SinglePointAndRepeatedPoints) {
  const NearestPoints one(std::vector<Vec3>{{1, 2, 3}});
  EXPECT_DOUBLE_EQ(one.distance({1, 2, 7}), 4.0);
  const NearestPoints same(std::vector<Vec3>(50, Vec3{0, 0, 0}));
  EXPECT_DOUBLE_EQ(same.distance({3, 4, 0}), 5.0);
}

TEST(NearestPoints, NoPointOrNonFiniteQueryIsInfinitelyFar) {
  const NearestPoints none(std::vector<Vec3>{});
  EXPECT_EQ(none.distance({0, 0, 0}), std::numeric_limits<double>::infinity());
  const NearestPoints some(std::vector<Vec3>{{0, 0, 0}});
  EXPECT_EQ(some.distance({std::nanf(""), 0, 0}), std::numeric_limits<double>::infinity());
  EXPECT_EQ(some.distance({std::numeric_limits<float>::infinity(), 0, 0}), std::numeric_limits<double>::infinity());
}

TEST(NearestPoints, NonFinitePointsAreLeftOut) {
  const float inf = std::numeric_limits<float>::infinity();
  const NearestPoints index(std::vector<Vec3>{{std::nanf(""), 0, 0}, {inf, 0, 0}, {2, 0, 0}});
  EXPECT_EQ(index.size(), 1u);
  EXPECT_DOUBLE_EQ(index.distance({0, 0, 0}), 2.0);
}

}  // namespace
}  // namespace aem::test
