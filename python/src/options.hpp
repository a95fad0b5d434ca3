// The options of `aem convert` as Python keyword arguments (aem.convert, Scene.write, aem.cache_key).
#pragma once

#include <pybind11/pybind11.h>

#include <filesystem>
#include <optional>

#include "aem/convert.hpp"

namespace aem::python {

/// ConvertOptions from keyword arguments named as `aem convert`'s options: to, scale, up, flip_uv,
/// no_textures, optimize, weld, fps, lods, compress, embed, sync, asset_root. An unknown name raises
/// TypeError, a value out of range ValueError. Reads are module_read_options'.
convert::ConvertOptions convert_options(const pybind11::dict& options);

/// The module's reads, like the aem tool's: a reader that may crash (Assimp's) first in a child process
/// (the aem-read-worker installed beside the module), every hardware thread; side files also from
/// `asset_root` when given.
ReadOptions module_read_options(const std::optional<std::filesystem::path>& asset_root = std::nullopt);

/// Creates the folder `output` goes into when it does not exist, as `aem convert` does; AemError
/// IO_WRITE_FAILED when it cannot.
void make_output_folder(const std::filesystem::path& output);

/// Format `name` ("aem", "gltf", ...) that can write; ValueError naming the writable formats otherwise.
const FormatHandler& writable_format(const std::string& name);

}  // namespace aem::python
