// Units and axes a file read through Assimp declares: noted as the source notes "units" and "axes",
// and the scene handed out in metres with Y up. Collada's <asset> is read by aem (Assimp applies it
// but does not report it); FBX's global settings are reported by Assimp and applied by aem.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "aem/io.hpp"
#include "import/assimp/assimp_reader.hpp"
#include "import/assimp/assimp_space.hpp"
#include "support/corpus.hpp"
#include "support/fbx_builder.hpp"
#include "support/posed_geometry.hpp"

namespace aem {
namespace {

/// A Collada document with one triangle (0,0,0), (100,0,0), (0,0,200) and `asset` as its <asset>.
std::string triangle_dae(const std::string& asset) {
  return R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset>)" +
         asset + R"(</asset>
  <library_geometries>
    <geometry id="tri"><mesh>
      <source id="pos"><float_array id="pos-array" count="9">0 0 0 100 0 0 0 0 200</float_array>
        <technique_common><accessor source="#pos-array" count="3" stride="3">
          <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
        </accessor></technique_common></source>
      <vertices id="verts"><input semantic="POSITION" source="#pos"/></vertices>
      <triangles count="1"><input semantic="VERTEX" source="#verts" offset="0"/><p>0 1 2</p></triangles>
    </mesh></geometry>
  </library_geometries>
  <library_visual_scenes>
    <visual_scene id="Scene"><node id="n"><instance_geometry url="#tri"/></node></visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#Scene"/></scene>
</COLLADA>
)";
}

std::map<std::string, std::string> notes_of(const Scene& scene) {
  std::map<std::string, std::string> out;
  for (const auto& n : scene.source_notes) out[n.key] = n.value;
  return out;
}

void expect_near(const std::vector<Vec3>& got, const std::vector<Vec3>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_NEAR(got[i].x, want[i].x, 1e-6);
    EXPECT_NEAR(got[i].y, want[i].y, 1e-6);
    EXPECT_NEAR(got[i].z, want[i].z, 1e-6);
  }
}

TEST(AssimpSourceSpace, ColladaCentimetresWithZUpAreNotedAndInMetresWithYUp) {
  const auto dir = test::temp_dir("dae-cm");
  test::write_file(dir / "tri.dae", triangle_dae(R"(<unit name="centimeter" meter="0.01"/><up_axis>Z_UP</up_axis>)"));
  auto scene = read_scene(dir / "tri.dae");
  ASSERT_TRUE(scene) << scene.error().to_string();
  const auto notes = notes_of(*scene);
  EXPECT_EQ(notes.at("units"), "centimetres (0.01 m per unit)");
  // Collada 1.4's Z_UP: X right, Z up, -Y towards the viewer.
  EXPECT_EQ(notes.at("axes"), "Z up, -Y front, X right, right-handed");
  // Z up becomes Y up, -Y (front) becomes +Z; 100 cm is 1 m.
  expect_near(test::posed_vertices(*scene, test::PoseAt::rest()), {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}});
}

TEST(AssimpSourceSpace, ColladaInchesWithXUp) {
  const auto dir = test::temp_dir("dae-inch");
  test::write_file(dir / "tri.dae", triangle_dae(R"(<unit meter='0.0254' name='inch'/>
    <up_axis>X_UP</up_axis>)"));
  auto scene = read_scene(dir / "tri.dae");
  ASSERT_TRUE(scene) << scene.error().to_string();
  const auto notes = notes_of(*scene);
  EXPECT_EQ(notes.at("units"), "inches (0.0254 m per unit)");
  // Collada 1.4's X_UP: -Y right, X up, Z towards the viewer.
  EXPECT_EQ(notes.at("axes"), "X up, Z front, -Y right, right-handed");
  // X (up) becomes Y; Z stays the front.
  expect_near(test::posed_vertices(*scene, test::PoseAt::rest()), {{0, 0, 0}, {0, 2.54f, 0}, {0, 0, 5.08f}});
}

TEST(AssimpSourceSpace, NothingDeclaredNothingNoted) {
  const auto dir = test::temp_dir("dae-plain");
  test::write_file(dir / "tri.dae", triangle_dae(""));
  test::write_file(dir / "tri.stl",
                   std::string("solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\n"
                               "endloop\nendfacet\nendsolid t\n"));
  for (const char* file : {"tri.dae", "tri.stl"}) {
    SCOPED_TRACE(file);
    auto scene = read_scene(dir / file);
    ASSERT_TRUE(scene) << scene.error().to_string();
    EXPECT_TRUE(scene->source_notes.empty());
  }
}

TEST(AssimpSourceSpace, ColladaAssetValuesThatAreNoUnitOrAxisAreLeftOut) {
  using formats::collada_asset_space;
  EXPECT_FALSE(collada_asset_space("").meters_per_unit);
  EXPECT_FALSE(collada_asset_space("<COLLADA><unit meter=\"2\"/></COLLADA>").meters_per_unit) << "outside <asset>";
  EXPECT_FALSE(collada_asset_space("<asset><unit meter=\"2\"/>").meters_per_unit) << "an <asset> that never ends";
  for (const char* meter : {"abc", "0", "-1", "nan", "inf", "1e999", "2x", ""}) {
    SCOPED_TRACE(meter);
    EXPECT_FALSE(collada_asset_space(std::string("<asset><unit meter=\"") + meter + "\"/></asset>").meters_per_unit);
  }
  EXPECT_FALSE(collada_asset_space("<asset><unit centimeter=\"2\"/></asset>").meters_per_unit) << "another attribute";
  EXPECT_EQ(collada_asset_space("<asset><unit name=\"half\" meter = \"0.5\"/></asset>").meters_per_unit, 0.5);
  EXPECT_FALSE(collada_asset_space("<asset><up_axis>W_UP</up_axis></asset>").up);
  EXPECT_FALSE(collada_asset_space("<asset><up_axis>Z_UP</asset>").up);
  // The schema's values exactly, as Assimp applies them (it leaves " Z_UP " unapplied).
  EXPECT_FALSE(collada_asset_space("<asset><up_axis> Z_UP </up_axis></asset>").up);
  EXPECT_EQ(collada_asset_space("<asset><up_axis>Y_UP</up_axis></asset>").up, AxisDirection::PosY);
}

/// The same triangle as an FBX 7.4 file declaring `settings`, read by Assimp (aem reads FBX itself).
Result<Scene> assimp_fbx_triangle(const test::fbx::GlobalSettings& settings) {
  test::fbx::Document doc;
  doc.settings = settings;
  auto& node = doc.nodes.emplace_back();
  node.name = "tri", node.type = test::fbx::NodeType::Mesh;
  node.mesh.positions = {{0, 0, 0}, {100, 0, 0}, {0, 0, 200}};
  node.mesh.polygons = {{0, 1, 2}};
  const auto bytes = test::fbx::write_fbx(doc, test::fbx::Encoding::Binary, 7400);
  return formats::assimp_read(ReadInput{bytes, "tri.fbx", {}});
}

TEST(AssimpSourceSpace, FbxUnitsAndAxesAreNotedAndApplied) {
  test::fbx::GlobalSettings inches_z_up;
  inches_z_up.unit_scale_factor = 2.54;  // centimetres per unit
  inches_z_up.up_axis = 2, inches_z_up.front_axis = 1, inches_z_up.front_axis_sign = -1;
  auto scene = assimp_fbx_triangle(inches_z_up);
  ASSERT_TRUE(scene) << scene.error().to_string();
  const auto notes = notes_of(*scene);
  EXPECT_EQ(notes.at("units"), "inches (0.0254 m per unit)");
  EXPECT_EQ(notes.at("axes"), "Z up, -Y front, X right, right-handed");
  expect_near(test::posed_vertices(*scene, test::PoseAt::rest()), {{0, 0, 0}, {2.54f, 0, 0}, {0, 5.08f, 0}});
}

TEST(AssimpSourceSpace, UnusableFbxDeclarationsAreIgnoredWithAWarning) {
  test::fbx::GlobalSettings unusable;
  unusable.unit_scale_factor = -2;                // (Assimp refuses 0 itself)
  unusable.up_axis = 2, unusable.front_axis = 2;  // up and front along one axis: no basis
  auto scene = assimp_fbx_triangle(unusable);
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_TRUE(test::has_code(scene.warnings, "ASSIMP_SOURCE_SPACE_IGNORED"));
  EXPECT_TRUE(scene->source_notes.empty());
  expect_near(test::posed_vertices(*scene, test::PoseAt::rest()), {{0, 0, 0}, {100, 0, 0}, {0, 0, 200}});
}

}  // namespace
}  // namespace aem
