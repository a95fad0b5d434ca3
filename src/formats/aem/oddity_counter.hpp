// Shared by the current-layout and legacy validators: element paths such as "bones[3]", and a
// tally that reports a tolerated oddity once, with its count and the first place it occurred.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aem/error.hpp"

namespace aem::detail {

inline std::string indexed(const char* section, std::uint64_t i) {
  return std::string(section) + "[" + std::to_string(i) + "]";
}

struct OddityCounter {
  std::uint64_t count = 0, first_offset = 0;
  std::string first_path;
  void hit(std::uint64_t offset, const char* section, std::uint64_t i) {
    if (count++ == 0) {
      first_offset = offset;
      first_path = indexed(section, i);
    }
  }
  /// `what` stays a C string so that a clean file, which reports nothing, builds no message.
  void report(std::vector<Warning>& out, const char* code, const char* what) const {
    if (count == 0) return;
    out.push_back(Warning{.code = code,
                          .format = "AEM",
                          .offset = first_offset,
                          .path = first_path,
                          .message = std::to_string(count) + " " + what + " (first shown)"});
  }
};

}  // namespace aem::detail
