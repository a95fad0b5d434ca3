// How the library's diagnostics reach Python: aem.Error for failures (raised from an AemError thrown
// anywhere in the bindings), aem.Diagnostic objects for warnings and validation problems.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "aem/error.hpp"

namespace aem::python {

/// Thrown inside the bindings for a library failure; the translator raises aem.Error from it.
struct AemError {
  Diagnostic diagnostic;
};

/// Throws AemError for `result`'s error when it failed.
template <class T>
void check(const Result<T>& result) {
  if (!result) throw AemError{result.error()};
}

/// A diagnostic with its severity, as Python sees it.
struct Problem {
  Diagnostic diagnostic;
  std::string severity;  ///< "error" or "warning"
};

pybind11::list warnings_list(const std::vector<Warning>& warnings);

/// Text from a file (names, messages) as str: bytes that are not UTF-8 become U+FFFD, never an error.
pybind11::str text(const std::string& s);
/// A path as str the way os.fsdecode makes one (bytes that are not UTF-8 kept as surrogates).
pybind11::str path_text(const std::string& s);
/// A list of text() or path_text() strings.
pybind11::list texts(const std::vector<std::string>& items, bool paths = false);

/// Defines aem.Error and aem.Diagnostic and installs the translator of C++ exceptions: AemError,
/// std::bad_alloc (OUT_OF_MEMORY) and any other std::exception (INTERNAL_ERROR) become aem.Error;
/// pybind11's own exceptions (wrong argument types, ValueError...) pass through unchanged.
void bind_errors(pybind11::module_& m);

}  // namespace aem::python
