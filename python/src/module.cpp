// aem._aem: the extension module the `aem` package re-exports. Over the public C++ API only (include/aem).
#include <pybind11/pybind11.h>

#include "aem/version.hpp"
#include "conversion.hpp"
#include "errors.hpp"
#include "render.hpp"
#include "runtime.hpp"
#include "scene.hpp"

PYBIND11_MODULE(_aem, m) {
  m.doc() = "aem: load, convert, animate and render 3D models for games (the C++ library's Python module).";
  m.attr("__version__") = std::string(aem::version());
  aem::python::bind_errors(m);
  aem::python::bind_scene(m);
  aem::python::bind_conversion(m);
  aem::python::bind_render(m);
  aem::python::bind_runtime(m);
}
