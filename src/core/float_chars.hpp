// A float as text that reads back to the same float, for the writers that store text (IQE, glTF JSON).
// Our own because floating-point std::to_chars is missing from the standard library the browser build
// compiles against (Emscripten 3.1.6's libc++ 13: libc++ has it from 14 on).
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdio>
#include <system_error>

#include <fast_float/fast_float.h>

namespace aem::detail {

/// `value` into [first, last) with the fewest significant digits that read back to it, in printf's %g
/// layout (1e+02 where std::to_chars writes 100); errc::value_too_large when it and a terminating NUL do
/// not fit. For standard libraries without floating-point std::to_chars.
inline std::to_chars_result float_chars_by_printf(char* first, char* last, float value) {
  const auto room = static_cast<std::size_t>(last - first);
  for (int digits = 1;; ++digits) {
    const int n = std::snprintf(first, room, "%.*g", digits, static_cast<double>(value));
    if (n < 0 || static_cast<std::size_t>(n) >= room) return {last, std::errc::value_too_large};
    // Read back with fast_float, which the IQE parser links anyway (strtof adds 15 KB to the page).
    float back = 0.0f;
    fast_float::from_chars(first, first + n, back);
    // 9 significant digits read back to every float (FLT_DECIMAL_DIG); NaN never compares equal.
    if (digits == 9 || back == value) return {first + n, std::errc{}};
  }
}

/// `value` into [first, last) in the shortest text that reads back to it, as std::to_chars(first, last,
/// value) writes it; errc::value_too_large when it does not fit. Where the standard library lacks
/// std::to_chars(float), float_chars_by_printf.
inline std::to_chars_result float_chars(char* first, char* last, float value) {
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 14000
  return float_chars_by_printf(first, last, value);
#else
  return std::to_chars(first, last, value);
#endif
}

}  // namespace aem::detail
