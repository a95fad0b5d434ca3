// Running a third-party reader where a crash or hang cannot take the caller down.
#pragma once

#include <string>
#include <string_view>

#include "aem/error.hpp"
#include "aem/io.hpp"

namespace aem::detail {

/// Reads `input` with the handler named `format` in a child process (the read worker, started with
/// posix_spawn: it shares no locks or threads with this process) and reports how it ended: an empty
/// Status when the read returned (whatever it found), else READER_CRASHED (the signal) or
/// READER_TIMEOUT (killed after input.options.third_party_timeout_seconds), naming the file and
/// `reader`; READ_WORKER_MISSING or READ_WORKER_FAILED when no child could run it. The child sends
/// nothing back: the caller repeats the read in process once the child has shown it survives it.
Status survives_in_child(const ReadInput& input, std::string_view format, const std::string& reader);

}  // namespace aem::detail
