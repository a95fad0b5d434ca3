// Recognising glTF by content: the GLB header, or JSON text that starts an object.
#include "formats/gltf/gltf_format.hpp"

namespace aem::formats {

bool gltf_sniff(std::span<const std::byte> head) {
  if (head.size() >= 4 && std::to_integer<char>(head[0]) == 'g' && std::to_integer<char>(head[1]) == 'l' &&
      std::to_integer<char>(head[2]) == 'T' && std::to_integer<char>(head[3]) == 'F')
    return true;
  return false;  // JSON glTF is chosen by extension
}

Conventions gltf_conventions() { return Conventions{UpAxis::Y, true, true, false, 1.0f}; }

}  // namespace aem::formats
