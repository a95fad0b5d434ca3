// The normals of meshes blend shapes move: the file's normals belong to the mesh without any shape; at
// rest and in each baked frame they gain the shapes' normal offsets when the shapes carry them, and
// otherwise turn as the faces around each corner turn. Expected normals worked out by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "fbx/blend_quads.hpp"
#include "fbx/fbx_flavours.hpp"

namespace aem::test {
namespace {

class FbxBlendNormals : public testing::TestWithParam<FbxFlavour> {};

/// lifting_quad with the file normals (0, 0, 1) at every corner and shapes without normal offsets.
fbx::Document lifting_quad_facing_up() {
  fbx::Document doc = lifting_quad();
  doc.nodes[0].mesh.normals.assign(4, {0, 0, 1});
  return doc;
}

/// Whether a vertex at `p` (metres) sits at (x, y) centimetres.
bool at(const Vec3& p, float x_cm, float y_cm) {
  return std::abs(p.x - x_cm * 0.01f) < 1e-6f && std::abs(p.y - y_cm * 0.01f) < 1e-6f;
}

void expect_near(const Vec3& got, const Vec3& expected, const std::string& where) {
  EXPECT_NEAR(length(got - expected), 0.0f, 1e-5f)
      << where << ": (" << got.x << ", " << got.y << ", " << got.z << ") against (" << expected.x << ", " << expected.y
      << ", " << expected.z << ")";
}

// The quad with corner 2 raised by h is one polygon whose area vector (Newell's: the sum of
// p_k x p_k+1 over its corners) is (0, -10h, 100) + (-10h, 0, 100) = (-10h, -10h, 200): every corner,
// alone in its group, turns from +Z to that direction. At weight w, h = 10w: (-w, -w, 2).
TEST_P(FbxBlendNormals, TurnWithTheFacesWhenTheShapesCarryNone) {
  const Scene s = read_fbx(lifting_quad_facing_up(), GetParam());
  ASSERT_EQ(s.meshes.size(), 1u);
  const Mesh& m = s.meshes[0];
  ASSERT_EQ(m.normals.size(), 4u);
  ASSERT_EQ(m.frames.size(), 49u);
  for (std::size_t v = 0; v < 4; ++v)
    expect_near(m.normals[v], normalize(Vec3{-0.25f, -0.25f, 2}), "rest (25 %), vertex " + std::to_string(v));
  for (std::size_t f : {0u, 12u, 24u, 48u}) {
    const float w = static_cast<float>(f) / 24.0f / 2.0f;
    ASSERT_EQ(m.frames[f].normals.size(), 4u) << "frame " << f;
    for (std::size_t v = 0; v < 4; ++v)
      expect_near(m.frames[f].normals[v], normalize(Vec3{-w, -w, 2}),
                  "frame " + std::to_string(f) + ", vertex " + std::to_string(v));
  }
}

// Shapes with normal offsets (Maya writes them): corner 2's normal gains the offset (0, -0.5, 0) times
// the weight, made unit; the other corners keep the file's.
TEST_P(FbxBlendNormals, GainTheShapesNormalOffsetsWhenTheyCarryThem) {
  const Scene s = read_fbx(lifting_quad_with_normals(), GetParam());
  ASSERT_EQ(s.meshes.size(), 1u);
  const Mesh& m = s.meshes[0];
  ASSERT_EQ(m.frames.size(), 49u);
  const auto expected = [&](std::size_t v, float w) {
    return at(m.positions[v], 10, 10) ? normalize(Vec3{0, -0.5f * w, 1}) : Vec3{0, 0, 1};
  };
  for (std::size_t v = 0; v < 4; ++v)
    expect_near(m.normals[v], expected(v, 0.25f), "rest, vertex " + std::to_string(v));
  for (std::size_t f : {0u, 24u, 48u})
    for (std::size_t v = 0; v < 4; ++v)
      expect_near(m.frames[f].normals[v], expected(v, static_cast<float>(f) / 48.0f),
                  "frame " + std::to_string(f) + ", vertex " + std::to_string(v));
}

/// Two 10 cm quads side by side sharing the edge x = 10 cm; channel "fold" raises the far edge of the
/// second (x = 20 cm) by `h` cm at full weight (stored at 100 %, no take). `split` gives the second
/// quad's corners on the shared edge the custom normal (0, 0.6, 0.8), so the edge is not smooth.
fbx::Document folding_pair(float h, bool split) {
  fbx::Document doc;
  fbx::Node& node = doc.nodes.emplace_back();
  node.name = "pair", node.type = fbx::NodeType::Mesh;
  node.mesh.positions = {{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 10, 0}, {20, 0, 0}, {20, 10, 0}};
  node.mesh.polygons = {{0, 1, 2, 3}, {1, 4, 5, 2}};
  node.mesh.normals.assign(8, {0, 0, 1});
  if (split) node.mesh.normals[4] = node.mesh.normals[7] = {0, 0.6f, 0.8f};
  node.mesh.blend_channels = {{"fold", 100.0, {{"fold", {4, 5}, {{0, 0, h}, {0, 0, h}}}}}};
  return doc;
}

// Folded by h = 10, the second quad's area vector is 2 (10, 0, 10) x (0, 10, 0) = (-200, 0, 200); the
// first's stays (0, 0, 200). Smooth, the shared edge's corners are one group per vertex and point
// along the sum, (-200, 0, 400); the far edge along (-1, 0, 1); the first quad's far edge stays +Z.
// Split, the first quad's corners on the shared edge are a group of their own and stay +Z.
TEST_P(FbxBlendNormals, SmoothCornersTurnTogetherAndSplitOnesApart) {
  const Scene smooth = read_fbx(folding_pair(10, false), GetParam());
  ASSERT_EQ(smooth.meshes.size(), 1u);
  const Mesh& m = smooth.meshes[0];
  ASSERT_EQ(m.normals.size(), 6u) << "one vertex per control point: the normals agree at each";
  for (std::size_t v = 0; v < 6; ++v) {
    const Vec3& p = m.positions[v];
    const Vec3 expected = p.x < 0.05f   ? Vec3{0, 0, 1}
                          : p.x < 0.15f ? normalize(Vec3{-1, 0, 2})
                                        : normalize(Vec3{-1, 0, 1});
    expect_near(m.normals[v], expected, "smooth, vertex " + std::to_string(v));
  }

  const Scene split = read_fbx(folding_pair(10, true), GetParam());
  ASSERT_EQ(split.meshes.size(), 1u);
  const Mesh& n = split.meshes[0];
  ASSERT_EQ(n.normals.size(), 8u);
  std::size_t unturned = 0;
  for (std::size_t v = 0; v < 8; ++v)
    if (n.positions[v].x > 0.05f && n.positions[v].x < 0.15f && length(n.normals[v] - Vec3{0, 0, 1}) < 1e-6f)
      ++unturned;
  EXPECT_EQ(unturned, 2u) << "the first quad's two corners on the shared edge keep +Z";
}

// The smooth folding pair with a material per quad: two scene meshes, yet the corners on the shared
// edge still turn with both quads, (-1, 0, 2), in each, as the one-material mesh above has them.
TEST_P(FbxBlendNormals, CornersTurnWithFacesOfEveryMaterial) {
  fbx::Document doc = folding_pair(10, false);
  doc.materials = {{"left", {1, 0, 0}}, {"right", {0, 0, 1}}};
  doc.nodes[0].materials = {0, 1};
  doc.nodes[0].mesh.polygon_materials = {0, 1};
  const Scene s = read_fbx(doc, GetParam());
  ASSERT_EQ(s.meshes.size(), 2u);
  std::size_t shared = 0;
  for (const Mesh& m : s.meshes) {
    ASSERT_EQ(m.normals.size(), 4u);
    for (std::size_t v = 0; v < 4; ++v) {
      if (std::abs(m.positions[v].x - 0.1f) > 1e-6f) continue;
      expect_near(m.normals[v], normalize(Vec3{-1, 0, 2}),
                  s.materials[m.material].name + ", vertex " + std::to_string(v));
      ++shared;
    }
  }
  EXPECT_EQ(shared, 4u) << "two corners on the shared edge in each part";
}

INSTANTIATE_TEST_SUITE_P(Flavours, FbxBlendNormals, testing::ValuesIn(all_flavours()), flavour_name);

}  // namespace
}  // namespace aem::test
