// E3D keeps morph targets (ReadOptions::keep_morph_targets): a hand-built scene's targets, default
// weights and weight keys survive .e3d and come back as written; glTF's AnimatedMorphCube keeps its two
// named targets through E3D on to glb. Without keep the weight keys are baked into frames.
#include <gtest/gtest.h>

#include "aem/convert.hpp"
#include "aem/io.hpp"
#include "formats/e3d/e3d_format.hpp"
#include "support/corpus.hpp"
#include "support/read_targets.hpp"

namespace aem {
namespace {

constexpr float kNormalTol = 2.0f / 511.0f;  // one 10-bit step each for the base and the target normal

/// A triangle with two targets: "lift" raises vertex 0 and turns its normal to +x, "push" moves
/// vertex 2 along x; weights 0.25 and 0.5; keys at frames 0, 30 and 60 (0, 1 and 2 s at 30 fps).
Scene two_target_triangle() {
  Scene s;
  s.conventions = formats::e3d_conventions();
  Mesh m;
  m.name = "tri";
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
  m.indices = {0, 1, 2};
  m.targets.push_back({"lift", {{0, 0, 0.5f}, {0, 0, 0}, {0, 0, 0}}, {{1, 0, -1}, {0, 0, 0}, {0, 0, 0}}});
  m.targets.push_back({"push", {{0, 0, 0}, {0, 0, 0}, {0.75f, 0, 0}}, {}});
  m.target_weights = {0.25f, 0.5f};
  s.meshes.push_back(std::move(m));
  Node n;
  n.name = "holder";
  n.meshes = {0};
  s.nodes.push_back(std::move(n));
  Animation a;
  a.name = "pulse";
  a.duration = 2.0f;
  a.weight_tracks.push_back({0, Interpolation::Linear, {0.0f, 1.0f, 2.0f}, {0.0f, 1.0f, 1.0f, 0.0f, 0.5f, 0.25f}});
  s.animations.push_back(std::move(a));
  return s;
}

Scene read(const std::filesystem::path& path, bool keep) { return test::read_keeping_targets(path, keep); }

void expect_vec(const Vec3& got, const Vec3& want, float tolerance, const std::string& what) {
  EXPECT_NEAR(got.x, want.x, tolerance) << what;
  EXPECT_NEAR(got.y, want.y, tolerance) << what;
  EXPECT_NEAR(got.z, want.z, tolerance) << what;
}

std::filesystem::path written_triangle() {
  const auto path = test::temp_dir("e3d-morph") / "triangle.e3d";
  auto written = write_scene(path, two_target_triangle());
  EXPECT_TRUE(written) << (written ? "" : written.error().message);
  return path;
}

TEST(E3dMorphTargets, TargetsWeightsAndKeysRoundTrip) {
  const Scene want = two_target_triangle();
  const Scene got = read(written_triangle(), true);
  ASSERT_EQ(got.meshes.size(), 1u);
  const Mesh& m = got.meshes[0];
  EXPECT_TRUE(m.frames.empty());
  EXPECT_TRUE(got.joints.empty()) << "a track of weight keys alone moves no node";
  ASSERT_EQ(m.targets.size(), 2u);
  EXPECT_EQ(m.target_weights, want.meshes[0].target_weights);
  for (std::size_t t = 0; t < 2; ++t) {
    const MorphTarget& w = want.meshes[0].targets[t];
    EXPECT_EQ(m.targets[t].name, w.name);
    ASSERT_EQ(m.targets[t].positions.size(), 3u);
    for (std::size_t v = 0; v < 3; ++v)
      expect_vec(m.targets[t].positions[v], w.positions[v], 1e-6f, w.name + " position " + std::to_string(v));
  }
  ASSERT_EQ(m.targets[0].normals.size(), 3u);
  expect_vec(m.targets[0].normals[0], {1, 0, -1}, kNormalTol, "lift normal 0");
  expect_vec(m.targets[0].normals[1], {0, 0, 0}, kNormalTol, "lift normal 1");
  EXPECT_TRUE(m.targets[1].normals.empty()) << "push moves no normal";
  ASSERT_EQ(got.animations.size(), 1u);
  ASSERT_EQ(got.animations[0].weight_tracks.size(), 1u);
  const WeightTrack& track = got.animations[0].weight_tracks[0];
  EXPECT_EQ(track.mesh, 0u);
  EXPECT_EQ(track.times, want.animations[0].weight_tracks[0].times);
  EXPECT_EQ(track.weights, want.animations[0].weight_tracks[0].weights);
}

// Without keep, the weight keys play the morphs: 2 s baked at 30 frames a second, both ends, each frame
// the base shape plus each target at the keys' weight then (worked out here from the keys above).
TEST(E3dMorphTargets, WithoutKeepTheWeightKeysAreBakedIntoFrames) {
  const Scene got = read(written_triangle(), false);
  ASSERT_EQ(got.meshes.size(), 1u);
  const Mesh& m = got.meshes[0];
  EXPECT_TRUE(m.targets.empty());
  ASSERT_EQ(m.frames.size(), 61u);
  EXPECT_EQ(got.vertex_animation.frame_count, 61u);
  EXPECT_EQ(got.vertex_animation.name, "pulse");
  // At rest the default weights (0.25, 0.5): vertex 0 up by 0.25 * 0.5, vertex 2 along x by 0.5 * 0.75.
  expect_vec(m.positions[0], {0, 0, 0.125f}, 1e-6f, "rest vertex 0");
  expect_vec(m.positions[2], {0.375f, 1, 0}, 1e-6f, "rest vertex 2");
  // The keys give (lift, push) = (0, 1) at 0 s, (1, 0) at 1 s, (0.5, 0.25) at 2 s: frame 30 is 1 s, frame
  // 45 halfway to the last key, (0.75, 0.125).
  expect_vec(m.frames[0].positions[0], {0, 0, 0}, 1e-6f, "frame 0 vertex 0");
  expect_vec(m.frames[0].positions[2], {0.75f, 1, 0}, 1e-6f, "frame 0 vertex 2");
  expect_vec(m.frames[30].positions[0], {0, 0, 0.5f}, 1e-6f, "frame 30 vertex 0");
  expect_vec(m.frames[30].positions[2], {0, 1, 0}, 1e-6f, "frame 30 vertex 2");
  expect_vec(m.frames[45].positions[0], {0, 0, 0.375f}, 1e-6f, "frame 45 vertex 0");
  expect_vec(m.frames[45].positions[2], {0.09375f, 1, 0}, 1e-6f, "frame 45 vertex 2");
}

TEST(E3dMorphTargets, AnimatedMorphCubeKeepsThinAndAngleThroughE3dToGlb) {
  AEM_CORPUS_FILE(source, "gltf/AnimatedMorphCube/AnimatedMorphCube.gltf");
  const auto dir = test::temp_dir("e3d-morph-cube");
  ASSERT_TRUE(convert::convert_file(source, dir / "cube.e3d", convert::ConvertOptions{}));
  ASSERT_TRUE(convert::convert_file(dir / "cube.e3d", dir / "cube.glb", convert::ConvertOptions{}));
  const Scene got = read(dir / "cube.glb", true);
  ASSERT_EQ(got.meshes.size(), 1u);
  ASSERT_EQ(got.meshes[0].targets.size(), 2u);
  EXPECT_EQ(got.meshes[0].targets[0].name, "thin");
  EXPECT_EQ(got.meshes[0].targets[1].name, "angle");
  ASSERT_EQ(got.animations.size(), 1u);
  ASSERT_EQ(got.animations[0].weight_tracks.size(), 1u);
  EXPECT_EQ(got.animations[0].weight_tracks[0].times.size(), 127u);
}

}  // namespace
}  // namespace aem
