// `aem validate FILE...`: every problem with its location; exit 1 when any file is invalid.
#include <fmt/core.h>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "commands/commands.hpp"
#include "commands/mapped_aem.hpp"
#include "json_writer.hpp"

namespace aem::cli {
namespace {

struct FileReport {
  std::string file, format;
  std::vector<Error> errors;
  std::vector<Warning> warnings;
};

/// A current-layout AEM file needs no scene: the runtime's one linear pass over the memory-mapped
/// file makes every check the scene validation would (ranges, parents, finite values, key order),
/// and the pages it has checked go back as it goes, so memory stays far below the file's size.
/// Empty for a legacy file, and for a size that fits neither layout (the scene reader names both
/// expected sizes).
std::optional<FileReport> check_mapped_aem(const std::string& file) {
  auto model = map_current_aem(file, AemModel::Source::MapAndRelease);
  if (!model && (model.error().code == "AEM_LEGACY_LAYOUT" || model.error().code == "AEM_SIZE_MISMATCH")) return std::nullopt;
  FileReport r{file, "AEM", {}, model.warnings};
  if (!model) r.errors.push_back(model.error());
  return r;
}

FileReport check(const std::string& file, const ReadOptions& read) {
  if (const FormatHandler* f = format_for_extension(file, FormatUse::Read); f && f->name == "aem")
    if (auto mapped = check_mapped_aem(file)) return *std::move(mapped);
  FileReport r{file, {}, {}, {}};
  auto scene = read_scene(file, read);
  r.warnings = scene.warnings;
  if (!scene) {
    r.errors.push_back(scene.error());
    return r;
  }
  r.format = scene->source_format;
  SceneReport rep = validate_scene(scene.value());
  for (auto& e : rep.errors) e.file = file;
  for (auto& w : rep.warnings) w.file = file;
  r.errors.insert(r.errors.end(), rep.errors.begin(), rep.errors.end());
  r.warnings.insert(r.warnings.end(), rep.warnings.begin(), rep.warnings.end());
  return r;
}

}  // namespace

int run_validate(const ValidateOptions& options) {
  std::vector<FileReport> reports;
  for (const auto& f : options.files) reports.push_back(check(f, ReadOptions{.asset_root = options.asset_root}));
  std::size_t invalid = 0;
  for (const auto& r : reports) invalid += !r.errors.empty();
  if (options.json) {
    JsonWriter j;
    j.begin_object().value("valid", invalid == 0).begin_array("files");
    for (const auto& r : reports) {
      j.begin_object().value("file", r.file).value("format", r.format).value("valid", r.errors.empty());
      j.begin_array("errors");
      for (const auto& e : r.errors) diagnostic_json(j, e);
      j.end_array().begin_array("warnings");
      for (const auto& w : r.warnings) diagnostic_json(j, w);
      j.end_array().end_object();
    }
    j.end_array().end_object();
    fmt::print("{}\n", j.str());
  } else {
    for (const auto& r : reports) {
      for (const auto& e : r.errors) fmt::print("{}\n", e.to_string("error"));
      for (const auto& w : r.warnings) fmt::print("{}\n", w.to_string("warning"));
      if (!options.quiet && r.errors.empty())
        fmt::print("{}: valid {}{}\n", r.file, r.format, r.warnings.empty() ? "" : fmt::format(" ({} warning{})", r.warnings.size(), r.warnings.size() == 1 ? "" : "s"));
    }
    if (reports.size() > 1) fmt::print("{} of {} files valid\n", reports.size() - invalid, reports.size());
  }
  return invalid ? kExitInvalid : kExitOk;
}

}  // namespace aem::cli
