// Tokenizing one IQE line in place (no allocation): commands, quoted or bare names, floats through
// fast_float, integers by hand (the common short case, faster than from_chars). A '#' outside a name ends the line.
#pragma once

#include <fast_float/fast_float.h>

#include <cmath>
#include <cstdint>
#include <string_view>

namespace aem::formats::iqe {

class Tokens {
 public:
  explicit Tokens(std::string_view line) : begin_(line.data()), p_(line.data()), end_(line.data() + line.size()), token_(p_) {}

  /// The next whitespace-separated word ("" at the end of the line).
  std::string_view word() {
    skip_space();
    const char* start = p_;
    while (p_ < end_ && !is_space(*p_)) ++p_;
    return {start, static_cast<std::size_t>(p_ - start)};
  }
  /// A name: "quoted" (no escapes; an unterminated quote runs to the end of the line) or a bare word.
  std::string_view name() {
    skip_space();
    if (p_ < end_ && *p_ == '"') {
      const char* start = ++p_;
      while (p_ < end_ && *p_ != '"') ++p_;
      std::string_view s{start, static_cast<std::size_t>(p_ - start)};
      if (p_ < end_) ++p_;
      return s;
    }
    return word();
  }
  /// The next float, or false (value untouched) when there is none or it is not a finite number; a
  /// token that is there but is not one sets problem() (IQE_BAD_NUMBER or IQE_NOT_FINITE).
  bool number(float& out) {
    skip_space();
    if (p_ >= end_ || *p_ == '#') return false;
    token_ = p_;
    if (short_decimal(out)) return true;
    const char* start = p_;
    if (*start == '+') ++start;  // from_chars does not take a leading '+'
    float v = 0;
    auto r = fast_float::from_chars(start, end_, v);
    const bool parsed = r.ec == std::errc() || r.ec == std::errc::result_out_of_range;  // out of range: 0 or infinity
    if (!parsed || (r.ptr < end_ && !is_space(*r.ptr))) return flag("IQE_BAD_NUMBER");
    if (!std::isfinite(v)) return flag("IQE_NOT_FINITE");
    out = v;
    p_ = r.ptr;
    return true;
  }
  /// The next integer token; false when it is missing, not a whole integer (e.g. "1.5") or beyond
  /// 18 digits (those two set problem() to IQE_BAD_NUMBER).
  bool integer(long long& out) {
    skip_space();
    token_ = p_;
    if (p_ >= end_ || *p_ == '#') return false;
    const char* p = p_;
    const bool negative = *p == '-';
    if (*p == '-' || *p == '+') ++p;
    const char* digits = p;
    long long v = 0;
    while (p < end_ && static_cast<unsigned>(*p - '0') < 10 && p - digits < 18) v = v * 10 + (*p++ - '0');
    if (p == digits || (p < end_ && !is_space(*p))) return flag("IQE_BAD_NUMBER");
    out = negative ? -v : v;
    p_ = p;
    return true;
  }
  /// Up to `max` floats into `out`; returns how many were read (stops at the first non-number).
  template <std::size_t N>
  std::size_t numbers(float (&out)[N], std::size_t max = N) {
    std::size_t n = 0;
    while (n < max && number(out[n])) ++n;
    return n;
  }

  /// True when nothing but spaces or a comment is left.
  bool at_end() {
    skip_space();
    return p_ >= end_ || *p_ == '#';
  }
  /// The code of the first malformed or non-finite number met, or null.
  const char* problem() const { return problem_; }
  /// 1-based column of the token number()/integer() last looked at (the problem's, once there is one).
  std::uint32_t column() const { return static_cast<std::uint32_t>(token_ - begin_) + 1; }
  /// The whitespace-delimited token at column().
  std::string_view token() const {
    const char* e = token_;
    while (e < end_ && !is_space(*e)) ++e;
    return {token_, static_cast<std::size_t>(e - token_)};
  }

 private:
  bool flag(const char* code) {
    if (!problem_) problem_ = code;
    return false;
  }
  // The common case inline: [-]digits[.digits] with at most 7 significant digits and no exponent,
  // delimited by a space or the line's end. The digits (< 2^24) and 10^k (k <= 10) are exact floats,
  // so one division rounds correctly: the value fast_float gives. Anything else: false, p_ unmoved.
  bool short_decimal(float& out) {
    const char* p = p_;
    const bool negative = *p == '-';
    if (negative) ++p;
    std::uint32_t mantissa = 0;
    int digits = 0, scale = 0;
    const char* first = p;
    while (p < end_ && static_cast<unsigned>(*p - '0') < 10) {
      mantissa = mantissa * 10 + static_cast<std::uint32_t>(*p++ - '0');
      digits += mantissa != 0;  // leading zeros are not significant
      if (digits > 7) return false;
    }
    if (p == first) return false;
    if (p < end_ && *p == '.') {
      const char* fraction = ++p;
      while (p < end_ && static_cast<unsigned>(*p - '0') < 10) {
        mantissa = mantissa * 10 + static_cast<std::uint32_t>(*p++ - '0');
        digits += mantissa != 0;
        if (digits > 7 || ++scale > 10) return false;
      }
      if (p == fraction) return false;
    }
    if (p < end_ && !is_space(*p)) return false;
    constexpr float kPowers[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
    const float v = static_cast<float>(mantissa) / kPowers[scale];
    out = negative ? -v : v;
    p_ = p;
    return true;
  }
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
  void skip_space() {
    while (p_ < end_ && is_space(*p_)) ++p_;
  }
  const char* begin_;
  const char* p_;
  const char* end_;
  const char* token_;
  const char* problem_ = nullptr;
};

}  // namespace aem::formats::iqe
