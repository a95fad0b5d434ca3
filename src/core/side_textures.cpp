#include "core/side_textures.hpp"

#include <algorithm>

#include "core/file.hpp"

namespace aem {

std::string image_mime_type(const std::vector<std::uint8_t>& bytes) {
  if (bytes.size() >= 4 && bytes[0] == 0x89 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G') return "image/png";
  if (bytes.size() >= 4 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) return "image/jpeg";
  return {};
}

std::vector<std::string> load_side_textures(Scene& scene, const std::filesystem::path& model, std::uint64_t& budget) {
  std::vector<std::string> missing;
  if (model.empty()) return missing;
  const std::filesystem::path dir = model.parent_path();
  for (auto& t : scene.textures) {
    if (!t.data.empty() || t.name.empty()) continue;
    const std::filesystem::path rel(t.name);
    const bool plain = rel.is_relative() && std::none_of(rel.begin(), rel.end(), [](const auto& part) { return part == ".."; });
    std::error_code ec;
    const std::filesystem::path file = dir / rel;
    auto bytes = plain && std::filesystem::is_regular_file(file, ec) && std::filesystem::file_size(file, ec) <= budget
                     ? detail::read_file(file)
                     : Result<std::vector<std::byte>>(Error{});
    if (!bytes) {
      missing.push_back(t.name);
      continue;
    }
    budget -= bytes->size();
    const auto* p = reinterpret_cast<const std::uint8_t*>(bytes->data());
    t.data.assign(p, p + bytes->size());
    t.mime_type = image_mime_type(t.data);
  }
  return missing;
}

}  // namespace aem
