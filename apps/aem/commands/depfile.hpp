// Make/Ninja depfiles: which files a conversion read, for the outputs it wrote.
#pragma once

#include <string>
#include <vector>

#include "aem/error.hpp"

namespace aem::cli {

/// `path` escaped for a Make rule (spaces, '#', '$', and backslashes before them), as Ninja reads it too.
std::string make_escape(const std::string& path);

/// Writes "target...: dependency..." (one rule, continuation lines) to `file`, atomically.
Status write_depfile(const std::string& file, const std::vector<std::string>& targets,
                     const std::vector<std::string>& dependencies);

}  // namespace aem::cli
