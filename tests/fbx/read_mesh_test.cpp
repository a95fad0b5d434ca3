// Polygon meshes: triangulated, one scene mesh per material, corners welded back into shared
// vertices, attributes carried, embedded images kept byte for byte; in every flavour.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "fbx/fbx_flavours.hpp"

namespace aem::test {
namespace {

class FbxMesh : public testing::TestWithParam<FbxFlavour> {};

/// A unit cube (metres) as six quads; `flat` gives each polygon corner its face's normal, otherwise
/// each corner gets its control point's normal (IndexToDirect, one normal per point).
fbx::Document cube(bool flat) {
  fbx::Document doc;
  doc.settings.unit_scale_factor = 100.0;
  fbx::Node& node = doc.nodes.emplace_back();
  node.name = "cube", node.type = fbx::NodeType::Mesh;
  auto& m = node.mesh;
  for (double z : {0.0, 1.0})
    for (double y : {0.0, 1.0})
      for (double x : {0.0, 1.0}) m.positions.push_back({x, y, z});
  m.polygons = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  const std::vector<fbx::Vec3> face_normals = {{0, 0, -1}, {0, 0, 1}, {0, -1, 0}, {0, 1, 0}, {-1, 0, 0}, {1, 0, 0}};
  if (flat) {
    for (const fbx::Vec3& n : face_normals) m.normals.insert(m.normals.end(), 4, n);  // Direct, per polygon corner
  } else {
    for (const auto& polygon : m.polygons)
      m.normal_indices.insert(m.normal_indices.end(), polygon.begin(), polygon.end());
    for (const fbx::Vec3& p : m.positions) {  // one normal per point, pointing away from the centre
      const double x = p[0] - 0.5, y = p[1] - 0.5, z = p[2] - 0.5, l = std::sqrt(x * x + y * y + z * z);
      m.normals.push_back({x / l, y / l, z / l});
    }
  }
  return doc;
}

TEST_P(FbxMesh, FlatCubeWeldsToTwentyFourVertices) {
  const Scene s = read_fbx(cube(true), GetParam());
  ASSERT_EQ(s.meshes.size(), 1u);
  const Mesh& m = s.meshes[0];
  EXPECT_EQ(m.triangle_count(), 12u);
  EXPECT_EQ(m.vertex_count(), 24u) << "36 triangle corners: each cube corner once per face normal";
  ASSERT_EQ(m.normals.size(), m.vertex_count());
  // Each vertex's normal is its face's: perpendicular to the two other corners of a triangle using it.
  for (std::size_t t = 0; t < m.indices.size(); t += 3) {
    const Vec3 a = m.positions[m.indices[t]], b = m.positions[m.indices[t + 1]], c = m.positions[m.indices[t + 2]];
    const Vec3 face = normalize(cross(b - a, c - a));
    for (int k = 0; k < 3; ++k) EXPECT_GT(dot(face, m.normals[m.indices[t + k]]), 0.999f);
  }
}

TEST_P(FbxMesh, SmoothCubeWeldsToEightVertices) {
  const Scene s = read_fbx(cube(false), GetParam());
  ASSERT_EQ(s.meshes.size(), 1u);
  EXPECT_EQ(s.meshes[0].vertex_count(), 8u);
  EXPECT_EQ(s.meshes[0].triangle_count(), 12u);
}

TEST_P(FbxMesh, OneSceneMeshPerMaterialWithItsColour) {
  fbx::Document doc = cube(true);
  doc.materials = {{"red", {1, 0, 0}}, {"blue", {0, 0, 1}}};
  doc.nodes[0].materials = {0, 1};
  doc.nodes[0].mesh.polygon_materials = {0, 1, 0, 1, 0, 0};  // four faces red, two blue
  const Scene s = read_fbx(doc, GetParam());
  ASSERT_EQ(s.materials.size(), 2u);
  ASSERT_EQ(s.meshes.size(), 2u);
  std::size_t red = 0, blue = 0;
  for (const Mesh& m : s.meshes) {
    ASSERT_GE(m.material, 0);
    const Material& mat = s.materials[m.material];
    const bool is_red = mat.name == "red";
    (is_red ? red : blue) += m.triangle_count();
    EXPECT_NEAR(mat.base_color.x, is_red ? 1.0f : 0.0f, 1e-6f) << mat.name;
    EXPECT_NEAR(mat.base_color.z, is_red ? 0.0f : 1.0f, 1e-6f) << mat.name;
  }
  EXPECT_EQ(red, 8u);
  EXPECT_EQ(blue, 4u);
  ASSERT_EQ(s.nodes.size(), 1u);
  EXPECT_EQ(s.nodes[0].meshes.size(), 2u) << "the node places both parts";
}

TEST_P(FbxMesh, EmbeddedImageIsKeptByteForByte) {
  // A JPEG's first bytes and an arbitrary body: the reader must copy, not decode or re-encode.
  std::vector<std::byte> jpeg;
  for (int b : {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, int{'J'}, int{'F'}, int{'I'}, int{'F'}, 0})
    jpeg.push_back(static_cast<std::byte>(b));
  for (int i = 0; i < 300; ++i) jpeg.push_back(static_cast<std::byte>(i * 7 % 256));
  fbx::Document doc = cube(true);
  fbx::Material wood{"wood"};
  wood.has_diffuse_texture = true;
  wood.diffuse_texture = {"wood", "C:/art/textures/wood.jpg", "textures/wood.jpg", jpeg};
  doc.materials = {wood};
  doc.nodes[0].materials = {0};
  const Scene s = read_fbx(doc, GetParam());
  ASSERT_EQ(s.materials.size(), 1u);
  const std::int32_t t = s.materials[0].textures.base_color;
  ASSERT_GE(t, 0);
  const Texture& tex = s.textures[t];
  ASSERT_EQ(tex.data.size(), jpeg.size());
  EXPECT_TRUE(std::equal(tex.data.begin(), tex.data.end(), reinterpret_cast<const std::uint8_t*>(jpeg.data())));
  EXPECT_EQ(tex.mime_type, "image/jpeg");
  EXPECT_EQ(tex.name, "textures/wood.jpg") << "the relative name, with forward slashes";
}

TEST_P(FbxMesh, UvsComeThroughPerCorner) {
  fbx::Document doc = cube(true);
  auto& m = doc.nodes[0].mesh;
  // Each face maps its four corners to the unit square in polygon order.
  const std::vector<fbx::Vec2> square = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  for (std::size_t f = 0; f < m.polygons.size(); ++f)
    for (std::size_t k = 0; k < 4; ++k) m.uvs.push_back(square[k]);
  const Scene s = read_fbx(doc, GetParam());
  const Mesh& out = s.meshes.at(0);
  ASSERT_EQ(out.uvs.size(), 1u);
  EXPECT_EQ(out.vertex_count(), 24u) << "normals already split every corner per face; UVs add no split";
  for (const Vec2& uv : out.uvs[0]) {
    EXPECT_TRUE(uv.x == 0.0f || uv.x == 1.0f);
    EXPECT_TRUE(uv.y == 0.0f || uv.y == 1.0f);
  }
}

INSTANTIATE_TEST_SUITE_P(Flavours, FbxMesh, testing::ValuesIn(all_flavours()), flavour_name);

}  // namespace
}  // namespace aem::test
