// Forced into every browser-build source: Emscripten 3.1.6's libc++ predates std::bit_cast and
// floating-point std::to_chars, which the library uses. bit_cast is clang's builtin; to_chars prints 9
// significant digits (round-trips a float, not always the shortest form: only the IQE writer uses it,
// which the page never calls).
#pragma once

#ifdef __cplusplus
#include <bit>
#include <charconv>
#include <cstdio>
#include <system_error>
#ifndef __cpp_lib_bit_cast
namespace std {
template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}
}  // namespace std
#endif
#if _LIBCPP_VERSION < 15000
namespace std {
inline to_chars_result to_chars(char* first, char* last, float value) {
  const int n = std::snprintf(first, static_cast<std::size_t>(last - first), "%.9g", static_cast<double>(value));
  if (n < 0 || n >= last - first) return {last, errc::value_too_large};
  return {first + n, errc{}};
}
}  // namespace std
#endif
#endif
