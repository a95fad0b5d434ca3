// Tokenizing one IQE line in place (no allocation): commands, quoted or bare names, floats through
// fast_float, integers by hand (the common short case, faster than from_chars). A '#' outside a name ends the line.
// Short numbers are read eight bytes at a time when the caller says that the bytes after the line may be read.
#pragma once

#include <fast_float/fast_float.h>

#include <cmath>
#include <cstdint>
#include <string_view>

#include "formats/iqe/swar_digits.hpp"

namespace aem::formats::iqe {

class Tokens {
 public:
  /// `readable_end` (at or after the line's end): how far past the line bytes may be loaded; the
  /// line's end when not given.
  explicit Tokens(std::string_view line, const char* readable_end = nullptr)
      : begin_(line.data()),
        p_(line.data()),
        end_(line.data() + line.size()),
        token_(p_),
        swar_end_(swar::kSwarDigits && readable_end && readable_end - end_ >= swar::kReach ? readable_end - swar::kReach
                                                                                           : begin_) {}

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
    float short_value;
    if (const char* q = p_ < swar_end_ ? swar::short_decimal(p_, short_value) : nullptr;
        q && (q == end_ || is_space(*q))) {
      out = short_value;
      p_ = q;
      return true;
    }
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
    std::uint32_t short_value;
    if (const char* q = p_ < swar_end_ ? swar::short_digits(p, short_value) : nullptr;
        q && (q == end_ || is_space(*q))) {
      out = negative ? -static_cast<long long>(short_value) : short_value;
      p_ = q;
      return true;
    }
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
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
  void skip_space() {
    while (p_ < end_ && is_space(*p_)) ++p_;
  }
  const char* begin_;
  const char* p_;
  const char* end_;
  const char* token_;
  const char* swar_end_;  ///< a token starting before this may be loaded eight bytes at a time
  const char* problem_ = nullptr;
};

}  // namespace aem::formats::iqe
