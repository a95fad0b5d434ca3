// A conversion in a child process, as `aem convert` runs each file of a batch: a reader or writer that
// crashes, or the memory it takes, ends the child and not the interpreter (a Dask worker, say).
#pragma once

#include <filesystem>

#include "aem/convert.hpp"

namespace aem::python {

/// convert_file in a forked child; its result comes back through a pipe. The child dies with the
/// caller (PR_SET_PDEATHSIG), so a killed worker leaves no conversion running. A child that ends by a
/// signal gives CONVERT_CRASHED. Call without the GIL: the child touches no Python state.
Result<convert::ConvertReport> convert_in_child(const std::filesystem::path& input, const std::filesystem::path& output,
                                                const convert::ConvertOptions& options);

}  // namespace aem::python
