// `aem example OUT`: writes the built-in generated model (no downloaded or copied assets), converted
// as `aem convert` converts a model: AEM, IQE and IQM get the colour image their materials need.
#include <fmt/core.h>

#include <filesystem>

#include "aem/convert.hpp"
#include "aem/example.hpp"
#include "commands/commands.hpp"
#include "commands/hints.hpp"

namespace aem::cli {

int run_example(const ExampleOptions& options) {
  aem::ExampleOptions ex;
  ex.rings = options.rings;
  ex.segments = options.segments;
  ex.joints = options.joints;
  // As for `aem convert`, a missing output folder is made (its images go there first).
  if (const auto folder = std::filesystem::path(options.output).parent_path(); !folder.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
  }
  // Every key as generated (a rotation key per frame): the example shows the clip as made, and tests
  // count on its keys.
  convert::ConvertOptions convert_options;
  convert_options.anim_error = 0.0f;
  auto written = convert::convert_scene(make_example_scene(ex), {}, options.output, convert_options);
  for (const auto& w : written.warnings) fmt::print(stderr, "{}\n", diagnostic_text(w, "warning"));
  if (!written) {
    fmt::print(stderr, "{}\n", diagnostic_text(written.error()));
    return kExitInvalid;
  }
  const convert::ConvertReport& r = written.value();
  fmt::print("wrote {} ({} vertices, {} triangles, {} joints, animation \"bend\")\n", options.output, r.vertices,
             r.triangles, r.joints);
  for (const auto& image : r.textures_written) fmt::print("wrote {} (material image)\n", image.string());
  return kExitOk;
}

}  // namespace aem::cli
