// `aem formats`: what this build reads and writes.
#include <fmt/core.h>

#include "aem/io.hpp"
#include "commands/commands.hpp"

namespace aem::cli {

int run_formats() {
  fmt::print("{:<8} {:<5} {:<5} {:<28} {}\n", "name", "read", "write", "extensions", "description");
  for (const auto& f : supported_formats()) {
    std::string exts;
    for (auto e : f.extensions) exts += (exts.empty() ? "" : " ") + std::string(e);
    fmt::print("{:<8} {:<5} {:<5} {:<28} {}\n", f.name, f.read ? "yes" : "no", f.write ? "yes" : "no", exts, f.description);
  }
  return kExitOk;
}

}  // namespace aem::cli
