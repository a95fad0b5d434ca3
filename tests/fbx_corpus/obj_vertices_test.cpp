#include <gtest/gtest.h>

#include <stdexcept>

#include "fbx_corpus/manifest.hpp"
#include "fbx_corpus/obj_vertices.hpp"

namespace aem::fbx_corpus {
namespace {

TEST(ObjVertices, OnlyVertexLinesFirstThreeNumbers) {
  const auto v =
      obj_vertices("# v 9 9 9\r\nv 1 2 3\r\nvt 0.5 0.5\nvn 0 1 0\nv\t-1.5e1 +2 0.25 1 0 0\ng x\nf 1 2 1\nv 4 5 6");
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0], (Vec3{1, 2, 3}));
  EXPECT_EQ(v[1], (Vec3{-15, 2, 0.25f}));
  EXPECT_EQ(v[2], (Vec3{4, 5, 6}));
}

TEST(ObjVertices, ShortVertexLineNamesTheLine) {
  try {
    obj_vertices("v 1 2 3\nv 1 2\n");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
  }
}

TEST(Manifest, FieldsAndNone) {
  const auto c =
      parse_manifest_line("a1\tx.fbx\tx.glb\tx.obj\twiggle\t0.75\t100\t0.7,-0.7,0,0\tright_handed_z_up\t1\r");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->id, "a1");
  EXPECT_EQ(c->animation, "wiggle");
  EXPECT_EQ(c->time, 0.75);
  EXPECT_EQ(c->placement.scale, 100.0);
  EXPECT_EQ(c->placement.rotation[1], -0.7);
  ASSERT_TRUE(c->placement.load_axes);
  EXPECT_EQ(c->placement.load_axes->up, 4);
  EXPECT_EQ(c->placement.load_unit_meters, 1.0);
  const auto stored = parse_manifest_line("s\tx.fbx\tx.glb\tx.obj\t-\t-\t1\t1,0,0,0\t-\t-");
  ASSERT_TRUE(stored);
  EXPECT_FALSE(stored->animation);
  EXPECT_FALSE(stored->time);
  EXPECT_FALSE(stored->placement.load_axes);
  EXPECT_FALSE(parse_manifest_line("# comment"));
  EXPECT_FALSE(parse_manifest_line(""));
}

TEST(Manifest, BadLinesAreErrors) {
  EXPECT_THROW(parse_manifest_line("a\tb"), std::runtime_error);
  EXPECT_THROW(parse_manifest_line("s\tx.fbx\tx.glb\tx.obj\t-\tsoon\t1\t1,0,0,0\t-\t-"), std::runtime_error);
  EXPECT_THROW(parse_manifest_line("s\tx.fbx\tx.glb\tx.obj\t-\t-\t1\t1,0,0\t-\t-"), std::runtime_error);
  EXPECT_THROW(parse_manifest_line("s\tx.fbx\tx.glb\tx.obj\t-\t-\t1\t1,0,0,0\tsideways\t-"), std::runtime_error);
  EXPECT_THROW(parse_manifest_line("s\tx.fbx\tx.glb\tx.obj\t-\t-\tnan\t1,0,0,0\t-\t-"), std::runtime_error);
}

}  // namespace
}  // namespace aem::fbx_corpus
