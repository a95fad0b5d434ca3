// aem convert: every corpus glTF converts, validates and loads through the C API; the AEM agrees with
// the source as Assimp reads it (instanced triangle count, bounding box, posed vertices at several
// times); failures leave nothing behind; batches survive bad files. Without the corpus, the checks that
// need no particular model run on the glTF fixtures of tests/data.
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <cmath>

#include "aem/aem.h"
#include "aem/aem_view.hpp"
#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/io.hpp"
#include "aem/skinning.hpp"
#include "convert/assimp_pose.hpp"
#include "support/aem_dump.hpp"
#include "support/aem_pose.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"
#include "support/point_sets.hpp"

namespace aem {
namespace {

std::filesystem::path convert_to(const std::filesystem::path& in, const std::filesystem::path& dir,
                                 const std::string& ext = ".aem", const std::string& extra = "") {
  auto out = dir / (in.stem().string() + ext);
  std::string text;
  EXPECT_EQ(test::run_cli(fmt::format("convert {} {} {}", in.string(), out.string(), extra), &text), 0) << text;
  return out;
}

Bounds bounds_of(const std::vector<Vec3>& points) {
  Bounds b;
  for (const auto& p : points) b.add(p);
  return b;
}

float extent(const Bounds& b) { return std::max({b.max.x - b.min.x, b.max.y - b.min.y, b.max.z - b.min.z}); }

TEST(Convert, EveryCorpusGltfConvertsValidatesAndLoadsThroughTheCApi) {
  AEM_CORPUS_OR_FIXTURE_FILES(glbs, "gltf", ".glb");
  for (const auto& f : test::corpus_or_fixture_files("gltf", ".gltf")) glbs.push_back(f);
  auto dir = test::temp_dir("convert-all");
  for (const auto& in : glbs) {
    SCOPED_TRACE(in.string());
    auto out = convert_to(in, dir);
    std::string text;
    EXPECT_EQ(test::run_cli("validate " + out.string(), &text), 0) << text;
    AEMModel* model = nullptr;
    ASSERT_EQ(aem_load_model(out.c_str(), &model), AEMResult_Success) << aem_get_last_error();
    uint32_t textures = 0;
    const aem_string* names = aem_get_model_textures(model, &textures);
    for (uint32_t t = 0; t < textures; ++t)  // every referenced texture file exists beside the model
      EXPECT_TRUE(std::filesystem::exists(dir / reinterpret_cast<const char*>(names[t]))) << names[t];
    aem_free_model(model);
  }
}

TEST(Convert, GeometryMatchesAssimpWithInstances) {
  AEM_CORPUS_OR_FIXTURE_FILES(glbs, "gltf", ".glb");
  for (const auto& f : test::corpus_or_fixture_files("gltf", ".gltf")) glbs.push_back(f);
  auto dir = test::temp_dir("convert-geometry");
  for (const auto& in : glbs) {
    SCOPED_TRACE(in.string());
    test::AssimpModel source(in.string());
    ASSERT_NE(source.scene, nullptr);
    auto model = AemModel::load(convert_to(in, dir));
    ASSERT_TRUE(model.ok());
    EXPECT_EQ(model->view().counts().indices / 3, source.instanced_triangles());
    const Bounds want = bounds_of(source.posed(-1, 0)), got = bounds_of(test::aem_posed(model->view(), -1, 0));
    const float tol = 1e-4f * extent(want);
    EXPECT_NEAR(got.min.x, want.min.x, tol);
    EXPECT_NEAR(got.min.y, want.min.y, tol);
    EXPECT_NEAR(got.max.z, want.max.z, tol);
    EXPECT_NEAR(got.max.x, want.max.x, tol);
  }
}

TEST(Convert, SimpleMeshesKeepsBothInstances) {
  AEM_CORPUS_FILE(in, "gltf/SimpleMeshes/SimpleMeshes.gltf");
  auto model = AemModel::load(convert_to(in, test::temp_dir("convert-instances")));
  ASSERT_TRUE(model.ok());
  EXPECT_EQ(model->view().counts().meshes, 2u);  // one mesh, placed by two nodes
  EXPECT_EQ(model->view().counts().indices, 6u);
}

TEST(Convert, AnimatedModelsPoseLikeTheSourceAtSeveralTimes) {
  auto dir = test::temp_dir("convert-anim");
  for (const auto& in : test::corpus_files_or_fixtures(
           {"gltf/RiggedSimple/RiggedSimple.glb", "gltf/CesiumMan/CesiumMan.glb", "gltf/BoxAnimated/BoxAnimated.glb"},
           {"gltf/skinned_quad.glb"})) {
    SCOPED_TRACE(in.string());
    ASSERT_TRUE(std::filesystem::is_regular_file(in)) << "missing: " << in;
    test::AssimpModel source(in.string());
    auto model = AemModel::load(convert_to(in, dir));
    ASSERT_TRUE(model.ok());
    ASSERT_GE(model->view().counts().animations, 1u);
    const float duration = model->view().animations()[0].duration;
    for (float f : {0.0f, 0.2f, 0.45f, 0.7f, 1.0f}) {
      const float t = f * duration;
      auto want = source.posed(0, t);
      auto got = test::aem_posed(model->view(), 0, t);
      ASSERT_EQ(got.size(), want.size());
      // As a point set: the native reader lists instances in glTF node order, Assimp in scene-tree order.
      const float tol = 2e-3f * extent(bounds_of(want));
      const float worst = test::hausdorff(got, want);
      EXPECT_LT(worst, tol) << "t = " << t;
    }
  }
}

TEST(Convert, CountsAndDurationsAgreeWithTheReferenceExporter) {
  // Known, documented differences (docs/formats/aem.md §4, §6): the reference gives static models a
  // "hierarchy" bone and makes one "mesh" bone per mesh a node carries (BoxAnimated: 6 bones for 5
  // nodes), and names textures "<material>_BCO.png"; we add no bones to static models, make joints only
  // of the nodes skins list or animations move and of their transformed ancestors, and prefix the
  // output name. Vertices, indices, meshes and durations agree. RiggedSimple: the reference makes all 5
  // nodes bones; we keep its 2 skin joints and the Z-up root above them (the file's matrix node), not
  // the mesh node nor the untransformed node between.
  auto dir = test::temp_dir("convert-reference");
  for (const char* name : {"BoxAnimated", "BoxTextured", "RiggedSimple"}) {
    AEM_CORPUS_FILE(in, fmt::format("gltf/{0}/{0}.glb", name));
    AEM_CORPUS_FILE(reference, fmt::format("aem/{}.aem", name));
    SCOPED_TRACE(name);
    auto ours = AemModel::load(convert_to(in, dir));
    auto theirs = AemModel::load(reference);
    ASSERT_TRUE(ours.ok());
    ASSERT_TRUE(theirs.ok());
    const auto& a = ours->view().counts();
    const auto& b = theirs->view().counts();
    EXPECT_EQ(a.vertices, b.vertices);
    EXPECT_EQ(a.indices, b.indices);
    EXPECT_EQ(a.meshes, b.meshes);
    EXPECT_EQ(a.animations, b.animations);
    for (std::uint32_t i = 0; i < std::min(a.animations, b.animations); ++i)
      EXPECT_NEAR(ours->view().animations()[i].duration, theirs->view().animations()[i].duration, 1e-4f);
    if (std::string(name) == "RiggedSimple") {
      EXPECT_EQ(b.bones, 5u);
      EXPECT_EQ(a.bones, 3u);
    }
  }
}

TEST(Convert, SkinnedGltfToCemFramesMatchTheSkinnedPositions) {
  AEM_CORPUS_FILE_OR_FIXTURE(in, "gltf/RiggedSimple/RiggedSimple.glb", "gltf/skinned_quad.glb");
  test::AssimpModel source(in.string());
  auto out = convert_to(in, test::temp_dir("convert-cem"), ".cem", "--fps 12");
  auto cem = read_scene(out);
  ASSERT_TRUE(cem.ok()) << cem.error().to_string();
  ASSERT_EQ(cem->meshes.size(), 1u);
  const auto& frames = cem->meshes[0].frames;
  ASSERT_GT(frames.size(), 10u);
  for (std::size_t f = 0; f < frames.size(); f += 5) {
    auto want = source.posed(0, f / 12.0);
    ASSERT_EQ(frames[f].positions.size(), want.size());
    for (std::size_t v = 0; v < want.size(); ++v) {
      // CEM is Z-up: (x, y, z) in glTF's Y-up is (x, -z, y) in the file.
      const Vec3 p = frames[f].positions[v];
      EXPECT_NEAR(p.x, want[v].x, 1e-3f);
      EXPECT_NEAR(p.y, -want[v].z, 1e-3f);
      EXPECT_NEAR(p.z, want[v].y, 1e-3f);
    }
  }
}

TEST(Convert, SkinnedGltfToIqeAndIqmPosesLikeTheSource) {
  // The IQE/IQM writers derive base poses from the bind matrices and resample the animation at 30 fps;
  // read back, the model must pose like Assimp's reading of the glTF at every written frame time.
  AEM_CORPUS_FILE_OR_FIXTURE(in, "gltf/RiggedSimple/RiggedSimple.glb", "gltf/skinned_quad.glb");
  test::AssimpModel source(in.string());
  for (const char* ext : {".iqe", ".iqm"}) {
    SCOPED_TRACE(ext);
    auto back = read_scene(convert_to(in, test::temp_dir("convert-iqe"), ext));
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    ASSERT_EQ(back->meshes.size(), 1u);
    ASSERT_EQ(back->animations.size(), 1u);
    SceneAnimator animator(back.value());
    std::vector<Mat4> skin(back->joints.size());
    std::vector<Vec3> posed, normals;
    for (int frame : {0, 7, 15, 29}) {
      const float t = frame / 30.0f;
      animator.evaluate(0, t, skin);
      pose_mesh(back->meshes[0], skin, posed, normals);
      auto want = source.posed(0, t);
      ASSERT_EQ(posed.size(), want.size());
      const float tol = 2e-3f * extent(bounds_of(want));  // IQM weights are bytes, its channels 16-bit
      for (std::size_t v = 0; v < want.size(); ++v) {
        // IQE/IQM are Z-up: (x, y, z) in glTF's Y-up is (x, -z, y) in the file.
        EXPECT_NEAR(posed[v].x, want[v].x, tol) << "frame " << frame << " vertex " << v;
        EXPECT_NEAR(posed[v].y, -want[v].z, tol) << "frame " << frame << " vertex " << v;
        EXPECT_NEAR(posed[v].z, want[v].y, tol) << "frame " << frame << " vertex " << v;
      }
    }
  }
}

TEST(Convert, TexturedGltfToIqeWritesThePngItsMaterialNames) {
  AEM_CORPUS_FILE(in, "gltf/BoxTextured/BoxTextured.glb");
  const auto dir = test::temp_dir("convert-iqe-texture");
  auto back = read_scene(convert_to(in, dir, ".iqe"));
  ASSERT_TRUE(back.ok());
  ASSERT_EQ(back->materials.size(), 1u);
  const std::int32_t tex = back->materials[0].textures.base_color;
  ASSERT_GE(tex, 0);
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / back->textures.at(tex).name)) << back->textures[tex].name;
}

TEST(Convert, OptionsScaleUpAxisAndOptimize) {
  AEM_CORPUS_FILE_OR_FIXTURE(in, "gltf/BoxTextured/BoxTextured.glb", "gltf/skinned_quad.glb");
  auto dir = test::temp_dir("convert-options");
  auto plain = AemModel::load(convert_to(in, dir));
  auto scaled_path = dir / "scaled.aem";
  std::string text;
  ASSERT_EQ(test::run_cli(fmt::format("convert {} {} --scale 2 --up z --optimize --no-textures", in.string(),
                                      scaled_path.string()),
                          &text),
            0)
      << text;
  auto scaled = AemModel::load(scaled_path);
  ASSERT_TRUE(plain.ok() && scaled.ok());
  EXPECT_EQ(scaled->view().counts().textures, 0u);
  EXPECT_EQ(scaled->view().counts().indices, plain->view().counts().indices);
  EXPECT_LE(scaled->view().counts().vertices, plain->view().counts().vertices);
  const Bounds a = bounds_of(test::aem_posed(plain->view(), -1, 0)),
               b = bounds_of(test::aem_posed(scaled->view(), -1, 0));
  // Twice the size; Y-up's +Y becomes Z-up's +Z, and +Z becomes -Y.
  EXPECT_NEAR(b.max.z, 2 * a.max.y, 1e-4f);
  EXPECT_NEAR(b.min.y, -2 * a.max.z, 1e-4f);
}

TEST(Convert, FailuresExitOneAndLeaveNothing) {
  auto dir = test::temp_dir("convert-fail");
  std::string text;
  EXPECT_EQ(
      test::run_cli(fmt::format("convert {} {}", (dir / "missing.glb").string(), (dir / "out.aem").string()), &text),
      1);
  EXPECT_NE(text.find("missing.glb"), std::string::npos) << text;
  test::write_file(dir / "garbage.glb", std::string("glTF this is not a binary glTF at all"));
  EXPECT_EQ(
      test::run_cli(fmt::format("convert {} {}", (dir / "garbage.glb").string(), (dir / "out.aem").string()), &text),
      1);
  EXPECT_FALSE(std::filesystem::exists(dir / "out.aem"));
  AEM_CORPUS_FILE_OR_FIXTURE(good, "gltf/BoxTextured/BoxTextured.glb", "gltf/skinned_quad.glb");
  // An output folder that cannot be made (a file is in the way) fails before any work.
  test::write_file(dir / "in-the-way.glb", std::string("x"));
  EXPECT_EQ(
      test::run_cli(fmt::format("convert {} {}", good.string(), (dir / "in-the-way.glb" / "out.aem").string()), &text),
      1)
      << text;
  for (const auto& e : std::filesystem::directory_iterator(dir))  // no PNG or temporary files left behind
    EXPECT_TRUE(e.path().extension() == ".glb") << e.path();
  EXPECT_EQ(test::run_cli(fmt::format("convert {} {} --to nonsense", good.string(), (dir / "x").string()), &text), 2);
}

TEST(Convert, BatchConvertsTheGoodFilesAndReportsTheBadOne) {
  AEM_CORPUS_FILE_OR_FIXTURE(a, "gltf/Box/Box.glb", "gltf/triangle.gltf");
  AEM_CORPUS_FILE_OR_FIXTURE(b, "gltf/RiggedSimple/RiggedSimple.glb", "gltf/skinned_quad.glb");
  auto dir = test::temp_dir("convert-batch");
  test::write_file(dir / "broken.glb", std::string("not a model"));
  std::string text;
  EXPECT_EQ(test::run_cli(fmt::format("convert {} {} {} --out-dir {} --jobs 2", a.string(),
                                      (dir / "broken.glb").string(), b.string(), (dir / "out").string()),
                          &text),
            1);
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / (a.stem().string() + ".aem")));
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / (b.stem().string() + ".aem")));
  EXPECT_FALSE(std::filesystem::exists(dir / "out" / "broken.aem"));
  EXPECT_NE(text.find("converted 2 of 3 files, 1 failed"), std::string::npos) << text;
}

}  // namespace
}  // namespace aem
