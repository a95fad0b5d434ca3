// aem.render: a model drawn headless into an (h, w, 4) uint8 array, as `aem render` draws it.
#pragma once

#include <pybind11/pybind11.h>

namespace aem::python {

void bind_render(pybind11::module_& m);

}  // namespace aem::python
