// Native glTF reader (placeholder until the reader lands).
#include "formats/gltf/gltf_format.hpp"

namespace aem::formats {

Result<Scene> gltf_read(const ReadInput& input) {
  return Error{"UNSUPPORTED", "glTF", input.path.string(), {}, {}, {}, "the native glTF reader is not built yet"};
}

}  // namespace aem::formats
