// The OBJ reader (the FBX reader's steps over ufbx's OBJ parser): numbers as written, one mesh per
// object, normals as the file gives them or as its smoothing groups say, lines and points dropped by
// name, no units or axes claimed; an .obj never reaches Assimp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "aem/io.hpp"
#include "support/corpus.hpp"
#include "support/vec_expect.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;

/// `text` as `name` in a fresh folder, read by the reader its extension picks.
Result<Scene> read_obj(const std::string& text, const std::string& name = "model.obj") {
  const fs::path dir = test::temp_dir("obj-read");
  test::write_file(dir / name, text);
  return read_scene(dir / name);
}

std::vector<Vec3> sorted(std::vector<Vec3> v) {
  std::sort(v.begin(), v.end(),
            [](const Vec3& a, const Vec3& b) { return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z); });
  return v;
}

/// Each position of `m` with its normal, ordered by position.
std::vector<std::pair<Vec3, Vec3>> normals_by_position(const Mesh& m) {
  std::vector<std::pair<Vec3, Vec3>> out;
  for (std::size_t i = 0; i < m.positions.size(); ++i) out.push_back({m.positions[i], m.normals.at(i)});
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return std::tie(a.first.x, a.first.y, a.first.z, a.second.x, a.second.y, a.second.z) <
           std::tie(b.first.x, b.first.y, b.first.z, b.second.x, b.second.y, b.second.z);
  });
  return out;
}

TEST(ObjRead, ObjHasAReaderOfItsOwnAndAssimpNone) {
  for (const char* name : {"a.obj", "b.OBJ"}) {
    const FormatHandler* f = format_for_extension(name, FormatUse::Read);
    ASSERT_NE(f, nullptr) << name;
    EXPECT_EQ(f->name, "obj") << name;
    EXPECT_EQ(f->write, nullptr) << "read only";
  }
  if (const FormatHandler* assimp = find_format("assimp"))
    EXPECT_EQ(std::find(assimp->extensions.begin(), assimp->extensions.end(), ".obj"), assimp->extensions.end());
}

TEST(ObjRead, NumbersAsWrittenWithNoUnitsOrAxesClaimed) {
  // OBJ declares neither: a reader that claimed centimetres or Z up would be inventing it.
  auto s = read_obj("# Blender 3.4.1\no Quad\nv 0 0 0\nv 2 0 0\nv 2 1 0\nv 0 1 0\nf 1 2 3 4\n");
  ASSERT_TRUE(s) << s.error().to_string();
  EXPECT_EQ(s->source_format, "OBJ");
  EXPECT_TRUE(s->source_notes.empty());
  EXPECT_EQ(s->conventions, Conventions{});
  ASSERT_EQ(s->meshes.size(), 1u);
  const Mesh& m = s->meshes[0];
  EXPECT_EQ(m.triangle_count(), 2u) << "the quad in two triangles";
  EXPECT_EQ(sorted(m.positions), sorted({{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {0, 1, 0}}));
  ASSERT_EQ(s->nodes.size(), 1u);
  EXPECT_EQ(s->nodes[0].local.translation, (Vec3{0, 0, 0}));
  EXPECT_EQ(s->nodes[0].local.scale, (Vec3{1, 1, 1}));
}

TEST(ObjRead, NegativeIndicesCountBackFromTheLastVertex) {
  // -1 is the vertex read last: the same two triangles either way.
  const std::string vertices = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n";
  auto forward = read_obj(vertices + "f 1 2 3\nf 1 3 4\n");
  auto backward = read_obj(vertices + "f -4 -3 -2\nf -4 -2 -1\n");
  ASSERT_TRUE(forward && backward);
  ASSERT_EQ(backward->meshes.size(), 1u);
  EXPECT_EQ(backward->meshes[0].positions, forward->meshes[0].positions);
  EXPECT_EQ(backward->meshes[0].indices, forward->meshes[0].indices);
}

TEST(ObjRead, OneMeshPerObjectAndPerGroupWithoutObjects) {
  const std::string vertices = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\n";
  // Groups inside an object are parts of it (a game wants one mesh per object, not per selection set).
  auto objects = read_obj(vertices + "o Left\ng a\nf 1 2 3\ng b\nf 2 4 3\no Right\nf 1 2 4\n");
  ASSERT_TRUE(objects) << objects.error().to_string();
  ASSERT_EQ(objects->meshes.size(), 2u);
  EXPECT_EQ(objects->meshes[0].name, "Left");
  EXPECT_EQ(objects->meshes[0].triangle_count(), 2u);
  EXPECT_EQ(objects->meshes[1].name, "Right");
  ASSERT_EQ(objects->nodes.size(), 2u);
  EXPECT_EQ(objects->nodes[0].name, "Left");
  EXPECT_EQ(objects->nodes[0].meshes, std::vector<std::uint32_t>{0});

  auto groups = read_obj(vertices + "g a\nf 1 2 3\ng b\nf 2 4 3\n");
  ASSERT_TRUE(groups);
  ASSERT_EQ(groups->meshes.size(), 2u);
  EXPECT_EQ(groups->meshes[0].name, "a");
  EXPECT_EQ(groups->meshes[1].name, "b");
}

TEST(ObjRead, VertexColoursAfterThePosition) {
  auto s = read_obj("v 0 0 0 1 0 0\nv 1 0 0 0 1 0\nv 0 1 0 0 0 0.5\nf 1 2 3\n");
  ASSERT_TRUE(s) << s.error().to_string();
  const Mesh& m = s->meshes.at(0);
  ASSERT_EQ(m.colors.size(), 1u);
  for (std::size_t i = 0; i < m.positions.size(); ++i) {
    const Vec3 p = m.positions[i];
    const Vec4 want = p == Vec3{0, 0, 0}   ? Vec4{1, 0, 0, 1}
                      : p == Vec3{1, 0, 0} ? Vec4{0, 1, 0, 1}
                                           : Vec4{0, 0, 0.5f, 1};
    EXPECT_EQ(m.colors[0][i], want) << i;
  }
}

TEST(ObjRead, GivenNormalsAreKeptAtUnitLength) {
  auto s = read_obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 2\nf 1//1 2//1 3//1\n");
  ASSERT_TRUE(s) << s.error().to_string();
  for (const Vec3& n : s->meshes.at(0).normals) EXPECT_EQ(n, (Vec3{0, 0, 1}));
}

// Two triangles of equal area folded along their shared edge (0,0,0)-(0,1,0): the first faces +z,
// the second -x. By the OBJ specification, faces without a smoothing group (no `s`, `s off`, `s 0`)
// are shaded flat and faces of one group smoothly.
const std::string kFold = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n";
const std::string kFoldFaces = "f 1 2 3\nf 3 1 4\n";

TEST(ObjRead, WithoutNormalsOrSmoothingGroupsFacesAreFlat) {
  for (const std::string& smoothing : {std::string(), std::string("s off\n"), std::string("s 0\n")}) {
    SCOPED_TRACE(smoothing);
    auto s = read_obj(kFold + smoothing + kFoldFaces);
    ASSERT_TRUE(s) << s.error().to_string();
    const Mesh& m = s->meshes.at(0);
    EXPECT_EQ(m.vertex_count(), 6u) << "the shared corners once per face";
    for (std::size_t t = 0; t < m.indices.size(); t += 3) {
      const Vec3 face = normalize(cross(m.positions[m.indices[t + 1]] - m.positions[m.indices[t]],
                                        m.positions[m.indices[t + 2]] - m.positions[m.indices[t]]));
      for (int k = 0; k < 3; ++k) test::expect_near(m.normals[m.indices[t + k]], face, 1e-5f);
    }
  }
}

TEST(ObjRead, OneSmoothingGroupSharesTheNormalsOfItsFaces) {
  auto s = read_obj(kFold + "s 1\n" + kFoldFaces);
  ASSERT_TRUE(s) << s.error().to_string();
  const Mesh& m = s->meshes.at(0);
  ASSERT_EQ(m.vertex_count(), 4u);
  // The shared corners: the mean of the two face normals (+z and -x); the others their face's.
  const float h = std::sqrt(0.5f);
  const auto got = normals_by_position(m);
  const std::vector<std::pair<Vec3, Vec3>> want = {
      {{0, 0, 0}, {-h, 0, h}}, {{0, 0, 1}, {-1, 0, 0}}, {{0, 1, 0}, {-h, 0, h}}, {{1, 0, 0}, {0, 0, 1}}};
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(got[i].first, want[i].first);
    test::expect_near(got[i].second, want[i].second, 1e-5f);
  }
}

TEST(ObjRead, LinesAndPointsAreDroppedByName) {
  auto mixed = read_obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nl 1 2\nl 2 3\np 1\n");
  ASSERT_TRUE(mixed) << mixed.error().to_string();
  EXPECT_EQ(mixed->triangle_count(), 1u);
  const auto dropped = std::find_if(mixed.warnings.begin(), mixed.warnings.end(),
                                    [](const Warning& w) { return w.code == "OBJ_PRIMITIVES_DROPPED"; });
  ASSERT_NE(dropped, mixed.warnings.end());
  EXPECT_EQ(dropped->format, "OBJ");
  EXPECT_NE(dropped->message.find("1 points and 2 lines"), std::string::npos) << dropped->message;
}

TEST(ObjRead, AFileWithoutFacesIsAnErrorAndConvertsToNothing) {
  const fs::path dir = test::temp_dir("obj-lines");
  test::write_file(dir / "lines.obj", std::string("v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nl 2 3\n"));
  auto lines = read_scene(dir / "lines.obj");
  ASSERT_FALSE(lines);
  EXPECT_EQ(lines.error().code, "OBJ_NO_TRIANGLES");
  EXPECT_EQ(lines.error().format, "OBJ");
  std::string out;
  EXPECT_EQ(
      test::run_cli("convert '" + (dir / "lines.obj").string() + "' '" + (dir / "lines.aem").string() + "'", &out), 1)
      << out;
  EXPECT_FALSE(fs::exists(dir / "lines.aem")) << "no empty file written";

  for (const std::string& nothing : {std::string(), std::string("# only a comment\n"), std::string("mtllib m.mtl\n")}) {
    auto empty = read_obj(nothing);
    ASSERT_FALSE(empty) << nothing;
    EXPECT_EQ(empty.error().code, "OBJ_NO_TRIANGLES") << nothing;
  }
}

}  // namespace
}  // namespace aem
