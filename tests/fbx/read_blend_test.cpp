// Blend shapes: the rest shape has each channel at the weight the file stores, and the active take's
// weight animation plays as vertex animation, in every flavour; in-between shapes (FBX 7 only: FBX 6.1
// has one shape per channel) blend the two shapes around the weight. Expected vertices by hand.
#include <gtest/gtest.h>

#include "fbx/blend_quads.hpp"
#include "fbx/fbx_flavours.hpp"
#include "support/corpus.hpp"
#include "support/posed_geometry.hpp"

namespace aem::test {
namespace {

class FbxBlend : public testing::TestWithParam<FbxFlavour> {};

/// The quad's corners in metres with corner 2 raised by `lift` (0..1) of 10 cm and corner 1 moved
/// along X by `wide` cm.
std::vector<Vec3> quad(double lift, double wide = 0) {
  return {{0, 0, 0},
          {static_cast<float>((10 + wide) * 0.01), 0, 0},
          {0.1f, 0.1f, static_cast<float>(lift * 0.1)},
          {0, 0.1f, 0}};
}

TEST_P(FbxBlend, RestShapeHasTheStoredWeight) {
  const Scene s = read_fbx(lifting_quad(), GetParam());
  const auto cmp = compare_frame(quad(0.25), posed_vertices(s, PoseAt::rest()), 1e-5);
  EXPECT_TRUE(cmp.matched()) << cmp.distance.larger() << " > " << cmp.limit;
}

TEST_P(FbxBlend, WeightAnimationPlaysAsVertexAnimation) {
  const Scene s = read_fbx(lifting_quad(), GetParam());
  ASSERT_EQ(s.animations.size(), 1u);
  EXPECT_EQ(s.animations[0].name, "talk");
  EXPECT_EQ(s.vertex_animation.name, "talk");
  EXPECT_EQ(s.vertex_animation.frame_rate, 24.0f);
  EXPECT_EQ(s.vertex_animation.frame_count, 49u) << "2 s at 24 frames a second, both ends";
  for (float t : {0.0f, 0.5f, 1.0f, 2.0f}) {
    const auto cmp = compare_frame(quad(t / 2.0), posed_vertices(s, PoseAt::animated(0, t)), 1e-5);
    EXPECT_TRUE(cmp.matched()) << "t = " << t << ": " << cmp.distance.larger() << " > " << cmp.limit;
  }
}

/// `s` at rest is the quad with the stored weights of quad_with_in_betweens.
void expect_in_between_rest(const Scene& s) {
  const auto cmp = compare_frame(quad(0.25, 0.5 * 5 + 0.5 * 20), posed_vertices(s, PoseAt::rest()), 1e-5);
  EXPECT_TRUE(cmp.matched()) << cmp.distance.larger() << " > " << cmp.limit;
}

TEST_P(FbxBlend, InBetweenShapesBlendAroundTheWeight) {
  if (GetParam().version < 7000) GTEST_SKIP() << "FBX 6.1 has one shape per channel";
  fbx::Document doc = quad_with_in_betweens();
  expect_in_between_rest(read_fbx(doc, GetParam()));
  doc.nodes[0].mesh.blend_channels[1].deform_percent = 25.0;  // below the first in-between: half of it
  const auto cmp = compare_frame(quad(0.25, 0.5 * 5), posed_vertices(read_fbx(doc, GetParam()), PoseAt::rest()), 1e-5);
  EXPECT_TRUE(cmp.matched()) << cmp.distance.larger() << " > " << cmp.limit;
}

/// `doc` in `flavour`, read with morph targets kept.
Scene read_keeping_targets(const fbx::Document& doc, const FbxFlavour& flavour) {
  ReadOptions keep;
  keep.keep_morph_targets = true;
  Result<Scene> scene = read_scene(fbx::write_fbx(doc, flavour.encoding, flavour.version), "made.fbx", keep);
  if (!scene) {
    ADD_FAILURE() << scene.error().to_string();
    return {};
  }
  return std::move(scene.value());
}

// Kept, the channel is a target "lift" (corner 2 up 10 cm) at its stored 25 %, over the unmoved quad,
// and the take's weights a track at the file's 24 frames a second; each of the default read's frames
// is that quad plus the track's weight at the frame times the target.
TEST_P(FbxBlend, KeptAsATargetWithItsWeightTrack) {
  const Scene kept = read_keeping_targets(lifting_quad(), GetParam());
  ASSERT_EQ(kept.meshes.size(), 1u);
  const Mesh& m = kept.meshes[0];
  ASSERT_EQ(m.targets.size(), 1u);
  EXPECT_EQ(m.targets[0].name, "lift");
  EXPECT_EQ(m.target_weights, (std::vector<float>{0.25f}));
  EXPECT_TRUE(m.frames.empty());
  ASSERT_EQ(m.targets[0].positions.size(), m.positions.size());
  for (std::size_t v = 0; v < m.positions.size(); ++v) {
    const bool raised = std::abs(m.positions[v].x - 0.1f) < 1e-6f && std::abs(m.positions[v].y - 0.1f) < 1e-6f;
    EXPECT_NEAR(m.positions[v].z, 0.0f, 1e-7f) << v;  // the base, without the stored weight
    EXPECT_NEAR(m.targets[0].positions[v].z, raised ? 0.1f : 0.0f, 1e-6f) << v;
  }
  ASSERT_EQ(kept.animations.size(), 1u);
  EXPECT_EQ(kept.animations[0].name, "talk");
  ASSERT_EQ(kept.animations[0].weight_tracks.size(), 1u);
  const WeightTrack& track = kept.animations[0].weight_tracks[0];
  ASSERT_EQ(track.times.size(), 49u);
  ASSERT_EQ(track.weights.size(), 49u);
  EXPECT_FLOAT_EQ(track.times[24], 1.0f);
  EXPECT_FLOAT_EQ(track.weights.front(), 0.0f);
  EXPECT_FLOAT_EQ(track.weights.back(), 1.0f);

  const Scene baked = read_fbx(lifting_quad(), GetParam());
  ASSERT_EQ(baked.meshes.size(), 1u);
  ASSERT_EQ(baked.meshes[0].frames.size(), track.times.size());
  for (std::size_t f = 0; f < track.times.size(); ++f)
    for (std::size_t v = 0; v < m.positions.size(); ++v)
      EXPECT_NEAR(baked.meshes[0].frames[f].positions[v].z,
                  m.positions[v].z + track.weights[f] * m.targets[0].positions[v].z, 1e-6f)
          << "frame " << f << ", vertex " << v;
}

/// `kept` holds one mesh with one target whose normal deltas are `delta` at the vertex at `raised`
/// (metres) and zero elsewhere.
void expect_target_normals(const Scene& kept, const Vec3& raised, const Vec3& delta) {
  ASSERT_EQ(kept.meshes.size(), 1u);
  const Mesh& m = kept.meshes[0];
  ASSERT_EQ(m.targets.size(), 1u);
  ASSERT_EQ(m.targets[0].normals.size(), m.positions.size());
  for (std::size_t v = 0; v < m.positions.size(); ++v) {
    const Vec3 expected = length(m.positions[v] - raised) < 1e-6f ? delta : Vec3{};
    EXPECT_NEAR(length(m.targets[0].normals[v] - expected), 0.0f, 1e-6f) << v;
  }
}

// A shape with normal offsets (Maya writes them) keeps them as the target's normal deltas, per corner
// of the vertex they belong to, and they reach a .glb as the target's NORMAL.
TEST_P(FbxBlend, KeptTargetsCarryTheShapesNormalOffsets) {
  const Scene kept = read_keeping_targets(lifting_quad_with_normals(), GetParam());
  expect_target_normals(kept, {0.1f, 0.1f, 0}, {0, -0.5f, 0});
  if (HasFatalFailure()) return;
  const Mesh& m = kept.meshes[0];

  const auto glb = temp_dir("fbx-target-normals") / "quad.glb";
  const Status written = write_scene(glb, kept);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  ReadOptions keep;
  keep.keep_morph_targets = true;
  const Result<Scene> back = read_scene(glb, keep);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back->meshes.size(), 1u);
  ASSERT_EQ(back->meshes[0].targets.size(), 1u);
  EXPECT_EQ(back->meshes[0].targets[0].normals, m.targets[0].normals);
}

// A geometric transform (3ds Max's object offset) moves the shapes with the vertices: the quad turned
// 90 degrees about X, (x, y, z) -> (x, -z, y), lifts corner 2 along -Y, and a kept target's normal
// offset (0, -0.5, 0) turns to (0, 0, -0.5).
TEST_P(FbxBlend, ShapesFollowTheGeometricTransform) {
  fbx::Document doc = lifting_quad();
  doc.nodes[0].geometric_rotation = {90, 0, 0};
  const std::vector<Vec3> rest = {{0, 0, 0}, {0.1f, 0, 0}, {0.1f, -0.025f, 0.1f}, {0, 0, 0.1f}};
  const auto cmp = compare_frame(rest, posed_vertices(read_fbx(doc, GetParam()), PoseAt::rest()), 1e-5);
  EXPECT_TRUE(cmp.matched()) << cmp.distance.larger() << " > " << cmp.limit;

  fbx::Document shaded = lifting_quad_with_normals();
  shaded.nodes[0].geometric_rotation = {90, 0, 0};
  expect_target_normals(read_keeping_targets(shaded, GetParam()), {0.1f, 0, 0.1f}, {0, 0, -0.5f});
}

TEST_P(FbxBlend, InBetweenShapesStayBakedWhenTargetsAreKept) {
  if (GetParam().version < 7000) GTEST_SKIP() << "FBX 6.1 has one shape per channel";
  const Scene kept = read_keeping_targets(quad_with_in_betweens(), GetParam());
  ASSERT_EQ(kept.meshes.size(), 1u);
  EXPECT_TRUE(kept.meshes[0].targets.empty());
  EXPECT_EQ(kept.meshes[0].frames.size(), 49u);
  expect_in_between_rest(kept);
}

// Maya and Max write a "Take 001" into files with nothing animated. Such a take holds no keys for any
// output: it is left out, and the weight animation's take, which moves no joint either, stays and
// reaches glTF as morph weights under its own name, with no warning about an empty animation.
TEST_P(FbxBlend, TakesThatMoveNothingAreLeftOut) {
  fbx::Document doc = lifting_quad();
  doc.takes.insert(doc.takes.begin(), fbx::Take{"Take 001", 0.0, 1.0, {}});
  const Scene s = read_fbx(doc, GetParam());
  ASSERT_EQ(s.animations.size(), 1u);
  EXPECT_EQ(s.animations[0].name, "talk");
  const auto glb = temp_dir("fbx-empty-take") / "quad.glb";
  const Status written = write_scene(glb, s);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_FALSE(has_code(written.warnings, "GLTF_WRITE_EMPTY_ANIMATION"));
  const Result<Scene> back = read_scene(glb);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back->animations.size(), 1u);
  EXPECT_EQ(back->animations[0].name, "talk");

  doc.nodes[0].mesh.blend_channels.clear();
  doc.takes.resize(1);
  doc.active_take = "Take 001";
  EXPECT_TRUE(read_fbx(doc, GetParam()).animations.empty());
}

INSTANTIATE_TEST_SUITE_P(Flavours, FbxBlend, testing::ValuesIn(all_flavours()), flavour_name);

}  // namespace
}  // namespace aem::test
