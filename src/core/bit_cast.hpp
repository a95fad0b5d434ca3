// The bits of one value as another type of the same size, for the library's float/integer and vector
// reinterpretations. Our own because std::bit_cast is missing from the standard library the browser
// build compiles against (Emscripten 3.1.6's libc++ 13); the compilers' builtin is what std::bit_cast is.
#pragma once

#include <type_traits>

namespace aem::detail {

/// `from`'s object representation read as a `To` (same size, both trivially copyable).
template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From), "bit_cast between types of different sizes");
  static_assert(std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>,
                "bit_cast needs trivially copyable types");
  return __builtin_bit_cast(To, from);
}

}  // namespace aem::detail
