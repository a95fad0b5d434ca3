#include "errors.hpp"

#include <pybind11/stl.h>

#include <new>
#include <optional>

namespace py = pybind11;

namespace aem::python {
namespace {

PyObject* error_type = nullptr;  // aem.Error, created once by bind_errors and kept for the process

py::object optional_number(const auto& value) { return value ? py::object(py::int_(*value)) : py::object(py::none()); }

/// Raises aem.Error for `d`: str() is the one-line text, the fields are attributes.
void raise_error(const Diagnostic& d) {
  py::object error = py::reinterpret_borrow<py::object>(error_type)(text(d.to_string("error")));
  error.attr("code") = text(d.code);
  error.attr("message") = text(d.message);
  error.attr("format") = text(d.format);
  error.attr("file") = path_text(d.file);
  error.attr("offset") = optional_number(d.offset);
  error.attr("line") = optional_number(d.line);
  error.attr("column") = optional_number(d.column);
  error.attr("path") = text(d.path);
  PyErr_SetObject(error_type, error.ptr());
}

Diagnostic internal(const char* code, const std::string& message) {
  return Diagnostic{.code = code, .message = message};
}

}  // namespace

py::str text(const std::string& s) {
  return py::reinterpret_steal<py::str>(PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace"));
}

py::str path_text(const std::string& s) {
  return py::reinterpret_steal<py::str>(PyUnicode_DecodeFSDefaultAndSize(s.data(), static_cast<Py_ssize_t>(s.size())));
}

py::list texts(const std::vector<std::string>& items, bool paths) {
  py::list out;
  for (const auto& item : items) out.append(paths ? path_text(item) : text(item));
  return out;
}

py::list warnings_list(const std::vector<Warning>& warnings) {
  py::list out;
  for (const auto& w : warnings) out.append(Problem{w, "warning"});
  return out;
}

void bind_errors(py::module_& m) {
  error_type = PyErr_NewExceptionWithDoc(
      "aem.Error",
      "A file aem cannot read, convert, write or draw.\n\n"
      "Attributes: code (from docs/error-codes.md, e.g. 'AEM_SIZE_MISMATCH'), message, format, file,\n"
      "offset (byte offset in binary files, or None), line and column (1-based, text files, or None),\n"
      "path (the element, e.g. 'meshes[3].material'). str(error) is the whole one-line report.",
      PyExc_Exception, nullptr);
  if (!error_type) throw py::error_already_set();
  m.attr("Error") = py::reinterpret_borrow<py::object>(error_type);

  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const AemError& e) {
      raise_error(e.diagnostic);
    } catch (const py::error_already_set&) {
      throw;
    } catch (const py::builtin_exception&) {
      throw;
    } catch (const std::bad_alloc&) {
      raise_error(internal("OUT_OF_MEMORY", "an allocation failed"));
    } catch (const std::exception& e) {
      raise_error(internal("INTERNAL_ERROR", e.what()));
    }
  });

  py::class_<Problem>(
      m, "Diagnostic",
      "A problem found in a file: a warning a read or conversion tolerated, or a problem aem.validate found.")
      .def(py::init([](std::string code, std::string message, std::string severity, std::string format,
                       std::string file, std::optional<std::uint64_t> offset, std::optional<std::uint32_t> line,
                       std::optional<std::uint32_t> column, std::string path) {
             if (severity != "error" && severity != "warning")
               throw py::value_error("severity must be \"error\" or \"warning\"");
             return Problem{{.code = std::move(code),
                             .format = std::move(format),
                             .file = std::move(file),
                             .offset = offset,
                             .line = line,
                             .column = column,
                             .path = std::move(path),
                             .message = std::move(message)},
                            std::move(severity)};
           }),
           py::arg("code"), py::arg("message"), py::kw_only(), py::arg("severity") = "warning", py::arg("format") = "",
           py::arg("file") = "", py::arg("offset") = py::none(), py::arg("line") = py::none(),
           py::arg("column") = py::none(), py::arg("path") = "")
      .def_property_readonly(
          "severity", [](const Problem& p) { return p.severity; }, "'error' or 'warning'")
      .def_property_readonly(
          "code", [](const Problem& p) { return text(p.diagnostic.code); }, "stable code from docs/error-codes.md")
      .def_property_readonly("message", [](const Problem& p) { return text(p.diagnostic.message); })
      .def_property_readonly("format", [](const Problem& p) { return text(p.diagnostic.format); })
      .def_property_readonly("file", [](const Problem& p) { return path_text(p.diagnostic.file); })
      .def_property_readonly(
          "offset", [](const Problem& p) { return optional_number(p.diagnostic.offset); },
          "byte offset (binary formats), or None")
      .def_property_readonly(
          "line", [](const Problem& p) { return optional_number(p.diagnostic.line); },
          "1-based line (text formats), or None")
      .def_property_readonly(
          "column", [](const Problem& p) { return optional_number(p.diagnostic.column); }, "1-based column, or None")
      .def_property_readonly(
          "path", [](const Problem& p) { return text(p.diagnostic.path); }, "the element, e.g. 'meshes[3].material'")
      .def("__str__", [](const Problem& p) { return text(p.diagnostic.to_string(p.severity.c_str())); })
      .def("__repr__",
           [](const Problem& p) { return text("<aem.Diagnostic " + p.diagnostic.to_string(p.severity.c_str()) + ">"); })
      .def(py::pickle(
          [](const Problem& p) {
            const Diagnostic& d = p.diagnostic;
            const auto bytes = [](const std::string& s) { return py::bytes(s); };
            return py::make_tuple(p.severity, bytes(d.code), bytes(d.format), bytes(d.file), optional_number(d.offset),
                                  optional_number(d.line), optional_number(d.column), bytes(d.path), bytes(d.message));
          },
          [](const py::tuple& t) {
            if (t.size() != 9) throw py::value_error("not a pickled aem.Diagnostic");
            Problem p{{}, t[0].cast<std::string>()};
            Diagnostic& d = p.diagnostic;
            d.code = t[1].cast<std::string>();
            d.format = t[2].cast<std::string>();
            d.file = t[3].cast<std::string>();
            if (!t[4].is_none()) d.offset = t[4].cast<std::uint64_t>();
            if (!t[5].is_none()) d.line = t[5].cast<std::uint32_t>();
            if (!t[6].is_none()) d.column = t[6].cast<std::uint32_t>();
            d.path = t[7].cast<std::string>();
            d.message = t[8].cast<std::string>();
            return p;
          }));
}

}  // namespace aem::python
