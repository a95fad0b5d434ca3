// Blender 3.4's exporters as the independent source of OBJ, Collada and FBX files for the tests:
// a model from the corpus made into those formats in a headless, factory-settings Blender.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace aem::test {

/// Skips the test when there is no `blender` on the PATH; fails it instead when AEM_REQUIRE_TOOLS is
/// set (CI, where a missing tool must not pass silently).
#define AEM_REQUIRE_BLENDER()                                                                         \
  do {                                                                                                \
    if (!::aem::test::blender_available()) {                                                          \
      if (std::getenv("AEM_REQUIRE_TOOLS")) FAIL() << "blender is not installed (AEM_REQUIRE_TOOLS)"; \
      GTEST_SKIP() << "blender is not installed; tests of Blender's exports skipped";                 \
    }                                                                                                 \
  } while (0)

bool blender_available();

/// Imports the glTF `source` into Blender and exports it to each of `outputs` (the exporter chosen by
/// the extension: .obj, .dae, .fbx with embedded images; default settings, or the options an FBX name
/// ends in: tests/support/blender_export.py; .legacy.aem in the 2022 add-on's layout). Returns an empty string on success, else what went wrong
/// with Blender's output.
std::string blender_export(const std::filesystem::path& source, const std::vector<std::filesystem::path>& outputs);

/// One glTF and the files Blender makes of it.
struct BlenderExport {
  std::filesystem::path source;
  std::vector<std::filesystem::path> outputs;
};

/// As above for several glTF files in one launch of Blender (a launch costs seconds), each imported
/// into an empty scene.
std::string blender_export(const std::vector<BlenderExport>& exports);

}  // namespace aem::test
