// aem.convert, aem.validate, aem.formats, the cache and the --out-dir rules that aem.batch builds on.
#pragma once

#include <pybind11/pybind11.h>

namespace aem::python {

void bind_conversion(pybind11::module_& m);

}  // namespace aem::python
