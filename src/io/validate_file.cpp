// validate_file: the mapped runtime check for current-layout AEM, the scene validation for the rest.
#include <optional>

#include "aem/validate.hpp"
#include "io/mapped_aem.hpp"

namespace aem {
namespace {

/// A current-layout AEM file needs no scene: the runtime's one linear pass over the memory-mapped file
/// makes every check the scene validation would (ranges, parents, finite values, key order), and the
/// pages it has checked go back as it goes. Empty for a legacy file, and for a size that fits neither
/// layout (the scene reader names both expected sizes).
std::optional<FileReport> check_mapped_aem(const std::filesystem::path& path) {
  auto model = map_current_aem(path.string(), AemModel::Source::MapAndRelease);
  if (!model && (model.error().code == "AEM_LEGACY_LAYOUT" || model.error().code == "AEM_SIZE_MISMATCH"))
    return std::nullopt;
  FileReport report{"AEM", {}, model.warnings};
  if (!model) report.errors.push_back(model.error());
  return report;
}

}  // namespace

FileReport validate_file(const std::filesystem::path& path, const ReadOptions& options) {
  if (const FormatHandler* f = format_for_extension(path, FormatUse::Read); f && f->name == "aem")
    if (auto mapped = check_mapped_aem(path)) return *std::move(mapped);
  FileReport report;
  auto scene = read_scene(path, options);
  report.warnings = scene.warnings;
  if (!scene) {
    report.errors.push_back(scene.error());
    return report;
  }
  report.format = scene->source_format;
  SceneReport checked = validate_scene(scene.value());
  for (auto& e : checked.errors) e.file = path.string();
  for (auto& w : checked.warnings) w.file = path.string();
  report.errors.insert(report.errors.end(), checked.errors.begin(), checked.errors.end());
  report.warnings.insert(report.warnings.end(), checked.warnings.begin(), checked.warnings.end());
  return report;
}

}  // namespace aem
