// slerp's fast paths (normalised lerp for nearly equal keys, power series for close keys) against
// a float64 slerp computed here from its definition, on both sides of each threshold.
#include <gtest/gtest.h>

#include <cmath>

#include "aem/math.hpp"

namespace aem {
namespace {

TEST(Slerp, EveryPathStaysWithinOneMillionthOfAFloat64Slerp) {
  const double nlerp_angle = std::acos(double(kNlerpMinCos));
  // Angles between the keys: around the nlerp threshold, the series thresholds (cos 0.95, cos 0.7)
  // and well beyond them (below 90°: beyond, the shortest path is the other way round).
  for (double angle : {1e-4, 0.01, 0.5 * nlerp_angle, nlerp_angle * 0.999, nlerp_angle * 1.001, 0.05, 0.3, 0.317, 0.32,
                       0.79, 0.8, 1.5}) {
    for (double axis_tilt : {0.0, 0.7}) {
      // a: a rotation about a tilted axis; b: a further rotation by `angle` (quaternion half-angle).
      const double ax[3] = {std::cos(axis_tilt), std::sin(axis_tilt), 0.0};
      const double base = 0.4;
      const double qa[4] = {ax[0] * std::sin(base), ax[1] * std::sin(base), ax[2] * std::sin(base), std::cos(base)};
      const double qb[4] = {ax[0] * std::sin(base + angle), ax[1] * std::sin(base + angle),
                            ax[2] * std::sin(base + angle), std::cos(base + angle)};
      for (double f = 0; f <= 1.0; f += 0.125) {
        SCOPED_TRACE(testing::Message() << "angle " << angle << " tilt " << axis_tilt << " f " << f);
        // Same axis: the exact slerp is the rotation by base + f * angle.
        const double t = base + f * angle;
        const double want[4] = {ax[0] * std::sin(t), ax[1] * std::sin(t), ax[2] * std::sin(t), std::cos(t)};
        const Quat got = slerp(Quat{float(qa[0]), float(qa[1]), float(qa[2]), float(qa[3])},
                               Quat{float(qb[0]), float(qb[1]), float(qb[2]), float(qb[3])}, float(f));
        // 1e-6 for the method plus the float rounding of the inputs and the arithmetic.
        EXPECT_NEAR(got.x, want[0], 1.5e-6);
        EXPECT_NEAR(got.y, want[1], 1.5e-6);
        EXPECT_NEAR(got.z, want[2], 1.5e-6);
        EXPECT_NEAR(got.w, want[3], 1.5e-6);
      }
    }
  }
}

TEST(Slerp, NlerpThresholdIsWhereNlerpMeetsTheMillionthBound) {
  // At the threshold angle, the worst difference between nlerp and slerp (float64, both from the
  // definitions) is below 1e-6; at twice the angle it is above it, so the threshold is not loose.
  auto worst = [](double angle) {
    double w = 0;
    for (double f = 0; f <= 1.0; f += 1.0 / 256) {
      const double sx = std::cos(f * angle), sy = std::sin(f * angle);
      double nx = (1 - f) + f * std::cos(angle), ny = f * std::sin(angle);
      const double n = std::hypot(nx, ny);
      w = std::max({w, std::fabs(sx - nx / n), std::fabs(sy - ny / n)});
    }
    return w;
  };
  const double angle = std::acos(double(kNlerpMinCos));
  EXPECT_LT(worst(angle), 1e-6);
  EXPECT_GT(worst(2 * angle), 1e-6);
}

}  // namespace
}  // namespace aem
