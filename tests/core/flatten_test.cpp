// flatten_nodes: one model-space mesh per (node, mesh) instance, in node order; a mesh placed twice is
// copied for its first instance and moved into its last (the rvalue overload), with the same result.
#include <gtest/gtest.h>

#include "core/flatten.hpp"

namespace aem {
namespace {

Mesh triangle(const std::string& name) {
  Mesh m;
  m.name = name;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
  m.indices = {0, 1, 2};
  return m;
}

/// Mesh "a" placed at the origin and at x + 5; mesh "b" mirrored in x; mesh "c" placed by no node.
Scene instanced() {
  Scene s;
  s.meshes = {triangle("a"), triangle("b"), triangle("c")};
  Transform moved, mirrored;
  moved.translation = {5, 0, 0};
  mirrored.scale = {-1, 1, 1};
  s.nodes = {Node{"origin", -1, {}, {0}}, Node{"moved", -1, moved, {0}}, Node{"mirror", -1, mirrored, {1}}};
  return s;
}

void expect_flattened(const Scene& flat) {
  ASSERT_EQ(flat.meshes.size(), 3u);
  EXPECT_TRUE(flat.nodes.empty());
  EXPECT_EQ(flat.meshes[0].name, "a");
  EXPECT_EQ(flat.meshes[0].positions[1], (Vec3{1, 0, 0}));
  EXPECT_EQ(flat.meshes[1].name, "a");
  EXPECT_EQ(flat.meshes[1].positions[1], (Vec3{6, 0, 0}));
  EXPECT_EQ(flat.meshes[2].name, "b");
  EXPECT_EQ(flat.meshes[2].positions[1], (Vec3{-1, 0, 0}));
  EXPECT_EQ(flat.meshes[2].indices, (std::vector<std::uint32_t>{0, 2, 1}));  // mirrored: winding flipped
}

TEST(Flatten, EveryInstanceBecomesAModelSpaceMesh) {
  const Scene source = instanced();
  expect_flattened(flatten_nodes(source));
  EXPECT_EQ(source.meshes[0].positions[1], (Vec3{1, 0, 0}));  // the source is left as it was
  EXPECT_EQ(source.nodes.size(), 3u);
}

TEST(Flatten, AGivenUpSceneFlattensTheSame) { expect_flattened(flatten_nodes(instanced())); }

TEST(Flatten, ASceneWithoutNodesIsKept) {
  Scene s;
  s.meshes = {triangle("only")};
  const Scene flat = flatten_nodes(std::move(s));
  ASSERT_EQ(flat.meshes.size(), 1u);
  EXPECT_EQ(flat.meshes[0].positions, triangle("only").positions);
}

// The identity skips the matrix products but still normalises every direction, as a moving node does.
TEST(Flatten, AMeshAtTheOriginKeepsItsPointsAndGetsUnitDirections) {
  Mesh m = triangle("origin");
  m.positions[1] = {1.5f, -0.0f, 1e-30f};
  m.normals = {{0, 0, 2}, {0, 3, 4}, {0, 0, 1}};
  m.tangents = {{2, 0, 0, -1}, {0, 0.5f, 0, 1}, {1, 0, 0, 1}};
  m.bitangents = {{0, 2, 0}, {0, 0, 5}, {0, 1, 0}};
  Mesh shifted = m;
  const Mesh placed = place_mesh(m, Mat4{}, -1);
  EXPECT_EQ(placed.positions, m.positions);
  EXPECT_EQ(placed.normals, (std::vector<Vec3>{{0, 0, 1}, {0, 0.6f, 0.8f}, {0, 0, 1}}));
  EXPECT_EQ(placed.tangents, (std::vector<Vec4>{{1, 0, 0, -1}, {0, 1, 0, 1}, {1, 0, 0, 1}}));
  EXPECT_EQ(placed.bitangents, (std::vector<Vec3>{{0, 1, 0}, {0, 0, 1}, {0, 1, 0}}));
  // A translation moves points only: its directions match the identity's.
  Mat4 translation;
  translation.m[12] = 5;
  const Mesh moved = place_mesh(shifted, translation, -1);
  EXPECT_EQ(moved.positions[0], (Vec3{5, 0, 0}));
  EXPECT_EQ(moved.normals, placed.normals);
  EXPECT_EQ(moved.tangents, placed.tangents);
  EXPECT_EQ(moved.bitangents, placed.bitangents);
}

}  // namespace
}  // namespace aem
