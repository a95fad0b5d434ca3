// NaN or infinite normals (a Q3D file through Assimp) are recomputed from the triangles in the convert
// path, with a warning, so that every output format gets a file `aem validate` accepts.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "convert/every_format.hpp"
#include "convert/normals.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();

TEST(RepairNormals, BadNormalsTakeTheirTrianglesNormalOthersStay) {
  Scene s;
  Mesh m;
  m.name = "panel";
  // Two counter-clockwise triangles in the z = 0 plane, seen from +z: their normal is +z.
  m.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  m.normals = {{kNan, 0, 1}, {0, 1, 0}, {0, std::numeric_limits<float>::infinity(), 0}, {1, 0, 0}};
  m.indices = {0, 1, 2, 0, 2, 3};
  s.meshes.push_back(m);
  const auto warnings = convert::repair_normals(s);
  const auto& n = s.meshes[0].normals;
  EXPECT_EQ(n[0], (Vec3{0, 0, 1}));
  EXPECT_EQ(n[1], (Vec3{0, 1, 0}));  // finite normals are the source's, even when they disagree
  EXPECT_EQ(n[2], (Vec3{0, 0, 1}));
  EXPECT_EQ(n[3], (Vec3{1, 0, 0}));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].code, "CONVERT_NORMALS_REPAIRED");
  EXPECT_EQ(warnings[0].path, "meshes[0].normals (mesh \"panel\")");
  EXPECT_EQ(warnings[0].message.rfind("2 ", 0), 0u) << warnings[0].message;
  EXPECT_TRUE(validate_scene(s).valid());

  s.conventions.ccw_front_faces = false;  // the same triangles seen as clockwise face -z
  s.meshes[0].normals[0].x = kNan;
  convert::repair_normals(s);
  EXPECT_EQ(s.meshes[0].normals[0], (Vec3{0, 0, -1}));
}

// An OBJ with a NaN normal (the reader keeps what the file says) converts to a valid file in every
// format aem writes.
TEST(RepairNormals, NanNormalSourceConvertsToAValidFileInEveryFormat) {
  const auto dir = test::temp_dir("normals-repaired");
  test::write_file(dir / "nan.obj", std::string("v 0 0 0\nv 1 0 0\nv 0 1 0\nvn nan 0 1\nvn 0 0 1\nf 1//1 2//2 3//2\n"));
  test::expect_valid_in_every_format(dir / "nan.obj", dir, "CONVERT_NORMALS_REPAIRED");
}

}  // namespace
}  // namespace aem
