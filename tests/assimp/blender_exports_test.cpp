// Files Blender 3.4 exports from corpus glTF models (support/blender.hpp), read through Assimp and
// judged against the glTF they came from: converted with about the glTF's vertex count (corners
// welded), skinned Collada posed as the glTF poses. (Blender's OBJ and FBX files are read natively:
// tests/obj, tests/fbx.)
#include <gtest/gtest.h>

#include <map>

#include "aem/io.hpp"
#include "import/assimp/assimp_reader.hpp"
#include "support/blender.hpp"
#include "support/corpus.hpp"
#include "support/posed_geometry.hpp"

namespace aem {
namespace {

std::string quoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

/// The vertex count `aem info --json` reports.
std::size_t cli_vertex_count(const std::filesystem::path& file) {
  std::string json, command = AEM_CLI_PATH;
  command += " info --json " + quoted(file);
  EXPECT_EQ(test::run_shell(command, &json), 0) << json;
  const std::string key = "\"vertex_count\":";
  const auto at = json.find(key);
  return at == std::string::npos ? 0 : std::stoul(json.substr(at + key.size()));
}

TEST(BlenderExports, ColladaConvertsWithAboutTheGltfsVertexCount) {
  AEM_CORPUS_FILE(gltf, "gltf/CesiumMan/CesiumMan.glb");
  AEM_REQUIRE_BLENDER();
  const auto dir = test::temp_dir("blender-weld");
  const auto dae = dir / "CesiumMan.dae", converted = dir / "dae.glb";
  const std::string failure = test::blender_export(gltf, {dae});
  ASSERT_TRUE(failure.empty()) << failure;

  const std::size_t source = cli_vertex_count(gltf);
  ASSERT_GT(source, 0u);
  std::string out;
  ASSERT_EQ(test::run_cli("convert " + quoted(dae) + " " + quoted(converted), &out), 0) << out;
  const std::size_t vertices = cli_vertex_count(converted);
  // A vertex per face corner would be 3 per triangle (14 016 for CesiumMan's 4 672). Welded, corners stay
  // apart only where some value differs (the tangents Assimp generates per corner among them).
  EXPECT_GT(vertices, 0u);
  EXPECT_LE(static_cast<double>(vertices), 1.5 * static_cast<double>(source))
      << vertices << " vertices for the glTF's " << source;
}

/// `model` exported to Collada by Blender and converted by `aem convert` poses as the glTF does at the
/// rest pose and at a quarter, half and three quarters of its animation. Both scenes are posed in the
/// scene's space (metres, Y up). Blender samples the animation at whole frames of 24 fps from frame 1,
/// where its glTF importer puts time 0 at frame 0; so the times compared lie past the first frame.
void expect_collada_poses_like_gltf(const std::filesystem::path& gltf) {
  const auto dir = test::temp_dir("blender-collada");
  const auto dae = dir / (gltf.stem().string() + ".dae"), converted = dir / (gltf.stem().string() + ".glb");
  const std::string failure = test::blender_export(gltf, {dae});
  ASSERT_TRUE(failure.empty()) << failure;
  std::string out;
  ASSERT_EQ(test::run_cli("convert " + quoted(dae) + " " + quoted(converted), &out), 0) << out;

  auto source = read_scene(gltf);
  auto result = read_scene(converted);
  ASSERT_TRUE(source) << source.error().to_string();
  ASSERT_TRUE(result) << result.error().to_string();
  ASSERT_EQ(source->animations.size(), 1u);
  ASSERT_EQ(result->animations.size(), 1u);
  const float duration = source->animations[0].duration;
  for (const auto& [name, pose] :
       {std::pair{"rest", test::PoseAt::rest()}, std::pair{"1/4", test::PoseAt::animated(0, 0.25f * duration)},
        std::pair{"1/2", test::PoseAt::animated(0, 0.5f * duration)},
        std::pair{"3/4", test::PoseAt::animated(0, 0.75f * duration)}}) {
    SCOPED_TRACE(name);
    const auto comparison =
        test::compare_frame(test::posed_vertices(*source, pose), test::posed_vertices(*result, pose));
    EXPECT_TRUE(comparison.matched()) << "mean distances " << comparison.distance.reference_to_posed << " and "
                                      << comparison.distance.posed_to_reference << " m, limit " << comparison.limit
                                      << " m";
  }
}

// The skinned mesh's node sits under a node turned 90 degrees (Blender's Z up against glTF's Y up):
// the mesh once stood upright in its bind pose and lay on its side in every pose.
TEST(BlenderExports, SkinnedColladaPosesLikeItsGltf) {
  AEM_CORPUS_FILE(gltf, "gltf/RiggedSimple/RiggedSimple.glb");
  AEM_REQUIRE_BLENDER();
  expect_collada_poses_like_gltf(gltf);
}

TEST(BlenderExports, SkinnedColladaOfACharacterPosesLikeItsGltf) {
  AEM_CORPUS_FILE(gltf, "gltf/CesiumMan/CesiumMan.glb");
  AEM_REQUIRE_BLENDER();
  expect_collada_poses_like_gltf(gltf);
}

// Assimp reports an FBX file's units and axes without applying them; its reader does. Blender writes
// centimetres, and Y up unless asked otherwise. (FBX files are read by aem's own reader; this is
// Assimp's FBX, called directly.)
TEST(BlenderExports, FbxThroughAssimpIsInMetresWithYUp) {
  AEM_CORPUS_FILE(gltf, "gltf/RiggedSimple/RiggedSimple.glb");
  AEM_REQUIRE_BLENDER();
  const auto dir = test::temp_dir("blender-fbx");
  const auto y_up = dir / "RiggedSimple.fbx", z_up = dir / "RiggedSimple-z-up.fbx";
  const std::string failure = test::blender_export(gltf, {y_up, z_up});
  ASSERT_TRUE(failure.empty()) << failure;
  auto source = read_scene(gltf);
  ASSERT_TRUE(source) << source.error().to_string();
  const auto reference = test::posed_vertices(*source, test::PoseAt::animated(0, 0.0f));

  for (const auto& [fbx, axes] : {std::pair{y_up, "Y up, Z front, X right, right-handed"},
                                  std::pair{z_up, "Z up, -Y front, X right, right-handed"}}) {
    SCOPED_TRACE(fbx.filename().string());
    const auto bytes = test::read_bytes(fbx);
    auto scene = formats::assimp_read(ReadInput{bytes, fbx, {}});
    ASSERT_TRUE(scene) << scene.error().to_string();
    std::map<std::string, std::string> notes;
    for (const auto& n : scene->source_notes) notes[n.key] = n.value;
    EXPECT_EQ(notes["units"], "centimetres (0.01 m per unit)");
    EXPECT_EQ(notes["axes"], axes);
    ASSERT_EQ(scene->animations.size(), 1u);
    const auto comparison =
        test::compare_frame(reference, test::posed_vertices(*scene, test::PoseAt::animated(0, 0.0f)));
    EXPECT_TRUE(comparison.matched()) << "mean distances " << comparison.distance.reference_to_posed << " and "
                                      << comparison.distance.posed_to_reference << " m, limit " << comparison.limit
                                      << " m";
  }
}

}  // namespace
}  // namespace aem
