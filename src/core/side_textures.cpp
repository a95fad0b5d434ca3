#include "core/side_textures.hpp"

#include "core/file.hpp"
#include "core/side_files.hpp"

namespace aem {

std::string image_mime_type(const std::vector<std::uint8_t>& bytes) {
  if (bytes.size() >= 4 && bytes[0] == 0x89 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G')
    return "image/png";
  if (bytes.size() >= 4 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) return "image/jpeg";
  return {};
}

SideTextureProblems load_side_textures(Scene& scene, const std::filesystem::path& model,
                                       const std::filesystem::path& asset_root, std::uint64_t& budget) {
  SideTextureProblems problems;
  if (model.empty()) return problems;
  const std::filesystem::path dir = model.parent_path();
  for (auto& t : scene.textures) {
    if (!t.data.empty() || t.name.empty() || t.side_file_tried) continue;
    t.side_file_tried = true;
    auto file = detail::resolve_side_file(dir, t.name, asset_root);
    if (!file) {
      problems.refused.push_back(file.error());
      continue;
    }
    std::error_code ec;
    auto bytes =
        std::filesystem::is_regular_file(file.value(), ec) && std::filesystem::file_size(file.value(), ec) <= budget
            ? detail::read_file<std::uint8_t>(file.value())
            : Result<std::vector<std::uint8_t>>(Error{});
    if (!bytes) {
      problems.missing.push_back(t.name);
      continue;
    }
    budget -= bytes->size();
    t.data = std::move(bytes.value());
    t.mime_type = image_mime_type(t.data);
    t.loaded_from_file = true;
  }
  return problems;
}

}  // namespace aem
