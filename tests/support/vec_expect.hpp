// One expectation the tests share: two vectors equal component by component within a tolerance.
#pragma once

#include <gtest/gtest.h>

#include "aem/math.hpp"

namespace aem::test {

/// Each component of `got` within `tolerance` of `want` (one failure per component, naming it).
inline void expect_near(const Vec3& got, const Vec3& want, float tolerance = 1e-6f) {
  EXPECT_NEAR(got.x, want.x, tolerance) << "x";
  EXPECT_NEAR(got.y, want.y, tolerance) << "y";
  EXPECT_NEAR(got.z, want.z, tolerance) << "z";
}

}  // namespace aem::test
