// float_chars_by_printf, the float text of standard libraries without std::to_chars(float) (the browser
// build): hand-worked values, and on random floats as many significant digits as std::to_chars' shortest
// form (the standard library is the independent side), reading back bit-exact.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "core/float_chars.hpp"

namespace aem {
namespace {

std::string by_printf(float v) {
  char buf[32];
  const auto r = detail::float_chars_by_printf(buf, buf + sizeof buf, v);
  EXPECT_EQ(r.ec, std::errc{});
  return std::string(buf, r.ptr);
}

/// Significant digits of a decimal text: the digits before any exponent, without leading and trailing zeros.
std::size_t significant_digits(std::string text) {
  if (const auto e = text.find('e'); e != std::string::npos) text.resize(e);
  std::string digits;
  for (char c : text)
    if (c >= '0' && c <= '9') digits += c;
  const auto first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 1;
  return digits.find_last_not_of('0') - first + 1;
}

std::uint32_t bits(float v) {
  std::uint32_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

TEST(FloatChars, HandWorkedValues) {
  EXPECT_EQ(by_printf(0.1f), "0.1");
  EXPECT_EQ(by_printf(1.5f), "1.5");
  EXPECT_EQ(by_printf(100.0f), "1e+02");  // %g's layout: std::to_chars writes "100"
  // 0.3333333 reads back as the float below 1/3; the eighth digit is needed.
  EXPECT_EQ(by_printf(1.0f / 3.0f), "0.33333334");
  // Floats are 2 apart at 2^24: 1.677722e+07 is 16777220, another float.
  EXPECT_EQ(by_printf(16777216.0f), "16777216");
  // The smallest subnormal is 1.4e-45: 1e-45 is nearer to it than to 0.
  EXPECT_EQ(by_printf(std::nextafter(0.0f, 1.0f)), "1e-45");
  EXPECT_EQ(by_printf(-2.0f), "-2");
}

TEST(FloatChars, TooSmallBufferIsAnError) {
  char buf[4];
  const auto r = detail::float_chars_by_printf(buf, buf + sizeof buf, 1.0f / 3.0f);
  EXPECT_EQ(r.ec, std::errc::value_too_large);
  EXPECT_EQ(r.ptr, buf + sizeof buf);
}

TEST(FloatChars, RandomFloatsReadBackWithTheShortestDigits) {
  std::mt19937 rng(20261129);
  std::uniform_int_distribution<std::uint32_t> any_bits;
  int checked = 0;
  while (checked < 100000) {
    const std::uint32_t b = any_bits(rng);
    float v;
    std::memcpy(&v, &b, sizeof v);
    if (!std::isfinite(v)) continue;
    ++checked;
    const std::string ours = by_printf(v);
    ASSERT_EQ(bits(std::strtof(ours.c_str(), nullptr)), bits(v)) << ours;
    // Scientific: in fixed form std::to_chars writes a large float's integer digits exactly.
    char shortest[32];
    const auto end = std::to_chars(shortest, shortest + sizeof shortest, v, std::chars_format::scientific).ptr;
    // At a power of two the nearest decimal of the shortest length can lie outside the narrower lower
    // half of the float's interval while a farther one lies inside: printf's rounding then needs a digit more.
    const bool power_of_two = (b & 0x7fffffu) == 0;
    const std::size_t want = significant_digits(std::string(shortest, end));
    if (power_of_two)
      ASSERT_LE(significant_digits(ours), want + 1) << ours;
    else
      ASSERT_EQ(significant_digits(ours), want) << ours << " vs " << std::string(shortest, end);
  }
}

}  // namespace
}  // namespace aem
