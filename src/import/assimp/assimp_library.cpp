#include "import/assimp/assimp_library.hpp"

#include <dlfcn.h>

#include <cstdlib>

namespace aem::formats {
namespace {

/// What one attempt to load gave: the table, or why there is none.
struct Loaded {
  AssimpLibrary api{};
  bool ok = false;
  std::string why;
};

template <class F>
bool bind(void* handle, const char* symbol, F& to, std::string& why) {
  to = reinterpret_cast<F>(::dlsym(handle, symbol));
  if (!to) why = std::string("it has no ") + symbol;
  return to != nullptr;
}

Loaded load() {
  Loaded out;
  const std::string name = assimp_library_name();
  // RTLD_LOCAL: its symbols serve only the calls below, never a later library's look-ups.
  void* handle = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* error = ::dlerror();
    out.why = error ? error : "dlopen failed";
    return out;
  }
  AssimpLibrary& a = out.api;
  out.ok = bind(handle, "aiImportFileExWithProperties", a.import_file, out.why) &&
           bind(handle, "aiImportFileFromMemory", a.import_memory, out.why) &&
           bind(handle, "aiReleaseImport", a.release_import, out.why) &&
           bind(handle, "aiGetErrorString", a.error_string, out.why) &&
           bind(handle, "aiGetMaterialTextureCount", a.texture_count, out.why) &&
           bind(handle, "aiGetMaterialTexture", a.texture, out.why) &&
           bind(handle, "aiGetMaterialColor", a.color, out.why) &&
           bind(handle, "aiGetMaterialFloatArray", a.floats, out.why) &&
           bind(handle, "aiGetMaterialIntegerArray", a.integers, out.why) &&
           bind(handle, "aiGetMaterialString", a.string, out.why);
  if (!out.ok) out.why = name + ": " + out.why;
  return out;  // the handle stays open: the scene and the table point into the library
}

}  // namespace

std::string assimp_library_name() {
  const char* chosen = std::getenv("AEM_ASSIMP_LIBRARY");
  return chosen && *chosen ? chosen : AEM_ASSIMP_SONAME;
}

const AssimpLibrary* assimp_library(std::string* why) {
  static const Loaded loaded = load();
  if (!loaded.ok && why) *why = loaded.why;
  return loaded.ok ? &loaded.api : nullptr;
}

}  // namespace aem::formats
