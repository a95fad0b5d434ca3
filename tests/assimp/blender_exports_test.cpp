// Files Blender 3.4 exports from corpus glTF models (support/blender.hpp), read through Assimp and
// judged against the glTF they came from: converted with about the glTF's vertex count (corners welded).
#include <gtest/gtest.h>

#include "aem/io.hpp"
#include "support/blender.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

std::string quoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

/// The vertex count `aem info --json` reports.
std::size_t cli_vertex_count(const std::filesystem::path& file) {
  std::string json;
  EXPECT_EQ(test::run_shell(std::string(AEM_CLI_PATH) + " info --json " + quoted(file), &json), 0) << json;
  const std::string key = "\"vertex_count\":";
  const auto at = json.find(key);
  return at == std::string::npos ? 0 : std::stoul(json.substr(at + key.size()));
}

TEST(BlenderExports, ObjAndColladaConvertWithAboutTheGltfsVertexCount) {
  AEM_CORPUS_FILE(gltf, "gltf/CesiumMan/CesiumMan.glb");
  AEM_REQUIRE_BLENDER();
  const auto dir = test::temp_dir("blender-weld");
  const auto obj = dir / "CesiumMan.obj", dae = dir / "CesiumMan.dae";
  const std::string failure = test::blender_export(gltf, {obj, dae});
  ASSERT_TRUE(failure.empty()) << failure;

  const std::size_t source = cli_vertex_count(gltf);
  ASSERT_GT(source, 0u);
  for (const auto& exported : {obj, dae}) {
    SCOPED_TRACE(exported.filename().string());
    const auto converted = dir / (exported.extension().string().substr(1) + ".glb");
    std::string out;
    ASSERT_EQ(test::run_cli("convert " + quoted(exported) + " " + quoted(converted), &out), 0) << out;
    const std::size_t vertices = cli_vertex_count(converted);
    // A vertex per face corner would be 3 per triangle (14 016 for CesiumMan's 4 672). Welded, corners stay
    // apart only where some value differs (the tangents Assimp generates per corner among them).
    EXPECT_GT(vertices, 0u);
    EXPECT_LE(static_cast<double>(vertices), 1.5 * static_cast<double>(source)) << vertices << " vertices for the glTF's " << source;
  }
}

}  // namespace
}  // namespace aem
