// The FBX reader's scene is in metres, Y up, right-handed whatever the file declares (units from
// UnitScaleFactor, axes from the axis system), and it says what the file declared. Every flavour:
// ASCII and binary, FBX 6.1 and 7.4/7.5.
#include <gtest/gtest.h>

#include <algorithm>

#include "fbx/fbx_flavours.hpp"
#include "support/posed_geometry.hpp"

namespace aem::test {
namespace {

class FbxSpace : public testing::TestWithParam<FbxFlavour> {};

/// A wedge whose corners are all different in every axis, so a swapped or mirrored axis shows.
fbx::Document wedge(const fbx::GlobalSettings& settings) {
  fbx::Document doc;
  doc.settings = settings;
  fbx::Node& node = doc.nodes.emplace_back();
  node.name = "wedge";
  node.type = fbx::NodeType::Mesh;
  node.mesh.positions = {{0, 0, 0}, {4, 0, 0}, {0, 2, 0}, {0, 0, 3}};
  node.mesh.polygons = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  return doc;
}

const std::string* note(const Scene& s, const std::string& key) {
  for (const auto& n : s.source_notes)
    if (n.key == key) return &n.value;
  return nullptr;
}

/// The wedge's corners as the scene should have them: `to_scene` maps a file point to metres, Y up.
template <class Map>
std::vector<Vec3> expected_corners(Map&& to_scene) {
  const fbx::Document doc = wedge({});
  std::vector<Vec3> out;
  for (const fbx::Vec3& p : doc.nodes[0].mesh.positions) out.push_back(to_scene(p));
  return out;
}

TEST_P(FbxSpace, CentimetresZUpBecomeMetresYUp) {
  fbx::GlobalSettings zup;  // 3ds Max's and Blender's system: Z up, -Y front (towards the viewer), X right
  zup.up_axis = 2, zup.front_axis = 1, zup.front_axis_sign = -1, zup.coord_axis = 0;
  zup.unit_scale_factor = 1.0;  // centimetres
  const Scene s = read_fbx(wedge(zup), GetParam());
  // Z up -> Y up and -Y (front) -> +Z (front), which is a quarter turn about X: (x, y, z) -> (x, z, -y).
  const auto expected = expected_corners([](const fbx::Vec3& p) {
    return Vec3{static_cast<float>(p[0] * 0.01), static_cast<float>(p[2] * 0.01), static_cast<float>(-p[1] * 0.01)};
  });
  const auto posed = posed_vertices(s, PoseAt::rest());
  ASSERT_FALSE(posed.empty());
  EXPECT_TRUE(compare_frame(expected, posed, 1e-5).matched());
  ASSERT_NE(note(s, "units"), nullptr);
  EXPECT_EQ(*note(s, "units"), "centimetres (0.01 m per unit)");
  ASSERT_NE(note(s, "axes"), nullptr);
  EXPECT_EQ(*note(s, "axes"), "Z up, -Y front, X right, right-handed");
}

TEST_P(FbxSpace, MetresYUpStayAsTheyAre) {
  fbx::GlobalSettings metres;
  metres.unit_scale_factor = 100.0;
  const Scene s = read_fbx(wedge(metres), GetParam());
  const auto expected = expected_corners([](const fbx::Vec3& p) {
    return Vec3{static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2])};
  });
  EXPECT_TRUE(compare_frame(expected, posed_vertices(s, PoseAt::rest()), 1e-6).matched());
  EXPECT_EQ(*note(s, "units"), "metres (1 m per unit)");
  EXPECT_EQ(*note(s, "axes"), "Y up, Z front, X right, right-handed");
}

TEST_P(FbxSpace, InchesXUpLeftHanded) {
  // A left-handed file: X up, Z front, Y right. Its front faces wind counter-clockwise as seen in its
  // own, mirrored, space, so the wedge's polygons are given in the other order. Brought to
  // right-handed Y up it is mirrored once, and the triangles must be rewound to keep facing out.
  fbx::GlobalSettings odd;
  odd.up_axis = 0, odd.front_axis = 2, odd.coord_axis = 1;
  odd.unit_scale_factor = 2.54;  // inches
  fbx::Document doc = wedge(odd);
  for (auto& polygon : doc.nodes[0].mesh.polygons) std::reverse(polygon.begin(), polygon.end());
  const Scene s = read_fbx(doc, GetParam());
  EXPECT_EQ(*note(s, "units"), "inches (0.0254 m per unit)");
  EXPECT_EQ(*note(s, "axes"), "X up, Z front, Y right, left-handed");
  const auto posed = posed_vertices(s, PoseAt::rest());
  ASSERT_FALSE(posed.empty());
  // Lengths are kept whatever the mirror: the longest edge is the 4-by-3 corner's hypotenuse, 5 inches.
  float longest = 0;
  for (const Vec3& a : posed)
    for (const Vec3& b : posed) longest = std::max(longest, length(a - b));
  EXPECT_NEAR(longest, 5 * 0.0254f, 1e-6f);
  // Up is the file's X: the corner 4 units along X is the highest one.
  const auto top = std::max_element(posed.begin(), posed.end(), [](const Vec3& a, const Vec3& b) { return a.y < b.y; });
  EXPECT_NEAR(top->y, 4 * 0.0254f, 1e-6f);
  // Every triangle faces away from the wedge's centre (posed vertices are in the mesh's vertex order).
  Vec3 centre{};
  for (const Vec3& p : posed) centre = centre + p * (1.0f / static_cast<float>(posed.size()));
  const Mesh& m = s.meshes.at(0);
  ASSERT_EQ(m.indices.size(), 12u);
  for (std::size_t t = 0; t < m.indices.size(); t += 3) {
    const Vec3 a = posed[m.indices[t]], b = posed[m.indices[t + 1]], c = posed[m.indices[t + 2]];
    EXPECT_GT(dot(cross(b - a, c - a), (a + b + c) * (1.0f / 3) - centre), 0.0f)
        << "triangle " << t / 3 << " faces inwards";
  }
}

INSTANTIATE_TEST_SUITE_P(Flavours, FbxSpace, testing::ValuesIn(all_flavours()), flavour_name);

}  // namespace
}  // namespace aem::test
