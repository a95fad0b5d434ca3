#include "core/side_files.hpp"

#include <string>

namespace aem::detail {
namespace {

std::filesystem::path real(const std::filesystem::path& p) {
  std::error_code ec;
  auto r = std::filesystem::weakly_canonical(std::filesystem::absolute(p.empty() ? "." : p, ec), ec);
  return ec ? std::filesystem::absolute(p.empty() ? "." : p).lexically_normal() : r;
}

bool inside(const std::filesystem::path& file, const std::filesystem::path& folder) {
  const auto rel = file.lexically_relative(folder);
  return !rel.empty() && *rel.begin() != ".." && rel != ".";
}

}  // namespace

bool side_file_allowed(const std::filesystem::path& file, const std::filesystem::path& model_dir,
                       const std::filesystem::path& asset_root) {
  const auto target = real(file);
  return inside(target, real(model_dir)) || (!asset_root.empty() && inside(target, real(asset_root)));
}

Result<std::filesystem::path> resolve_side_file(const std::filesystem::path& model_dir, std::string_view reference,
                                                const std::filesystem::path& asset_root) {
  const std::filesystem::path file =
      (model_dir.empty() ? std::filesystem::path(".") : model_dir) / std::filesystem::path(reference);
  if (side_file_allowed(file, model_dir, asset_root)) return file;
  return Error{.code = "SIDE_FILE_REFUSED",
               .path = std::string(reference),
               .message = "the model refers to \"" + std::string(reference) + "\", which is outside " +
                          (asset_root.empty() ? "the model's folder" : "the model's folder and the asset root") +
                          "; not read"};
}

}  // namespace aem::detail
