// aem_vertex_summary (what `aem info` shows of a mapped AEM file) and the scene reader's mesh
// vertices, both against counts, flags and corners worked out by hand for files built record by record.
#include <gtest/gtest.h>

#include <cmath>

#include "aem/example.hpp"
#include "formats/aem/aem_format.hpp"
#include "support/raw_aem.hpp"

namespace aem {
namespace {

struct Expected {
  std::uint64_t vertices, indices;
  bool skinned;
};

AemModel validated(const std::vector<std::byte>& bytes) {
  auto model = AemModel::from_memory(bytes);
  EXPECT_TRUE(model.ok()) << model.error().to_string();
  return std::move(model.value());
}

void expect_summary(const test::RawAem& raw, const std::vector<Expected>& expected, Vec3 min, Vec3 max) {
  const auto bytes = raw.bytes();
  const AemModel model = validated(bytes);
  const formats::AemVertexSummary s = formats::aem_vertex_summary(model.view());
  ASSERT_EQ(s.meshes.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(s.meshes[i].vertex_count, expected[i].vertices) << "mesh " << i;
    EXPECT_EQ(s.meshes[i].index_count, expected[i].indices) << "mesh " << i;
    EXPECT_EQ(s.meshes[i].skinned, expected[i].skinned) << "mesh " << i;
  }
  EXPECT_EQ(s.bounds.min, min);
  EXPECT_EQ(s.bounds.max, max);
}

/// The scene reader's meshes: the counts and skin flags expected, and every triangle corner at the
/// position its file index points to.
void expect_scene(const test::RawAem& raw, const std::vector<Expected>& expected) {
  const auto bytes = raw.bytes();
  auto scene = formats::aem_read(ReadInput{bytes, "raw.aem", {}});
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  ASSERT_EQ(scene->meshes.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const Mesh& m = scene->meshes[i];
    EXPECT_EQ(m.vertex_count(), expected[i].vertices) << "mesh " << i;
    EXPECT_EQ(m.indices.size(), expected[i].indices) << "mesh " << i;
    EXPECT_EQ(!m.skin.empty(), expected[i].skinned) << "mesh " << i;
    for (std::size_t k = 0; k < m.indices.size(); ++k) {
      const float* p = raw.vertices[raw.indices[raw.meshes[i].first_index + k]].position;
      EXPECT_EQ(m.positions.at(m.indices[k]), (Vec3{p[0], p[1], p[2]})) << "mesh " << i << " corner " << k;
    }
  }
}

TEST(AemVertexSummary, ContiguousMeshesCountTheirWholeRange) {
  const test::RawAem raw = test::raw_contiguous_meshes();
  const std::vector<Expected> expected = {{3, 3, true}, {4, 6, false}, {0, 0, false}};
  // Vertex 5 lies inside mesh 1's range: counted and inside the bounds although no triangle uses it.
  expect_summary(raw, expected, {-0.0f, 0, -1}, {9, 9, 9});
  expect_scene(raw, expected);
}

TEST(AemVertexSummary, BoundsKeepTheSignOfTheFirstEqualValue) {
  const auto bytes = test::raw_contiguous_meshes().bytes();
  const AemModel model = validated(bytes);
  // -0 (mesh 0) comes before +0 (mesh 1), as in the scene's positions: `aem info` prints "-0".
  EXPECT_TRUE(std::signbit(formats::aem_vertex_summary(model.view()).bounds.min.x));
}

TEST(AemVertexSummary, SharedVerticesCountWhatEachMeshUses) {
  const test::RawAem raw = test::raw_shared_meshes();
  const std::vector<Expected> expected = {{3, 3, true}, {3, 4, false}};
  // Vertex 5, used by no mesh, is dropped and stays out of the bounds.
  expect_summary(raw, expected, {0, 0, 0}, {2, 1, 0});
  expect_scene(raw, expected);
}

/// The outline scene has everything the full one has but vertex, index and key arrays.
void expect_outline_matches(const std::vector<std::byte>& bytes) {
  const AemModel model = validated(bytes);
  auto full = formats::aem_view_to_scene(model.view());
  auto outline = formats::aem_view_to_scene(model.view(), formats::AemSceneContent::Outline);
  ASSERT_EQ(outline->meshes.size(), full->meshes.size());
  for (std::size_t i = 0; i < full->meshes.size(); ++i) {
    EXPECT_EQ(outline->meshes[i].name, full->meshes[i].name);
    EXPECT_EQ(outline->meshes[i].material, full->meshes[i].material);
    EXPECT_EQ(outline->meshes[i].vertex_count(), 0u);
    EXPECT_TRUE(outline->meshes[i].indices.empty());
  }
  ASSERT_EQ(outline.warnings.size(), full.warnings.size());
  for (std::size_t i = 0; i < full.warnings.size(); ++i)
    EXPECT_EQ(outline.warnings[i].to_string(), full.warnings[i].to_string());
  EXPECT_EQ(outline->textures.size(), full->textures.size());
  EXPECT_EQ(outline->materials.size(), full->materials.size());
  EXPECT_EQ(outline->joints.size(), full->joints.size());
  ASSERT_EQ(outline->animations.size(), full->animations.size());
  for (std::size_t a = 0; a < full->animations.size(); ++a) {
    EXPECT_EQ(outline->animations[a].name, full->animations[a].name);
    EXPECT_EQ(outline->animations[a].duration, full->animations[a].duration);
    ASSERT_EQ(outline->animations[a].channels.size(), full->animations[a].channels.size());
    for (const Channel& ch : outline->animations[a].channels)
      EXPECT_TRUE(ch.translation.empty() && ch.rotation.empty() && ch.scale.empty());
  }
}

TEST(AemVertexSummary, OutlineSceneKeepsEverythingButBulkArrays) {
  expect_outline_matches(test::raw_shared_meshes().bytes());
  ExampleOptions tube;
  tube.joints = 3;
  auto animated = formats::aem_write(make_example_scene(tube), {});
  ASSERT_TRUE(animated.ok()) << animated.error().to_string();
  expect_outline_matches(animated.value());
}

}  // namespace
}  // namespace aem
