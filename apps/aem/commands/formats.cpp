// `aem formats`: what this build reads and writes.
#include <fmt/core.h>

#include "aem/io.hpp"
#include "commands/commands.hpp"

namespace aem::cli {

int run_formats() {
  fmt::print("{:<8} {:<5} {:<5} {:<28} {}\n", "name", "read", "write", "extensions", "description");
  for (const auto& f : supported_formats()) {
    // A long list (Assimp's, asked at run time) goes on lines of its own below the description.
    const bool long_list = f.extensions.size() > 4;
    std::string exts;
    for (auto e : f.extensions) exts += (exts.empty() ? "" : " ") + std::string(e);
    fmt::print("{:<8} {:<5} {:<5} {:<28} {}\n", f.name, f.read ? "yes" : "no", f.write ? "yes" : "no",
               long_list ? fmt::format("({} extensions)", f.extensions.size()) : exts, f.description);
    if (!long_list) continue;
    std::string line;
    for (auto e : f.extensions) {
      if (line.size() + e.size() > 80) {
        fmt::print("{:<20} {}\n", "", line);
        line.clear();
      }
      line += std::string(e) + " ";
    }
    if (!line.empty()) fmt::print("{:<20} {}\n", "", line);
  }
  return kExitOk;
}

}  // namespace aem::cli
