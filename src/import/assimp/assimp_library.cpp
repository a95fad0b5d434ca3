#include "import/assimp/assimp_library.hpp"

#include "core/shared_library.hpp"

namespace aem::formats {
namespace {

detail::LibraryTable<AssimpLibrary> load() {
  detail::LibraryTable<AssimpLibrary> out;
  const std::string name = assimp_library_name();
  void* handle = detail::open_shared_library(name, out.why);
  if (!handle) return out;
  const auto bind = [&](const char* symbol, auto& to) { return detail::bind_symbol(handle, symbol, to, out.why); };
  AssimpLibrary& a = out.functions;
  out.ok = bind("aiImportFileExWithProperties", a.import_file) && bind("aiImportFileFromMemory", a.import_memory) &&
           bind("aiReleaseImport", a.release_import) && bind("aiGetErrorString", a.error_string) &&
           bind("aiGetMaterialTextureCount", a.texture_count) && bind("aiGetMaterialTexture", a.texture) &&
           bind("aiGetMaterialColor", a.color) && bind("aiGetMaterialFloatArray", a.floats) &&
           bind("aiGetMaterialIntegerArray", a.integers) && bind("aiGetMaterialString", a.string);
  if (!out.ok) out.why = name + ": " + out.why;
  return out;  // the handle stays open: the scene and the table point into the library
}

}  // namespace

std::string assimp_library_name() { return detail::library_name("AEM_ASSIMP_LIBRARY", AEM_ASSIMP_SONAME); }

const AssimpLibrary* assimp_library(std::string* why) {
  static const detail::LibraryTable<AssimpLibrary> loaded = load();
  if (!loaded.ok && why) *why = loaded.why;
  return loaded.ok ? &loaded.functions : nullptr;
}

}  // namespace aem::formats
