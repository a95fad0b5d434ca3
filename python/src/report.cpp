#include "report.hpp"

#include <pybind11/stl.h>

#include "errors.hpp"

namespace py = pybind11;

namespace aem::python {

void bind_report(py::module_& m) {
  using R = ConversionReport;
  py::class_<R>(m, "ConvertReport", "What one conversion did: counts, sizes, files, warnings and step timings.")
      .def_property_readonly("input", [](const R& r) { return path_text(r.input); })
      .def_property_readonly("output", [](const R& r) { return path_text(r.output); })
      .def_readonly("status", &R::status,
                    "'converted', or 'cached' when the cache vouched for the existing output (the counts are then 0)")
      .def_property_readonly("input_format", [](const R& r) { return text(r.report.input_format); })
      .def_property_readonly("output_format", [](const R& r) { return r.report.output_format; })
      .def_property_readonly("input_bytes", [](const R& r) { return r.report.input_bytes; })
      .def_property_readonly("output_bytes", [](const R& r) { return r.report.output_bytes; })
      .def_property_readonly("vertices", [](const R& r) { return r.report.vertices; })
      .def_property_readonly("triangles", [](const R& r) { return r.report.triangles; })
      .def_property_readonly("joints", [](const R& r) { return r.report.joints; })
      .def_property_readonly("animations", [](const R& r) { return r.report.animations; })
      .def_property_readonly(
          "textures_written",
          [](const R& r) {
            py::list out;
            for (const auto& t : r.report.textures_written) out.append(path_text(t.string()));
            return out;
          },
          "texture files written beside the output")
      .def_property_readonly(
          "files_read", [](const R& r) { return texts(r.report.files_read, true); },
          "every file read: the model, then its side files")
      .def_property_readonly(
          "warnings", [](const R& r) { return warnings_list(r.warnings); }, "list of aem.Diagnostic")
      .def_property_readonly(
          "animation_keys",
          [](const R& r) -> py::object {
            const auto& k = r.report.animation_keys;
            if (!k) return py::none();
            py::dict out;
            out["keys_before"] = k->keys_before, out["keys_after"] = k->keys_after;
            out["bytes_before"] = k->bytes_before, out["bytes_after"] = k->bytes_after;
            out["bound"] = k->bound, out["largest_error"] = k->largest_error;
            return out;
          },
          "key reduction's figures (keys and key bytes before and after, the bound and the largest vertex error measured, "
          "in output units) for outputs that store keys (AEM, glTF, E3D) of animated scenes; else None")
      .def_property_readonly(
          "timings",
          [](const R& r) {
            py::dict out;
            for (const auto& s : r.report.steps) out[py::str(s.step)] = s.milliseconds / 1000.0;
            return out;
          },
          "{step: seconds} in the order the steps ran (read, flatten, textures, optimize, conventions, write)")
      .def("__repr__", [](const R& r) {
        return text("<aem.ConvertReport " + r.status + " " + r.input + " -> " + r.output + ": " +
                    std::to_string(r.report.vertices) + " vertices, " + std::to_string(r.warnings.size()) +
                    " warnings>");
      });
}

}  // namespace aem::python
