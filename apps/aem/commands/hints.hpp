// Diagnostics as the aem tool prints them. The library's messages state the problem and name none of
// this tool's flags (a library user has no command line); the tool adds a "hint:" line naming the flag
// or command of its own that helps, chosen by the diagnostic's code.
#pragma once

#include <string>

#include "aem/error.hpp"

namespace aem::cli {

/// `d`'s one-line text (Diagnostic::to_string), followed by "\nhint: ..." when one of the tool's flags
/// or commands helps with a diagnostic of its code, the first time this process prints that code.
std::string diagnostic_text(const Diagnostic& d, const char* severity = "error");

}  // namespace aem::cli
