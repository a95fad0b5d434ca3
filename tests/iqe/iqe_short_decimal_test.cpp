// The tokenizer's inline path for short decimals against fast_float itself (the general path), bit
// for bit, on random decimals of every length around the inline path's limits (7 significant digits,
// 10 fraction digits) and on the forms it leaves to fast_float.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <string>

#include "formats/iqe/tokens.hpp"

namespace aem {
namespace {

// What number() must give for `text`: fast_float's value when the whole token is a finite float.
bool expected_value(const std::string& text, float& out) {
  const char* start = text.data() + (text[0] == '+');
  const auto r = fast_float::from_chars(start, text.data() + text.size(), out);
  return (r.ec == std::errc() || r.ec == std::errc::result_out_of_range) && r.ptr == text.data() + text.size() && std::isfinite(out);
}

void expect_same(const std::string& text) {
  float expected = 0, got = 0;
  const bool expected_ok = expected_value(text, expected);
  const std::string line = text + " 7";
  formats::iqe::Tokens t(line);
  ASSERT_EQ(t.number(got), expected_ok) << text;
  if (!expected_ok) return;
  ASSERT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(expected)) << text;
  float next = 0;
  ASSERT_TRUE(t.number(next)) << text;  // the token ended where it should
  ASSERT_EQ(next, 7.0f) << text;
}

TEST(IqeShortDecimal, MatchesFastFloatBitForBit) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> digit(0, 9), length(0, 12), zeros(0, 4), coin(0, 3);
  for (int round = 0; round < 300000; ++round) {
    std::string s = coin(rng) == 0 ? "-" : "";
    s += std::string(static_cast<std::size_t>(zeros(rng)), '0');
    for (int i = std::max(1, length(rng)); i > 0; --i) s += static_cast<char>('0' + digit(rng));
    if (coin(rng) != 0) {
      s += '.';
      s += std::string(static_cast<std::size_t>(zeros(rng)), '0');
      for (int i = length(rng); i > 0; --i) s += static_cast<char>('0' + digit(rng));
    }
    expect_same(s);
  }
}

TEST(IqeShortDecimal, LeavesOtherFormsToFastFloat) {
  for (const char* s : {"0", "-0", "+1.5", ".5", "5.", "1e3", "-2.5E-3", "0.00000000001", "12345678", "1234567.8", "0.1234567",
                        "3.40282347e38", "1e39", "nan", "inf", "1.2.3", "--1", "-", "0x10", "9999999", "0.0000000001"})
    expect_same(s);
}

}  // namespace
}  // namespace aem
