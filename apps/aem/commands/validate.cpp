// `aem validate FILE...`: every problem with its location; exit 1 when any file is invalid.
#include <fmt/core.h>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "commands/commands.hpp"
#include "commands/hints.hpp"
#include "commands/tool_reads.hpp"
#include "core/json_writer.hpp"

namespace aem::cli {
namespace {

/// One file's problems, as the output names them.
struct NamedReport : FileReport {
  std::string file;
};

}  // namespace

int run_validate(const ValidateOptions& options) {
  std::vector<NamedReport> reports;
  for (const auto& f : options.files) reports.push_back({validate_file(f, tool_read_options(options.asset_root)), f});
  std::size_t invalid = 0;
  for (const auto& r : reports) invalid += !r.errors.empty();
  if (options.json) {
    detail::JsonWriter j;
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
      for (const auto& e : r.errors) fmt::print("{}\n", diagnostic_text(e, "error"));
      for (const auto& w : r.warnings) fmt::print("{}\n", diagnostic_text(w, "warning"));
      if (!options.quiet && r.errors.empty())
        fmt::print("{}: valid {}{}\n", r.file, r.format,
                   r.warnings.empty()
                       ? ""
                       : fmt::format(" ({} warning{})", r.warnings.size(), r.warnings.size() == 1 ? "" : "s"));
    }
    if (reports.size() > 1) fmt::print("{} of {} files valid\n", reports.size() - invalid, reports.size());
  }
  return invalid ? kExitInvalid : kExitOk;
}

}  // namespace aem::cli
