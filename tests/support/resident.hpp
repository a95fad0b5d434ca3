// How much of one memory mapping is resident in this process (for tests of pages given back).
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

namespace aem::test {

/// The Rss of the mapping of this process that starts at `start`, in bytes (from /proc/self/smaps);
/// 0 when no mapping starts there.
inline std::uint64_t resident_bytes(const void* start) {
  std::ostringstream want;
  want << std::hex << reinterpret_cast<std::uintptr_t>(start) << '-';
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    if (line.find('-') != std::string::npos && line.find(':') > line.find(' ')) inside = line.rfind(want.str(), 0) == 0;
    if (inside && line.rfind("Rss:", 0) == 0) return std::stoull(line.substr(4)) * 1024;
  }
  return 0;
}

}  // namespace aem::test
