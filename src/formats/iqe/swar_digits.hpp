// Decimal digits eight bytes at a time in a 64-bit word (plain integer arithmetic, so the same code
// serves x86, ARM and the browser build): how many digits a token starts with, and their value,
// without a branch per character. Little-endian hosts only; elsewhere kSwarDigits is false.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "core/bit_cast.hpp"

namespace aem::formats::iqe::swar {

inline constexpr bool kSwarDigits = std::endian::native == std::endian::little;

/// The 8 bytes at `p` (all must be readable), the first in the lowest byte.
inline std::uint64_t load8(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

/// How many of w's bytes, from the first, are '0'..'9' (8 when all are).
inline int leading_digits(std::uint64_t w) {
  const std::uint64_t x = w ^ 0x3030303030303030u;  // '0'..'9' become 0..9, every other byte is >= 10
  // A byte's top bit ends up set when it is >= 10: adding 0x76 carries 10..127 into bit 7, and bytes
  // >= 128 have it already (masking with 0x7F first keeps the addition inside each byte).
  const std::uint64_t not_digit = (((x & 0x7F7F7F7F7F7F7F7Fu) + 0x7676767676767676u) | x) & 0x8080808080808080u;
  return not_digit ? std::countr_zero(not_digit) >> 3 : 8;
}

/// The value of w's first `n` bytes (1 <= n <= 8, all digits) read as a decimal number.
inline std::uint32_t digits_value(std::uint64_t w, int n) {
  // Shifting the n digits to the top of the word leaves zero bytes in front: an 8-digit number with
  // leading zeros. Then neighbours merge pairwise: bytes into 2-digit, 4-digit, 8-digit values,
  // each step's sums small enough never to carry into the next lane.
  std::uint64_t x = (w ^ 0x3030303030303030u) << (64 - 8 * n);
  x = (x * 10 + (x >> 8)) & 0x00FF00FF00FF00FFu;
  x = (x * 100 + (x >> 16)) & 0x0000FFFF0000FFFFu;
  return static_cast<std::uint32_t>(x * 10000 + (x >> 32));
}

inline constexpr std::uint64_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
/// 10^-scale, each the nearest double.
inline constexpr double kTenths[] = {1e0,   1e-1,  1e-2,  1e-3,  1e-4,  1e-5,  1e-6,  1e-7,  1e-8,  1e-9,  1e-10, 1e-11,
                                     1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18, 1e-19, 1e-20, 1e-21, 1e-22};

inline constexpr int kMaxDividedScale = 22;  // 10^22 = 2^22 * 5^22, and 5^22 < 2^53: still exact
inline constexpr double kPow10Exact[kMaxDividedScale + 1] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                             1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                             1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/// mantissa / 10^scale as the nearest float, for mantissa < 2^53 and scale <= kMaxDividedScale (both
/// exact in a double), or false when one division cannot tell it. The double quotient is correctly rounded and
/// rounding is monotonic, so no midpoint between two floats lies strictly between it and the exact
/// quotient: rounding it to float gives the exact quotient's float unless it landed on a midpoint
/// itself (its 29 bits below float precision exactly 1000...0; every such quotient is a normal float).
inline bool divided(std::uint64_t mantissa, int scale, float& out) {
  const double quotient = static_cast<double>(mantissa) / kPow10Exact[scale];
  if ((::aem::detail::bit_cast<std::uint64_t>(quotient) & 0x1FFFFFFFu) == 0x10000000u) return false;
  out = static_cast<float>(quotient);
  return true;
}

/// divided()'s float by a multiplication, which costs a fraction of a division, or false when the
/// product cannot tell it (then divide). 10^-scale and the product are each rounded once, so the
/// product lies less than 2 units in its last place from the exact quotient: rounding it to float
/// gives the quotient's float unless a midpoint between two floats lies that close, that is unless
/// its 29 bits below float precision are within 2 of 1000...0 (declined with a unit to spare). For
/// mantissa < 2^24 and scale <= 10 no quotient comes closer than about 2^-48 (relative) to a
/// midpoint, so it never declines there (checked for every such mantissa and scale in
/// tests/iqe/short_decimal_test.cpp).
inline bool multiplied(std::uint64_t mantissa, int scale, float& out) {
  const double product = static_cast<double>(mantissa) * kTenths[scale];
  const std::uint64_t below = ::aem::detail::bit_cast<std::uint64_t>(product) & 0x1FFFFFFFu;
  if (below - (0x10000000u - 3) <= 6) return false;
  out = static_cast<float>(product);
  return true;
}

/// How many bytes from a token's start short_digits and short_decimal may load.
inline constexpr std::ptrdiff_t kReach = 32;

/// 1 to 7 digits at `p`: their value, and the end of the digits; null for anything else.
[[gnu::always_inline]] inline const char* short_digits(const char* p, std::uint32_t& out) {
  const std::uint64_t w = load8(p);
  const int n = leading_digits(w);
  if (n == 0 || n == 8) return nullptr;
  out = digits_value(w, n);
  return p + n;
}

/// [-]I[.F][e[+-]E] at `p`, I 1-7 digits, F 1-16 digits, E 1-2 digits, I.F below 2^53 with the point
/// dropped and a value of mantissa / 10^(0..22): the float it denotes, and the end of its characters;
/// null for any other form (the caller's general path). Exporters print floats with up to 9
/// significant digits and small ones with an exponent (Blender's "%.9g": "5.36129774e-05"), which
/// take multiplied() (divided() where it declines).
[[gnu::always_inline]] inline const char* short_decimal(const char* p, float& out) {
  const bool negative = *p == '-';
  p += negative;
  // A lone digit ("0", "1": most of the numbers of axis-aligned normals, whole weights and identity
  // poses) or a one-digit integer part before the point or exponent ("0.25", "-1.5", "5e-05") without
  // the word arithmetic.
  std::uint32_t whole = static_cast<unsigned char>(p[0]) - static_cast<unsigned>('0');
  if (whole < 10 && static_cast<unsigned char>(p[1] - '0') >= 10) {
    if (p[1] != '.' && (p[1] | 0x20) != 'e') {
      const auto v = static_cast<float>(whole);
      out = negative ? -v : v;
      return p + 1;
    }
    ++p;
  } else if (!(p = short_digits(p, whole))) {
    return nullptr;
  }
  std::uint64_t mantissa = whole;
  int scale = 0;
  if (*p == '.') {
    const std::uint64_t f = load8(++p);
    scale = leading_digits(f);
    if (scale == 0) return nullptr;
    mantissa = mantissa * kPow10[scale] + digits_value(f, scale);
    p += scale;
    if (scale == 8) {  // up to eight more, while the mantissa stays below 10^19 (no overflow)
      const std::uint64_t g = load8(p);
      const int more = leading_digits(g);
      if (more > 0 && mantissa >= 100000000000u) return nullptr;
      if (more == 8 && static_cast<unsigned char>(p[8] - '0') < 10) return nullptr;  // a 17th digit
      if (more > 0) mantissa = mantissa * kPow10[more] + digits_value(g, more);
      p += more, scale += more;
    }
  }
  if ((*p | 0x20) == 'e') {  // a negative exponent adds to the scale; a positive one must not outgrow it
    const bool down = p[1] == '-';
    const char* e = p + 1 + (down || p[1] == '+');
    const unsigned d0 = static_cast<unsigned char>(e[0] - '0'), d1 = static_cast<unsigned char>(e[1] - '0');
    if (d0 >= 10) return nullptr;
    const int exponent = d1 < 10 ? static_cast<int>(10 * d0 + d1) : static_cast<int>(d0);
    p = e + (d1 < 10 ? 2 : 1);
    if (static_cast<unsigned char>(*p - '0') < 10) return nullptr;  // three exponent digits
    scale += down ? exponent : -exponent;
    if (scale < 0 || scale > kMaxDividedScale) return nullptr;
  }
  float v;
  if (mantissa >= (std::uint64_t{1} << 53) || !(multiplied(mantissa, scale, v) || divided(mantissa, scale, v)))
    return nullptr;
  out = negative ? -v : v;
  return p;
}

}  // namespace aem::formats::iqe::swar
