// aem.AemModel and aem.Animator: the zero-copy runtime over a current-layout AEM file (what a game uses),
// its sections as read-only NumPy arrays over the file's bytes.
#pragma once

#include <pybind11/pybind11.h>

namespace aem::python {

void bind_runtime(pybind11::module_& m);

}  // namespace aem::python
