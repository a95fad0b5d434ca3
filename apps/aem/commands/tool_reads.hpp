// How every command of the aem tool reads a model (the library's defaults start no process or thread).
#pragma once

#include <string>

#include "aem/io.hpp"

namespace aem::cli {

/// The tool's reads: a third-party reader (Assimp) first in a child process, so that a file that
/// crashes or hangs it is an error; every hardware thread; side files also from `asset_root` (when set).
inline ReadOptions tool_read_options(const std::string& asset_root = {}) {
  return ReadOptions{.asset_root = asset_root, .isolate_third_party = true, .threads = 0};
}

}  // namespace aem::cli
