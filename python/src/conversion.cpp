#include "conversion.hpp"

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "aem/build_cache.hpp"
#include "aem/validate.hpp"
#include "errors.hpp"
#include "isolated.hpp"
#include "options.hpp"
#include "report.hpp"

namespace py = pybind11;

namespace aem::python {
namespace {

using Path = std::filesystem::path;

/// Takes `name` out of `kwargs` (a keyword of the call itself, not an option of the conversion).
py::object pop(py::dict& kwargs, const char* name) {
  if (!kwargs.contains(name)) return py::none();
  py::object value = kwargs[name];
  PyDict_DelItemString(kwargs.ptr(), name);
  return value;
}

ConversionReport convert(const Path& src, const Path& dst, py::kwargs kwargs) {
  py::dict options = kwargs;
  const py::object cache_dir = pop(options, "cache");
  const py::object isolate_given = pop(options, "isolate");
  const bool isolate = !isolate_given.is_none() && isolate_given.cast<bool>();
  const convert::ConvertOptions parsed = convert_options(options);
  const std::optional<convert::BuildCache> cache =
      cache_dir.is_none() ? std::nullopt : std::optional<convert::BuildCache>(cache_dir.cast<Path>());
  const std::string key = cache ? convert::cache_key(src, dst, parsed) : std::string();
  std::optional<ConversionReport> done;
  {
    py::gil_scoped_release unlocked;
    make_output_folder(dst);
    if (cache && cache->fresh(key)) {
      done = ConversionReport{src.string(), dst.string(), "cached", {}, {}};
    } else {
      auto result = isolate ? convert_in_child(src, dst, parsed) : convert::convert_file(src, dst, parsed);
      if (!result) throw AemError{result.error()};
      std::vector<std::string> written{dst.string()};
      for (const auto& t : result->textures_written) written.push_back(t.string());
      if (cache && !cache->store(key, result->files_read, written))
        result.warnings.push_back(Warning{.code = "CACHE_NOT_STORED",
                                          .file = src.string(),
                                          .message = "the conversion could not be recorded in the cache"});
      done = ConversionReport::converted(src.string(), dst.string(), std::move(result));
    }
  }
  return *std::move(done);
}

py::list validate(const Path& path, const std::optional<Path>& asset_root) {
  const ReadOptions options = module_read_options(asset_root);
  FileReport report = [&] {
    py::gil_scoped_release unlocked;
    return validate_file(path, options);
  }();
  py::list out;
  for (auto& e : report.errors) out.append(Problem{std::move(e), "error"});
  for (auto& w : report.warnings) out.append(Problem{std::move(w), "warning"});
  return out;
}

py::list formats() {
  py::list out;
  for (const auto& f : supported_formats()) {
    py::dict d;
    std::vector<std::string> extensions(f.extensions.begin(), f.extensions.end());
    d["name"] = std::string(f.name), d["description"] = std::string(f.description), d["extensions"] = extensions;
    d["read"] = f.read != nullptr, d["write"] = f.write != nullptr || f.write_files != nullptr;
    out.append(d);
  }
  return out;
}

std::vector<std::string> clashes(const std::vector<std::pair<Path, Path>>& pairs) {
  std::vector<convert::Conversion> conversions;
  for (const auto& [input, output] : pairs) conversions.push_back({input, output});
  return convert::output_clashes(conversions);
}

}  // namespace

void bind_conversion(py::module_& m) {
  bind_report(m);
  m.def("convert", &convert, py::arg("src"), py::arg("dst"),
        "Converts the model `src` into `dst` as `aem convert SRC DST` does, with its options as keywords: to,\n"
        "scale, up, flip_uv, no_textures, optimize, weld, fps, lods, compress, embed, sync, asset_root. Also:\n"
        "cache=FOLDER skips a conversion whose input, side files, options and aem version are unchanged\n"
        "(`aem convert --cache`; the report's status is then 'cached'); isolate=True runs it in a child\n"
        "process, so that a reader that crashes gives aem.Error CONVERT_CRASHED instead of ending Python.\n"
        "The output is written to a temporary and renamed into place. Returns an aem.ConvertReport; raises\n"
        "aem.Error. The GIL is released while it converts.");
  m.def("validate", &validate, py::arg("path"), py::arg("asset_root") = py::none(),
        "Every problem `aem validate` finds in the file, as a list of aem.Diagnostic (errors first, then\n"
        "warnings; severity says which). An empty list: valid, nothing tolerated. The GIL is released.");
  m.def("formats", &formats,
        "The formats this build reads and writes: list of {name, description, extensions, read, write}.");
  m.def(
      "cache_key",
      [](const Path& src, const Path& dst, const py::kwargs& kwargs) {
        return convert::cache_key(src, dst, convert_options(kwargs));
      },
      py::arg("src"), py::arg("dst"),
      "The text that names a conversion in the cache: the aem version, the absolute paths and the options.");
  m.def(
      "output_in_folder",
      [](const Path& input, const Path& out_dir, const std::string& to) {
        return convert::output_in_folder(input, out_dir, writable_format(to)).string();
      },
      py::arg("input"), py::arg("out_dir"), py::arg("to") = "aem",
      "Where `aem convert --out-dir OUT_DIR --to TO` writes `input`: OUT_DIR/<stem>.<extension>.");
  m.def("output_clashes", &clashes, py::arg("conversions"),
        "Why the (input, output) pairs may not be converted together, one line each (an output several\n"
        "would write, or one that is an input), as `aem convert --out-dir` refuses them; [] when none.");

  using C = convert::BuildCache;
  py::class_<C>(m, "BuildCache",
                "The cache folder of `aem convert --cache` (see aem.cache_key); processes may share it.")
      .def(py::init<Path>(), py::arg("folder"))
      .def(
          "fresh",
          [](const C& c, const std::string& key) {
            py::gil_scoped_release unlocked;
            return c.fresh(key);
          },
          py::arg("key"), "True when the entry for `key` lists files that all still have their recorded bytes.")
      .def(
          "store",
          [](const C& c, const std::string& key, const std::vector<std::string>& read,
             const std::vector<std::string>& written) {
            py::gil_scoped_release unlocked;
            return c.store(key, read, written);
          },
          py::arg("key"), py::arg("read"), py::arg("written"),
          "Records the files a conversion read and wrote; False when it could not.");
}

}  // namespace aem::python
