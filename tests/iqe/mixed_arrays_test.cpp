// IQE/IQM vertex arrays span every mesh: a scene mixing textured and untextured meshes (a truck with
// painted and bare parts) must still give arrays as long as the positions, which `aem validate` accepts.
#include <gtest/gtest.h>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

/// Mesh "painted": UVs, normals, colours and a custom attribute. Mesh "bare": positions only.
Scene textured_and_untextured() {
  Scene s;
  s.textures.push_back({"paint.png", {}, {}});
  Material painted;
  painted.name = "paint";
  painted.textures.base_color = 0;
  s.materials.push_back(painted);
  Mesh a;
  a.name = "painted";
  a.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  a.normals.assign(3, {0, 0, 1});
  a.uvs = {{{0, 0}, {1, 0}, {0, 1}}};
  a.colors = {{{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}}};
  a.custom.push_back({"wear", 1, {0.25f, 0.5f, 0.75f}});
  a.indices = {0, 1, 2};
  a.material = 0;
  Mesh b;
  b.name = "bare";
  b.positions = {{2, 0, 0}, {3, 0, 0}, {2, 1, 0}, {3, 1, 0}};
  b.indices = {0, 1, 2, 1, 3, 2};
  s.meshes = {a, b};
  return s;
}

class MixedArrays : public ::testing::TestWithParam<const char*> {};

TEST_P(MixedArrays, WrittenFileValidatesAndKeepsTheTexturedMeshsValues) {
  const auto dir = test::temp_dir("iqe-mixed");
  const auto path = dir / (std::string("truck.") + GetParam());
  const Scene scene = textured_and_untextured();
  ASSERT_TRUE(write_scene(path, scene).ok());
  std::string out;
  EXPECT_EQ(test::run_cli("validate '" + path.string() + "'", &out), 0) << out;
  auto back = read_scene(path);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const SceneReport report = validate_scene(back.value());
  EXPECT_TRUE(report.valid()) << (report.errors.empty() ? "" : report.errors[0].to_string());
  ASSERT_EQ(back->meshes.size(), 2u);
  const Mesh& painted = back->meshes[0];
  const Mesh& bare = back->meshes[1];
  EXPECT_EQ(bare.vertex_count(), 4u);
  ASSERT_FALSE(painted.uvs.empty());
  ASSERT_EQ(painted.uvs[0].size(), 3u);
  // u as written (v may be flipped into the format's UV origin).
  EXPECT_EQ(painted.uvs[0][1].x, 1.0f);
  EXPECT_EQ(painted.uvs[0][2].x, 0.0f);
  // The bare mesh's filled normals face the same side as the painted mesh's (both lie in z = 0).
  ASSERT_EQ(bare.normals.size(), 4u);
  ASSERT_EQ(painted.normals.size(), 3u);
  for (const Vec3& n : bare.normals) EXPECT_NEAR(dot(n, painted.normals[0]), 1.0f, 1e-5f);
  // Colours (bytes in IQM: 0 and 1 exactly) and the custom attribute keep the painted mesh's values.
  ASSERT_EQ(painted.colors.size(), 1u);
  for (const Vec4& c : painted.colors[0]) EXPECT_EQ(c, (Vec4{1, 0, 0, 1}));
  ASSERT_EQ(painted.custom.size(), 1u);
  EXPECT_EQ(painted.custom[0].name, "wear");
  EXPECT_EQ(painted.custom[0].values, (std::vector<float>{0.25f, 0.5f, 0.75f}));
}

INSTANTIATE_TEST_SUITE_P(Formats, MixedArrays, ::testing::Values("iqe", "iqm"));

}  // namespace
}  // namespace aem
