#include "options.hpp"

#include <dlfcn.h>
#include <pybind11/stl/filesystem.h>

#include <cmath>
#include <string>

#include "errors.hpp"

namespace py = pybind11;

namespace aem::python {
namespace {

std::string writable_names() {
  std::string names;
  for (const auto& f : supported_formats())
    if (f.write) names += (names.empty() ? "" : ", ") + std::string(f.name);
  return names;
}

float finite_number(const py::handle& value, const char* name, float lowest) {
  const float number = value.cast<float>();
  if (!std::isfinite(number) || number < lowest)
    throw py::value_error(std::string(name) + " must be a finite number of at least " + std::to_string(lowest));
  return number;
}

}  // namespace

void make_output_folder(const std::filesystem::path& output) {
  const auto folder = output.parent_path();
  std::error_code ec;
  if (!folder.empty() && !std::filesystem::create_directories(folder, ec) && ec)
    throw AemError{Error{.code = "IO_WRITE_FAILED",
                         .file = output.string(),
                         .message = "cannot create the output folder: " + ec.message()}};
}

const FormatHandler& writable_format(const std::string& name) {
  const FormatHandler* format = find_format(name);
  if (!format || !format->write)
    throw py::value_error("aem does not write \"" + name + "\"; it writes " + writable_names());
  return *format;
}

namespace {

/// aem-read-worker beside this module's file, where the package keeps it; empty (the library looks
/// for it) when it is not there.
std::filesystem::path worker_beside_module() {
  Dl_info module{};
  if (::dladdr(reinterpret_cast<void*>(&worker_beside_module), &module) == 0 || !module.dli_fname) return {};
  std::filesystem::path worker = std::filesystem::path(module.dli_fname).parent_path() / "aem-read-worker";
  return std::filesystem::exists(worker) ? worker : std::filesystem::path();
}

}  // namespace

ReadOptions module_read_options(const std::optional<std::filesystem::path>& asset_root) {
  static const std::filesystem::path worker = worker_beside_module();
  return ReadOptions{.asset_root = asset_root.value_or(std::filesystem::path()),
                     .isolate_third_party = true,
                     .read_worker = worker,
                     .threads = 0};
}

convert::ConvertOptions convert_options(const py::dict& options) {
  convert::ConvertOptions out;
  out.read = module_read_options();
  out.write.threads = 0;
  for (const auto& [key, value] : options) {
    const std::string name = py::str(key);
    if (name == "to") {
      if (!value.is_none()) out.to = &writable_format(value.cast<std::string>());
    } else if (name == "scale") {
      out.scale = value.cast<float>();
      if (!std::isfinite(out.scale)) throw py::value_error("scale must be a finite number");
    } else if (name == "up") {
      const std::string up = value.is_none() ? "" : value.cast<std::string>();
      if (up == "y")
        out.up = UpAxis::Y;
      else if (up == "z")
        out.up = UpAxis::Z;
      else if (!up.empty())
        throw py::value_error("up must be \"y\", \"z\" or None, not \"" + up + "\"");
    } else if (name == "flip_uv") {
      out.flip_uv = value.cast<bool>();
    } else if (name == "no_textures") {
      out.textures = !value.cast<bool>();
    } else if (name == "optimize") {
      out.optimize = value.cast<bool>();
    } else if (name == "weld") {
      out.weld = value.cast<bool>();
    } else if (name == "anim_error") {
      if (!value.is_none()) out.anim_error = finite_number(value, "anim_error", 0.0f);
    } else if (name == "fps") {
      out.write.frame_rate = finite_number(value, "fps", 0.001f);
    } else if (name == "lods") {
      out.write.lods = value.cast<int>();
      if (out.write.lods < 0 || out.write.lods > 16) throw py::value_error("lods must be 0..16");
    } else if (name == "compress") {
      out.write.compress = value.cast<bool>();
    } else if (name == "embed") {
      out.write.embed = value.cast<bool>();
    } else if (name == "sync") {
      out.write.sync = value.cast<bool>();
    } else if (name == "asset_root") {
      if (!value.is_none()) out.read.asset_root = value.cast<std::filesystem::path>();
    } else {
      throw py::type_error(
          "unknown option \"" + name +
          "\"; the options are to, scale, up, flip_uv, no_textures, optimize, weld, anim_error, fps, lods, compress, embed, sync, asset_root");
    }
  }
  return out;
}

}  // namespace aem::python
