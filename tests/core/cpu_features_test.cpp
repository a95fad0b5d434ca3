// cpu_features agrees with the compiler's own probe (libgcc's, which the library no longer links).
#include <gtest/gtest.h>

#include "core/cpu_features.hpp"

namespace aem::detail {
namespace {

TEST(CpuFeatures, AgreeWithTheCompilersProbe) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  EXPECT_EQ(cpu_features().avx2, __builtin_cpu_supports("avx2") != 0);
  EXPECT_EQ(cpu_features().fma, __builtin_cpu_supports("fma") != 0);
#else
  EXPECT_FALSE(cpu_features().avx2);
  EXPECT_FALSE(cpu_features().fma);
#endif
}

}  // namespace
}  // namespace aem::detail
