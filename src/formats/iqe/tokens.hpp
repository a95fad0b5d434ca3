// Tokenizing one IQE line in place (no allocation): commands, quoted or bare names, floats through
// fast_float, integers by hand (the common short case, faster than from_chars). A '#' outside a name ends the line.
#pragma once

#include <fast_float/fast_float.h>

#include <cstdint>
#include <string_view>

namespace aem::formats::iqe {

class Tokens {
 public:
  explicit Tokens(std::string_view line) : p_(line.data()), end_(line.data() + line.size()) {}

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
  /// The next float, or false (value untouched) when there is none or it is not a number.
  bool number(float& out) {
    skip_space();
    if (p_ >= end_ || *p_ == '#') return false;
    const char* start = p_;
    if (*start == '+') ++start;  // from_chars does not take a leading '+'
    auto r = fast_float::from_chars(start, end_, out);
    if (r.ec != std::errc() || (r.ptr < end_ && !is_space(*r.ptr))) return false;
    p_ = r.ptr;
    return true;
  }
  /// The next integer token; false when it is missing, not a whole integer (e.g. "1.5") or beyond
  /// 18 digits.
  bool integer(long long& out) {
    skip_space();
    const char* p = p_;
    const bool negative = p < end_ && *p == '-';
    if (p < end_ && (*p == '-' || *p == '+')) ++p;
    const char* digits = p;
    long long v = 0;
    while (p < end_ && static_cast<unsigned>(*p - '0') < 10 && p - digits < 18) v = v * 10 + (*p++ - '0');
    if (p == digits || (p < end_ && !is_space(*p))) return false;
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

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
  void skip_space() {
    while (p_ < end_ && is_space(*p_)) ++p_;
  }
  const char* p_;
  const char* end_;
};

}  // namespace aem::formats::iqe
