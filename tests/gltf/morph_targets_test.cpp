// glTF morph targets kept as targets (ReadOptions::keep_morph_targets, `aem convert` to glTF): the
// Khronos samples AnimatedMorphCube and SimpleMorph keep their targets, names, default weights and
// weights animation through glTF -> glb; the kept scene bakes into exactly the frames of the default
// read; --up/--scale turn and scale the deltas; --weld and --optimize keep every vertex's deltas; a
// node's weights replace its mesh's defaults.
// Expected numbers were read from the samples' .bin files with Python's struct module, not by aem.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <span>
#include <string>

#include "aem/io.hpp"
#include "gltf/gltf_write_support.hpp"
#include "support/corpus.hpp"
#include "support/read_targets.hpp"

namespace aem {
namespace {

Scene read(const std::filesystem::path& path, bool keep) { return test::read_keeping_targets(path, keep); }

void expect_vec(const Vec3& got, const Vec3& want, float tolerance = 0.0f) {
  EXPECT_NEAR(got.x, want.x, tolerance);
  EXPECT_NEAR(got.y, want.y, tolerance);
  EXPECT_NEAR(got.z, want.z, tolerance);
}

/// AnimatedMorphCube as its accessors hold it: targets "thin" (POSITION accessor 4) and "angle"
/// (accessor 7), weights [0, 0], animation "Square" with 127 LINEAR keys (accessors 10 and 11).
void expect_morph_cube(const Scene& s) {
  ASSERT_EQ(s.meshes.size(), 1u);
  const Mesh& m = s.meshes[0];
  ASSERT_EQ(m.targets.size(), 2u);
  EXPECT_EQ(m.targets[0].name, "thin");
  EXPECT_EQ(m.targets[1].name, "angle");
  EXPECT_EQ(m.target_weights, (std::vector<float>{0.0f, 0.0f}));
  ASSERT_EQ(m.targets[0].positions.size(), 24u);
  expect_vec(m.targets[0].positions[2], Vec3{0.0f, 0.018932530656456947f, 0.0f});
  expect_vec(m.targets[1].positions[5], Vec3{0.0f, 0.019890835508704185f, 0.0f});
  EXPECT_TRUE(m.frames.empty());
  ASSERT_EQ(s.animations.size(), 1u);
  EXPECT_EQ(s.animations[0].name, "Square");
  ASSERT_EQ(s.animations[0].weight_tracks.size(), 1u);
  const WeightTrack& track = s.animations[0].weight_tracks[0];
  EXPECT_EQ(track.mesh, 0u);
  EXPECT_EQ(track.interpolation, Interpolation::Linear);
  ASSERT_EQ(track.times.size(), 127u);
  ASSERT_EQ(track.weights.size(), 254u);
  // (key, time, thin, angle)
  const std::array<std::array<float, 4>, 6> keys{{{0, 0.0f, 0.0f, 0.0f},
                                                  {1, 0.03333333507180214f, 0.0012839989503845572f, 0.0f},
                                                  {40, 1.3333333730697632f, 0.9259259104728699f, 0.0f},
                                                  {63, 2.09999942779541f, 0.7233077883720398f, 0.2766921818256378f},
                                                  {100, 3.33333158493042f, 0.004066085908561945f, 0.9959338903427124f},
                                                  {126, 4.199997425079346f, 0.0f, -1.5258788721439487e-07f}}};
  for (const auto& [k, time, thin, angle] : keys) {
    const auto i = static_cast<std::size_t>(k);
    EXPECT_EQ(track.times[i], time) << "key " << i;
    EXPECT_EQ(track.weights[2 * i], thin) << "key " << i;
    EXPECT_EQ(track.weights[2 * i + 1], angle) << "key " << i;
  }
}

/// SimpleMorph: targets without names, weights [0.5, 0.5], keys at 0..4 s.
void expect_simple_morph(const Scene& s) {
  ASSERT_EQ(s.meshes.size(), 1u);
  const Mesh& m = s.meshes[0];
  ASSERT_EQ(m.targets.size(), 2u);
  EXPECT_EQ(m.target_weights, (std::vector<float>{0.5f, 0.5f}));
  ASSERT_EQ(m.targets[0].positions.size(), 3u);
  expect_vec(m.targets[0].positions[2], {-1.0f, 1.0f, 0.0f});
  expect_vec(m.targets[1].positions[2], {1.0f, 1.0f, 0.0f});
  expect_vec(m.positions[2], {0.5f, 0.5f, 0.0f});  // the base, without the default weights
  ASSERT_EQ(s.animations.size(), 1u);
  ASSERT_EQ(s.animations[0].weight_tracks.size(), 1u);
  const WeightTrack& track = s.animations[0].weight_tracks[0];
  EXPECT_EQ(track.times, (std::vector<float>{0, 1, 2, 3, 4}));
  EXPECT_EQ(track.weights, (std::vector<float>{0, 0, 0, 1, 1, 1, 1, 0, 0, 0}));
}

/// Frames and rest shape of the default read equal those of the kept scene baked.
void expect_same_baked(Scene kept, const Scene& baked, float tolerance) {
  bake_morph_targets(kept);
  EXPECT_EQ(kept.vertex_animation.frame_count, baked.vertex_animation.frame_count);
  EXPECT_EQ(kept.vertex_animation.frame_rate, baked.vertex_animation.frame_rate);
  EXPECT_EQ(kept.vertex_animation.name, baked.vertex_animation.name);
  ASSERT_EQ(kept.meshes.size(), baked.meshes.size());
  for (std::size_t i = 0; i < kept.meshes.size(); ++i) {
    const Mesh &a = kept.meshes[i], &b = baked.meshes[i];
    EXPECT_TRUE(a.targets.empty());
    ASSERT_EQ(a.positions.size(), b.positions.size());
    for (std::size_t v = 0; v < a.positions.size(); ++v) expect_vec(a.positions[v], b.positions[v], tolerance);
    ASSERT_EQ(a.frames.size(), b.frames.size());
    for (std::size_t f = 0; f < a.frames.size(); ++f) {
      ASSERT_EQ(a.frames[f].positions.size(), b.frames[f].positions.size());
      ASSERT_EQ(a.frames[f].normals.size(), b.frames[f].normals.size());
      for (std::size_t v = 0; v < a.frames[f].positions.size(); ++v)
        expect_vec(a.frames[f].positions[v], b.frames[f].positions[v], tolerance);
      for (std::size_t v = 0; v < a.frames[f].normals.size(); ++v)
        expect_vec(a.frames[f].normals[v], b.frames[f].normals[v], tolerance);
    }
  }
}

/// `source` as `expect` wants it, read with targets kept and again from its glb conversion (returned),
/// whose baked frames are the source's.
std::filesystem::path expect_kept_through_glb(const std::filesystem::path& source, void (*expect)(const Scene&)) {
  expect(read(source, true));
  const auto out = test::convert_cli(source, test::temp_dir("morph-glb") / (source.stem().string() + ".glb"));
  const Scene written = read(out, true);
  expect(written);
  expect_same_baked(written, read(source, false), 0.0f);
  return out;
}

TEST(GltfMorphTargets, AnimatedMorphCubeKeptThroughGlb) {
  AEM_CORPUS_FILE(source, "gltf/AnimatedMorphCube/AnimatedMorphCube.gltf");
  const auto out = expect_kept_through_glb(source, expect_morph_cube);
  // 2 targets, not one per baked frame: a few KB where the frames made 183 KB.
  EXPECT_LT(std::filesystem::file_size(out), 8000u);
}

TEST(GltfMorphTargets, SimpleMorphKeptThroughGlb) {
  AEM_CORPUS_FILE(source, "gltf/SimpleMorph/SimpleMorph.gltf");
  const auto out = expect_kept_through_glb(source, expect_simple_morph);
  // Baked by hand: at rest the weights are (0.5, 0.5); at 1.5 s (frame 45) halfway from key 1 (0, 1)
  // to key 2 (1, 1), i.e. (0.5, 1). Vertex 2 is (0.5, 0.5, 0) + w0 (-1, 1, 0) + w1 (1, 1, 0).
  const Scene baked = read(out, false);
  ASSERT_EQ(baked.meshes[0].frames.size(), 121u);  // 4 s at 30 frames per second, both ends
  expect_vec(baked.meshes[0].positions[2], {0.5f, 1.5f, 0.0f});
  expect_vec(baked.meshes[0].frames[45].positions[2], {1.0f, 2.0f, 0.0f});
}

TEST(GltfMorphTargets, KeptTargetsBakeIntoTheDefaultReadsFrames) {
  for (const char* name : {"gltf/AnimatedMorphCube/AnimatedMorphCube.gltf", "gltf/SimpleMorph/SimpleMorph.gltf"}) {
    SCOPED_TRACE(name);
    AEM_CORPUS_FILE(source, name);
    const Scene baked = read(source, false);
    EXPECT_FALSE(has_morph_targets(baked));
    ASSERT_FALSE(baked.meshes[0].frames.empty());
    expect_same_baked(read(source, true), baked, 0.0f);
  }
}

TEST(GltfMorphTargets, UpAxisAndScaleTurnTheDeltas) {
  AEM_CORPUS_FILE(source, "gltf/AnimatedMorphCube/AnimatedMorphCube.gltf");
  const Scene before = read(source, true);
  const auto out = test::convert_cli(source, test::temp_dir("morph-up") / "cube.glb", "--up z --scale 2");
  const Scene after = read(out, true);
  ASSERT_EQ(after.meshes.size(), 1u);
  ASSERT_EQ(after.meshes[0].targets.size(), 2u);
  // Y up -> Z up is (x, y, z) -> (x, -z, y); --scale 2 doubles lengths; normals turn without scaling.
  const auto turned = [](const Vec3& v, float s) { return Vec3{v.x, -v.z, v.y} * s; };
  for (std::size_t t = 0; t < 2; ++t) {
    const MorphTarget &a = before.meshes[0].targets[t], &b = after.meshes[0].targets[t];
    ASSERT_EQ(a.positions.size(), b.positions.size());
    ASSERT_EQ(a.normals.size(), b.normals.size());
    for (std::size_t v = 0; v < a.positions.size(); ++v) expect_vec(b.positions[v], turned(a.positions[v], 2), 1e-7f);
    for (std::size_t v = 0; v < a.normals.size(); ++v) expect_vec(b.normals[v], turned(a.normals[v], 1), 1e-6f);
  }
}

/// Every triangle corner's position in every frame of the default (baked) read.
std::vector<Vec3> corners_in_frames(const Scene& s) {
  std::vector<Vec3> out;
  for (const Mesh& m : s.meshes)
    for (const MorphFrame& f : m.frames)
      for (std::uint32_t i : m.indices) out.push_back(f.positions[i]);
  return out;
}

TEST(GltfMorphTargets, WeldKeepsEveryVertexsDeltas) {
  AEM_CORPUS_FILE(source, "gltf/AnimatedMorphCube/AnimatedMorphCube.gltf");
  const auto out = test::convert_cli(source, test::temp_dir("morph-weld") / "cube.glb", "--weld");
  const auto want = corners_in_frames(read(source, false)), got = corners_in_frames(read(out, false));
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) expect_vec(got[i], want[i], 0.0f);
}

TEST(GltfMorphTargets, ATargetWithNormalsOnlyMovesNoPosition) {
  // One triangle whose only target has NORMAL deltas (the positions accessor again), at weight 1: it
  // adds no position deltas (the reader used to index the target's empty position array).
  const std::string text =
      R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
      R"("meshes":[{"primitives":[{"attributes":{"POSITION":0,"NORMAL":0},"targets":[{"NORMAL":0}]}],"weights":[1]}],)"
      R"("accessors":[{"bufferView":0,"componentType":5126,"type":"VEC3","count":3}],)"
      R"("bufferViews":[{"buffer":0,"byteLength":36}],"buffers":[{"byteLength":36,"uri":)"
      R"("data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}]})";
  const auto bytes = std::as_bytes(std::span(text.data(), text.size()));
  ReadOptions keep;
  keep.keep_morph_targets = true;
  auto kept = read_scene(bytes, "normals-only.gltf", keep);
  ASSERT_TRUE(kept) << kept.error().to_string();
  ASSERT_EQ(kept->meshes[0].targets.size(), 1u);
  EXPECT_TRUE(kept->meshes[0].targets[0].positions.empty());
  EXPECT_EQ(kept->meshes[0].targets[0].normals.size(), 3u);
  auto baked = read_scene(bytes, "normals-only.gltf");
  ASSERT_TRUE(baked) << baked.error().to_string();
  EXPECT_TRUE(baked->meshes[0].targets.empty());
  EXPECT_EQ(baked->meshes[0].positions, (std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}));
  expect_vec(baked->meshes[0].normals[1], {1, 0, 0});  // (1, 0, 0) + 1 * (1, 0, 0), made unit
}

/// One triangle (0,0,0) (1,0,0) (0,1,0) whose target moves each corner by its own position, mesh
/// weights [0], shown by nodes with the given JSON members.
std::string triangle_shown_by(const std::string& first_node, const std::string& second_node) {
  return R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1]}],"nodes":[{"mesh":0)" + first_node +
         R"(},{"mesh":0)" + second_node +
         R"(}],)"
         R"("meshes":[{"primitives":[{"attributes":{"POSITION":0},"targets":[{"POSITION":0}]}],"weights":[0]}],)"
         R"("accessors":[{"bufferView":0,"componentType":5126,"type":"VEC3","count":3,"min":[0,0,0],"max":[1,1,0]}],)"
         R"("bufferViews":[{"buffer":0,"byteLength":36}],"buffers":[{"byteLength":36,"uri":)"
         R"("data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}]})";
}

Result<Scene> read_text(const std::string& text, bool keep) {
  ReadOptions options;
  options.keep_morph_targets = keep;
  return read_scene(std::as_bytes(std::span(text.data(), text.size())), "weights.gltf", options);
}

TEST(GltfMorphTargets, ANodesWeightsReplaceTheMeshsDefaults) {
  // The first node showing the mesh says 0.5, the second 0.25: the first's weights are the defaults,
  // and the baked rest shape is the triangle plus half its target (each corner at 1.5 times itself).
  const std::string text = triangle_shown_by(R"(,"weights":[0.5])", R"(,"weights":[0.25])");
  auto kept = read_text(text, true);
  ASSERT_TRUE(kept) << kept.error().to_string();
  EXPECT_EQ(kept->meshes[0].target_weights, (std::vector<float>{0.5f}));
  EXPECT_TRUE(kept.warnings.empty());
  auto baked = read_text(text, false);
  ASSERT_TRUE(baked) << baked.error().to_string();
  EXPECT_EQ(baked->meshes[0].positions, (std::vector<Vec3>{{0, 0, 0}, {1.5f, 0, 0}, {0, 1.5f, 0}}));
}

TEST(GltfMorphTargets, NodeWeightsOfTheWrongLengthAreIgnoredWithAWarning) {
  auto kept = read_text(triangle_shown_by(R"(,"weights":[1,2])", ""), true);
  ASSERT_TRUE(kept) << kept.error().to_string();
  EXPECT_EQ(kept->meshes[0].target_weights, (std::vector<float>{0.0f}));
  ASSERT_EQ(kept.warnings.size(), 1u);
  EXPECT_EQ(kept.warnings[0].code, "GLTF_NODE_WEIGHTS_IGNORED");
  EXPECT_EQ(kept.warnings[0].path, "nodes[0].weights");
}

TEST(GltfMorphTargets, TangentDeltasAreToldDroppedOncePerPrimitive) {
  // Two targets with POSITION and TANGENT deltas: the position deltas are kept, the tangents told once.
  std::string text = triangle_shown_by("", "");
  const std::string one = R"("targets":[{"POSITION":0}])";
  text.replace(text.find(one), one.size(), R"("targets":[{"POSITION":0,"TANGENT":0},{"POSITION":0,"TANGENT":0}])");
  text.replace(text.find(R"("weights":[0])"), 13, R"("weights":[0,0])");
  auto kept = read_text(text, true);
  ASSERT_TRUE(kept) << kept.error().to_string();
  ASSERT_EQ(kept->meshes[0].targets.size(), 2u);
  EXPECT_EQ(kept->meshes[0].targets[1].positions.size(), 3u);
  ASSERT_EQ(kept.warnings.size(), 1u);
  EXPECT_EQ(kept.warnings[0].code, "GLTF_MORPH_TANGENTS_DROPPED");
  EXPECT_EQ(kept.warnings[0].path, "meshes[0].primitives[0].targets[0].TANGENT");
}

// An FBX take that moves a joint, a blend shape kept as a target and one baked into frames (in-betweens)
// is one glTF animation: the frames' one-hot weights join the take's joint and weights channels rather
// than a second animation of the same name, which a viewer would play on its own.
TEST(GltfMorphTargets, FramesPlayInTheAnimationOfTheirName) {
  Scene scene;
  scene.joints.push_back(Joint{.name = "root"});
  Mesh kept;
  kept.name = "kept";
  kept.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  kept.indices = {0, 1, 2};
  kept.targets = {{"lift", {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}, {}}};
  kept.target_weights = {0};
  Mesh baked = kept;
  baked.name = "baked";
  baked.targets.clear(), baked.target_weights.clear();
  for (float z : {0.0f, 0.5f, 1.0f}) baked.frames.push_back({{{0, 0, z}, {1, 0, z}, {0, 1, z}}, {}, {}});
  scene.meshes = {kept, baked};
  scene.nodes = {Node{.name = "kept", .meshes = {0}}, Node{.name = "baked", .meshes = {1}}};
  Animation take{.name = "take", .duration = 2.0f / 30.0f};
  Channel turn{.joint = 0};
  turn.rotation = {{0, Quat{}}, {take.duration, Quat{0, 0.7071068f, 0, 0.7071068f}}};
  take.channels.push_back(turn);
  take.weight_tracks.push_back({.mesh = 0, .times = {0, take.duration}, .weights = {0, 1}});
  scene.animations.push_back(take);
  scene.vertex_animation = {"take", 30.0f, 3};

  const auto glb = test::temp_dir("morph-frames-take") / "take.glb";
  const Status written = write_scene(glb, scene);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  const Scene back = read(glb, true);
  ASSERT_EQ(back.animations.size(), 1u);
  EXPECT_EQ(back.animations[0].name, "take");
  EXPECT_EQ(back.animations[0].channels.size(), 1u);
  EXPECT_EQ(back.animations[0].weight_tracks.size(), 2u) << "the kept target's weights and the frames' weights";
}

TEST(GltfMorphTargets, OutputPassesTheValidator) {
  if (!test::validator_installed())
    GTEST_FAIL() << "the glTF validator is missing: run scripts/install-deps.sh --tests";
  AEM_CORPUS_FILE(cube, "gltf/AnimatedMorphCube/AnimatedMorphCube.gltf");
  AEM_CORPUS_FILE(simple, "gltf/SimpleMorph/SimpleMorph.gltf");
  const auto dir = test::temp_dir("morph-validate");
  const std::vector<std::filesystem::path> files{test::convert_cli(cube, dir / "cube.glb"),
                                                 test::convert_cli(cube, dir / "cube.gltf", "--weld --up z"),
                                                 test::convert_cli(simple, dir / "simple.glb", "--optimize")};
  const auto reports = test::validate_gltf(files);
  ASSERT_EQ(reports.size(), files.size());
  for (const auto& r : reports) EXPECT_EQ(r.errors, 0) << r.json;
}

}  // namespace
}  // namespace aem
