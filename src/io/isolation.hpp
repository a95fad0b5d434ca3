// Running a third-party reader where a crash or hang cannot take the caller down.
#pragma once

#include <functional>
#include <string>

#include "aem/error.hpp"

namespace aem::detail {

/// Runs `probe` in a forked child process and reports how it ended: an empty Status when the child
/// returned normally (whatever `probe` found), else READER_CRASHED (the signal) or READER_TIMEOUT
/// (killed after `timeout_seconds`), naming `file` and `format`. The child shares nothing back: the
/// caller repeats the work in process once the probe has shown it survives it.
Status survives_in_child(const std::function<void()>& probe, double timeout_seconds, const std::string& format,
                         const std::string& file);

}  // namespace aem::detail
