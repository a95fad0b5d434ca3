// `aem example OUT`: writes the built-in generated model (no downloaded or copied assets).
#include <fmt/core.h>

#include "aem/example.hpp"
#include "aem/io.hpp"
#include "commands/commands.hpp"

namespace aem::cli {

int run_example(const ExampleOptions& options) {
  aem::ExampleOptions ex;
  ex.rings = options.rings;
  ex.segments = options.segments;
  ex.joints = options.joints;
  Scene scene = make_example_scene(ex);
  Status st = write_scene(options.output, scene);
  for (const auto& w : st.warnings) fmt::print(stderr, "{}\n", w.to_string("warning"));
  if (!st) {
    fmt::print(stderr, "{}\n", st.error().to_string());
    return kExitInvalid;
  }
  fmt::print("wrote {} ({} vertices, {} triangles, {} joints, animation \"bend\")\n", options.output, scene.vertex_count(),
             scene.triangle_count(), scene.joints.size());
  return kExitOk;
}

}  // namespace aem::cli
