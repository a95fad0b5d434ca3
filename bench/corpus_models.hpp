// Corpus models the benchmarks measure, found through AEM_CORPUS_DIR.
#pragma once

#include <cstdlib>
#include <filesystem>

namespace aem::bench {

/// CesiumMan.glb of the shared corpus; empty when AEM_CORPUS_DIR is not set.
inline std::filesystem::path corpus_cesium_man() {
  const char* root = std::getenv("AEM_CORPUS_DIR");
  return root ? std::filesystem::path(root) / "gltf/CesiumMan/CesiumMan.glb" : std::filesystem::path();
}

}  // namespace aem::bench
