// Conversions in a child process, as `aem convert` runs each file of a batch: a reader or writer that
// crashes, or the memory it takes, ends the child and not the interpreter (a Dask worker, say).
// Forking a worker for every file costs about 5 ms (its page tables, then copy-on-write faults in
// both processes), so a child is forked once per set of options and serves conversion after
// conversion; one that dies is replaced for the next file.
#pragma once

#include <filesystem>

#include "aem/convert.hpp"

namespace aem::python {

/// convert_file in a child process with these options, its result sent back through a socket. The
/// child dies with the thread that forked it (PR_SET_PDEATHSIG), so a killed worker leaves no
/// conversion running; a child that was gone before the request is replaced silently. One that ends
/// during the conversion gives CONVERT_CRASHED. Threads may call it at once (each gets a child of its
/// own). Call without the GIL: the child touches no Python state.
Result<convert::ConvertReport> convert_in_child(const std::filesystem::path& input, const std::filesystem::path& output,
                                                const convert::ConvertOptions& options);

}  // namespace aem::python
