// join_level_of_detail: a coarser level that arrives as a mesh of its own (Blender re-exports each
// level as an object) becomes an index list over the finer mesh's vertices again.
#include <gtest/gtest.h>

#include "core/lod_join.hpp"

namespace aem {
namespace {

/// A unit square of four vertices (two triangles), each vertex with a normal and a UV.
Mesh square() {
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  m.normals.assign(4, {0, 0, 1});
  m.uvs = {{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
  m.indices = {0, 1, 2, 0, 2, 3};
  return m;
}

TEST(LodJoin, VerticesTheBaseHasAreSharedAndNewOnesAppendedOnce) {
  Mesh base = square();
  // The level in another vertex order, one normal a little off (as Blender's re-export leaves it),
  // and one vertex the base does not have, used twice.
  Mesh level;
  level.positions = {{1, 1, 0}, {0, 0, 0}, {0.5f, 2, 0}};
  level.normals = {{0, 0, 1}, {0, 0.00005f, 1}, {0, 0, 1}};
  level.uvs = {{{1, 1}, {0, 0}, {0.5f, 2}}};
  level.indices = {1, 0, 2, 2, 0, 1};
  ASSERT_TRUE(join_level_of_detail(base, level, 1e-4f));
  ASSERT_EQ(base.vertex_count(), 5u) << "only the vertex the base lacks is added";
  EXPECT_EQ(base.positions[4], (Vec3{0.5f, 2, 0}));
  EXPECT_EQ(base.uvs[0][4], (Vec2{0.5f, 2}));
  EXPECT_EQ(base.normals[4], (Vec3{0, 0, 1}));
  EXPECT_EQ(base.indices, (std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3})) << "the finest level is untouched";
  ASSERT_EQ(base.lod_indices.size(), 1u);
  EXPECT_EQ(base.lod_indices[0], (std::vector<std::uint32_t>{0, 2, 4, 4, 2, 0}));
}

TEST(LodJoin, MeshesWithOtherArraysAreRefusedAndTheBaseLeftAsItWas) {
  Mesh base = square();
  Mesh level = square();
  level.uvs.clear();  // no UV set where the base has one
  EXPECT_FALSE(join_level_of_detail(base, level, 1e-4f));
  EXPECT_EQ(base.vertex_count(), 4u);
  EXPECT_TRUE(base.lod_indices.empty());
  Mesh past = square();
  past.indices = {0, 1, 7};  // an index past its vertices
  EXPECT_FALSE(join_level_of_detail(base, past, 1e-4f));
  EXPECT_EQ(base.vertex_count(), 4u);
}

}  // namespace
}  // namespace aem
