// The tokenizer's eight-digits-at-a-time path for short decimals (swar_digits.hpp) against strtof,
// bit for bit, on random decimals of every length around the path's limits (7 integer digits, 16
// fraction digits, 2^24 and 2^53 without the point, exponents) and on the forms it leaves to fast_float; its
// multiplying step against IEEE float division for every mantissa and scale it accepts, and its
// steps for longer mantissas (multiplying, then dividing where that declines) against strtof.
#include <gtest/gtest.h>

#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "formats/iqe/tokens.hpp"

namespace aem {
namespace {

// What number() must give for `text`: strtof's value (correctly rounded) when the whole token is a
// finite decimal float; IQE has no hexadecimal floats.
bool expected_value(const std::string& text, float& out) {
  if (text.find_first_of("xX") != std::string::npos) return false;
  char* end = nullptr;
  errno = 0;
  out = std::strtof(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() && std::isfinite(out);
}

// Checks `text` followed by " 7" both as a line on its own (general path) and as a line inside a
// buffer with bytes readable after it (the eight-byte path wherever it applies).
void expect_same(const std::string& text) {
  float expected = 0;
  const bool expected_ok = expected_value(text, expected);
  const std::string line = text + " 7";
  const std::string buffer = line + "\n" + std::string(64, '9');
  for (const bool padded : {false, true}) {
    formats::iqe::Tokens t(std::string_view(buffer).substr(0, line.size()),
                           padded ? buffer.data() + buffer.size() : nullptr);
    float got = 0;
    ASSERT_EQ(t.number(got), expected_ok) << text << " padded " << padded;
    if (!expected_ok) continue;
    ASSERT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(expected))
        << text << " padded " << padded;
    float next = 0;
    ASSERT_TRUE(t.number(next)) << text;  // the token ended where it should
    ASSERT_EQ(next, 7.0f) << text;
  }
}

TEST(IqeShortDecimal, MatchesStrtofBitForBit) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> digit(0, 9), length(0, 14), zeros(0, 4), coin(0, 3), exponent(0, 120);
  for (int round = 0; round < 300000; ++round) {
    std::string s = coin(rng) == 0 ? "-" : "";
    s += std::string(static_cast<std::size_t>(zeros(rng)), '0');
    for (int i = std::max(1, length(rng)); i > 0; --i) s += static_cast<char>('0' + digit(rng));
    if (coin(rng) != 0) {
      s += '.';
      s += std::string(static_cast<std::size_t>(zeros(rng)), '0');
      for (int i = length(rng); i > 0; --i) s += static_cast<char>('0' + digit(rng));
    }
    if (coin(rng) == 0) {  // an exponent of 1 to 3 digits, either sign, around the path's 0-22 scale
      s += coin(rng) == 0 ? 'E' : 'e';
      s += "+-"[coin(rng) != 0];
      s += std::to_string(exponent(rng));
    }
    expect_same(s);
  }
}

// Halfway cases: decimals exactly between two neighbouring floats, and a hair either side, must
// round as strtof does (to even, down, up).
TEST(IqeShortDecimal, HalfwayCasesRoundLikeStrtof) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> value(1e-6f, 1e6f);
  char text[64];
  for (int round = 0; round < 20000; ++round) {
    const float lo = value(rng), hi = std::nextafter(lo, 2e6f);
    for (const double delta : {0.0, 1e-12, -1e-12}) {
      const double mid = (static_cast<double>(lo) + static_cast<double>(hi)) / 2 * (1 + delta);
      for (const int digits : {6, 7, 8, 9, 12}) {
        std::snprintf(text, sizeof text, "%.*f", digits, mid);
        expect_same(text);
        expect_same(std::string("-") + text);
      }
    }
  }
}

TEST(IqeShortDecimal, LeavesOtherFormsToFastFloat) {
  for (const char* s : {"0",
                        "-0",
                        "0.0",
                        "-0.0",
                        "+1.5",
                        ".5",
                        "5.",
                        "1e3",
                        "-2.5E-3",
                        "0.00000000001",
                        "12345678",
                        "1234567.8",
                        "0.1234567",
                        "16777215",
                        "1677721.5",
                        "1677721.6",
                        "0.16777216",
                        "9999999.9",
                        "0.0000000001",
                        "1e-22",
                        "1e-23",
                        "1.5e-21",
                        "1e+1",
                        "1e",
                        "1e-",
                        "1e-005",
                        "2.5e",
                        "0.00000000005",
                        "3.40282347e38",
                        "1e39",
                        "1e-40",
                        "1.4e-45",
                        "1e-50",
                        "nan",
                        "inf",
                        "1.2.3",
                        "--1",
                        "-",
                        "-.5",
                        "0x10",
                        "9999999",
                        "123456789012345678901234567890",
                        "0.123456789012345678901234567890",
                        "1.",
                        "00000000001.5"})
    expect_same(s);
}

// The multiplying step on its own, for every mantissa below 2^24 and every scale up to 10: it takes
// them all, and IEEE float division of the two exact floats is correctly rounded, so it is the
// reference.
TEST(IqeShortDecimal, ScalingMatchesFloatDivisionEverywhere) {
  const float powers[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
  std::uint64_t mismatches = 0;
  for (int scale = 0; scale <= 10; ++scale)
    for (std::uint32_t m = 0; m < (1u << 24); ++m) {
      volatile float divisor = powers[scale];  // keeps the reference a real division
      const float reference = static_cast<float>(m) / divisor;
      float got = 0;
      mismatches += !formats::iqe::swar::multiplied(m, scale, got) ||
                    std::bit_cast<std::uint32_t>(got) != std::bit_cast<std::uint32_t>(reference);
    }
  EXPECT_EQ(mismatches, 0u);
}

// Exporters write most numbers with 9 significant digits, small ones with an exponent (Blender's
// "%.9g": the Unvanquished IQE files' poses and positions); the eight-byte path takes them, with
// strtof's value.
TEST(IqeShortDecimal, TakesNineDigitExporterForms) {
  for (const char* s : {"0.722555995", "-0.000495223154", "11.5051003", "10.8400192", "-0.998783469", "0.00593310408",
                        "6.72762728", "1234.12345678", "0.1234567890123456", "5.36129774e-05", "-8.31868965e-05",
                        "9.01581152E-05", "4.38858369e-5", "1e-5", "2.5e+01", "1.5e1", "-7.5e-20"}) {
    const std::string buffer = std::string(s) + "\n" + std::string(64, ' ');
    float got = 0;
    const char* end = formats::iqe::swar::short_decimal(buffer.data(), got);
    ASSERT_NE(end, nullptr) << s;
    EXPECT_EQ(end, buffer.data() + std::strlen(s)) << s;
    EXPECT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(std::strtof(s, nullptr))) << s;
    expect_same(s);
  }
}

// One division decides unless its double lands exactly halfway between two floats: 8388608.5 is
// halfway between 2^23 and 2^23 + 1 (strtof rounds it to even), a hair above it is not.
TEST(IqeShortDecimal, DivisionDeclinesExactMidpoints) {
  using formats::iqe::swar::divided;
  float v = 0;
  EXPECT_FALSE(divided(83886085, 1, v));
  EXPECT_FALSE(divided(16777217, 0, v));  // 2^24 + 1, between floats 2 apart
  ASSERT_TRUE(divided(838860850000001, 8, v));
  EXPECT_EQ(v, 8388609.0f);
  for (const char* s : {"8388608.5", "-8388608.5", "8388607.5", "8388608.50000001", "8388608.49999999"}) expect_same(s);
}

// divided() against strtof on random mantissas below 2^53 and every scale it takes; it may decline
// only where the nearest double is exactly halfway between two floats.
// The decimal mantissa * 10^-scale written out exactly ("0.0012" for 12 and 4).
std::string exact_decimal(std::uint64_t mantissa, int scale) {
  std::string digits = std::to_string(mantissa);
  if (digits.size() <= static_cast<std::size_t>(scale))
    digits.insert(0, static_cast<std::size_t>(scale) + 1 - digits.size(), '0');
  const std::size_t point = digits.size() - static_cast<std::size_t>(scale);
  return digits.substr(0, point) + "." + digits.substr(point);
}

TEST(IqeShortDecimal, DivisionMatchesStrtof) {
  std::mt19937_64 rng(3);
  for (int round = 0; round < 200000; ++round) {
    const std::uint64_t mantissa = rng() >> (11 + rng() % 40);
    const int scale = static_cast<int>(rng() % 17);
    const std::string decimal = exact_decimal(mantissa, scale);
    const char* const text = decimal.c_str();
    const float expected = std::strtof(text, nullptr);
    float got = 0;
    if (formats::iqe::swar::divided(mantissa, scale, got)) {
      ASSERT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(expected)) << text;
    } else {
      const double nearest = std::strtod(text, nullptr);
      const float other = std::nextafter(expected, static_cast<double>(expected) < nearest ? INFINITY : -INFINITY);
      ASSERT_EQ(nearest, (static_cast<double>(expected) + static_cast<double>(other)) / 2) << text;
    }
  }
}

// multiplied() against strtof on random mantissas below 2^53 (half of them of the 9 and 10 digits
// that "%.9g" numbers give) and every scale it takes; it may decline only where the nearest double
// lies within 3 units in its last place of a midpoint between two floats.
TEST(IqeShortDecimal, MultiplicationMatchesStrtof) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 400000; ++round) {
    const std::uint64_t mantissa = round % 2 ? 100000000 + rng() % 9900000000u : rng() >> (11 + rng() % 40);
    const int scale = static_cast<int>(rng() % (formats::iqe::swar::kMaxDividedScale + 1));
    const std::string text = exact_decimal(mantissa, scale);
    const float expected = std::strtof(text.c_str(), nullptr);
    float got = 0;
    if (formats::iqe::swar::multiplied(mantissa, scale, got)) {
      ASSERT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(expected)) << text;
    } else {
      const double nearest = std::strtod(text.c_str(), nullptr);
      const float other = std::nextafter(expected, static_cast<double>(expected) < nearest ? INFINITY : -INFINITY);
      const double midpoint = (static_cast<double>(expected) + static_cast<double>(other)) / 2;
      const double unit = std::nextafter(nearest, INFINITY) - nearest;
      ASSERT_LE(std::fabs(nearest - midpoint), 3 * unit) << text;
    }
  }
}

// Quotients on or a hair from a midpoint between two floats are left to the division: 8388608.5
// lies halfway between 2^23 and 2^23 + 1, 2^24 + 1 between floats 2 apart.
TEST(IqeShortDecimal, MultiplicationDeclinesNearMidpoints) {
  using formats::iqe::swar::multiplied;
  float v = 0;
  EXPECT_FALSE(multiplied(83886085, 1, v));
  EXPECT_FALSE(multiplied(16777217, 0, v));
  ASSERT_TRUE(multiplied(838860850000001, 8, v));  // 8388608.50000001: 5 units of the product above it
  EXPECT_EQ(v, 8388609.0f);
}

TEST(IqeShortDecimal, DigitCountsAndValues) {
  using namespace formats::iqe::swar;
  for (int n = 0; n <= 8; ++n) {
    std::string s = std::string("12345678").substr(0, static_cast<std::size_t>(n)) + std::string(8 - n, ' ');
    const std::uint64_t w = load8(s.data());
    ASSERT_EQ(leading_digits(w), n);
    if (n > 0) EXPECT_EQ(digits_value(w, n), std::stoul(s.substr(0, static_cast<std::size_t>(n))));
  }
  for (int c = 0; c < 256; ++c) {  // every byte value after a digit: only '0'..'9' continue it
    std::string s = "5" + std::string(1, static_cast<char>(c)) + "      ";
    EXPECT_EQ(leading_digits(load8(s.data())), c >= '0' && c <= '9' ? 2 : 1) << c;
  }
}

}  // namespace
}  // namespace aem
