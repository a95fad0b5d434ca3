#include "import/assimp/assimp_library.hpp"

#include "core/shared_library.hpp"

namespace aem::formats {
namespace {

// The library stays open: the scenes it imports and the table point into it.
detail::LibraryTable<AssimpLibrary> load() {
  return detail::load_library_table<AssimpLibrary>(assimp_library_name(), [](auto bind, AssimpLibrary& a) {
    return bind("aiImportFileExWithProperties", a.import_file) && bind("aiImportFileFromMemory", a.import_memory) &&
           bind("aiReleaseImport", a.release_import) && bind("aiGetErrorString", a.error_string) &&
           bind("aiGetMaterialTextureCount", a.texture_count) && bind("aiGetMaterialTexture", a.texture) &&
           bind("aiGetMaterialColor", a.color) && bind("aiGetMaterialFloatArray", a.floats) &&
           bind("aiGetMaterialIntegerArray", a.integers) && bind("aiGetMaterialString", a.string);
  });
}

}  // namespace

std::string assimp_library_name() { return detail::library_name("AEM_ASSIMP_LIBRARY", AEM_ASSIMP_SONAME); }

const AssimpLibrary* assimp_library(std::string* why) {
  static const detail::LibraryTable<AssimpLibrary> loaded = load();
  if (!loaded.ok && why) *why = loaded.why;
  return loaded.ok ? &loaded.functions : nullptr;
}

}  // namespace aem::formats
