// glTF writer (placeholder until the writer lands).
#include "formats/gltf/gltf_format.hpp"

namespace aem::formats {

Result<std::vector<std::byte>> gltf_write(const Scene&, const WriteOptions&) {
  return Error{"UNSUPPORTED", "glTF", {}, {}, {}, {}, "the glTF writer is not built yet"};
}

}  // namespace aem::formats
