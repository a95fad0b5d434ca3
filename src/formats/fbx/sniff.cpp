// Recognising FBX by content: the binary magic, or the comment ASCII exporters put on the first line.
#include <string_view>

#include "formats/fbx/fbx_format.hpp"

namespace aem::formats {

bool fbx_binary(std::span<const std::byte> head) {
  // "Kaydara FBX Binary" then two spaces and a NUL.
  return std::string_view(reinterpret_cast<const char*>(head.data()), head.size()).starts_with("Kaydara FBX Binary");
}

bool fbx_sniff(std::span<const std::byte> head) {
  // ASCII: "; FBX 7.4.0 project file" (and the same for 6.1 and 5.8), sometimes after a UTF-8 byte
  // order mark.
  if (fbx_binary(head)) return true;
  const std::string_view text(reinterpret_cast<const char*>(head.data()), head.size());
  const std::string_view body = text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
  return body.starts_with("; FBX ");
}

}  // namespace aem::formats
