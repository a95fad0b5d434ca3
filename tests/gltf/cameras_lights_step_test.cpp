// What the glTF writer carries beside geometry, on a scene built by hand: cameras (perspective and
// orthographic), KHR_lights_punctual lights (directional, point, spot) and STEP key lists. Each is
// written as .glb and .gltf, passes the Khronos validator with 0 errors, and reads back the same;
// cameras and lights also come in through Assimp (a Collada file).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "aem/animation.hpp"
#include "aem/io.hpp"
#include "gltf/gltf_write_support.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

constexpr float kPi = 3.14159265f;

Scene hand_built() {
  Scene s;
  Mesh tri;
  tri.name = "tri";
  tri.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  tri.indices = {0, 1, 2};
  s.meshes.push_back(tri);
  s.cameras.push_back({"wide", Camera::Projection::Perspective, 1.2f, 1.5f, 0.1f, 500.0f, 1, 1});
  s.cameras.push_back({"plan", Camera::Projection::Orthographic, 0.8f, 0, 0.5f, 80.0f, 4.0f, 3.0f});
  s.lights.push_back({"sun", Light::Type::Directional, {1.0f, 0.9f, 0.8f}, 3.0f, 0.0f, 0.0f, 0.7853982f});
  s.lights.push_back({"bulb", Light::Type::Point, {1, 0.5f, 0.25f}, 40.0f, 12.0f, 0.0f, 0.7853982f});
  s.lights.push_back({"torch", Light::Type::Spot, {1, 1, 1}, 100.0f, 0.0f, 0.2f, 0.6f});
  auto node = [&](const char* name, Vec3 at) {
    Node n;
    n.name = name;
    n.local.translation = at;
    s.nodes.push_back(n);
    return &s.nodes.back();
  };
  node("mesh", {})->meshes = {0};
  for (int c = 0; c < 2; ++c) {
    Node* n = node(c == 0 ? "camera 0" : "camera 1", {0, 1.0f + c, 5});
    n->kind = Node::Kind::Camera;
    n->camera = c;
  }
  for (int l = 0; l < 3; ++l) {
    Node* n = node(("light " + std::to_string(l)).c_str(), {static_cast<float>(l), 3, 0});
    n->kind = Node::Kind::Light;
    n->light = l;
  }
  // A joint that jumps (STEP) along x and turns about z, moving the mesh rigidly.
  Joint j;
  j.name = "mover";
  s.joints.push_back(j);
  s.nodes[0].joint = 0;
  Channel ch;
  ch.translation = {{0.0f, {0, 0, 0}}, {1.0f, {2, 0, 0}}, {2.0f, {4, 0, 0}}};
  ch.translation_interpolation = Interpolation::Step;
  ch.rotation = {{0.0f, Quat{}}, {2.0f, Quat{0, 0, 0.7071068f, 0.7071068f}}};  // linear: a quarter turn
  Animation a;
  a.name = "jumps";
  a.duration = 2.0f;
  a.channels.push_back(ch);
  s.animations.push_back(a);
  return s;
}

const Node* node_named(const Scene& s, const std::string& name) {
  for (const Node& n : s.nodes)
    if (n.name == name) return &n;
  return nullptr;
}

TEST(GltfCamerasLightsStep, WrittenValidAndReadBackTheSame) {
  const Scene want = hand_built();
  const auto dir = test::temp_dir("gltf-cam-light-step");
  std::vector<std::filesystem::path> files;
  for (const char* name : {"scene.glb", "scene.gltf"}) {
    SCOPED_TRACE(name);
    const auto path = dir / name;
    ASSERT_TRUE(write_scene(path, want).ok());
    files.push_back(path);
    auto read = read_scene(path);
    ASSERT_TRUE(read.ok()) << read.error().to_string();
    const Scene& got = read.value();

    ASSERT_EQ(got.cameras.size(), 2u);
    EXPECT_EQ(got.cameras[0].name, "wide");
    EXPECT_EQ(got.cameras[0].projection, Camera::Projection::Perspective);
    EXPECT_FLOAT_EQ(got.cameras[0].yfov, 1.2f);
    EXPECT_FLOAT_EQ(got.cameras[0].aspect, 1.5f);
    EXPECT_FLOAT_EQ(got.cameras[0].znear, 0.1f);
    EXPECT_FLOAT_EQ(got.cameras[0].zfar, 500.0f);
    EXPECT_EQ(got.cameras[1].projection, Camera::Projection::Orthographic);
    EXPECT_FLOAT_EQ(got.cameras[1].xmag, 4.0f);
    EXPECT_FLOAT_EQ(got.cameras[1].ymag, 3.0f);
    EXPECT_FLOAT_EQ(got.cameras[1].znear, 0.5f);
    EXPECT_FLOAT_EQ(got.cameras[1].zfar, 80.0f);

    ASSERT_EQ(got.lights.size(), 3u);
    EXPECT_EQ(got.lights[0].type, Light::Type::Directional);
    EXPECT_FLOAT_EQ(got.lights[0].color.y, 0.9f);
    EXPECT_FLOAT_EQ(got.lights[0].intensity, 3.0f);
    EXPECT_EQ(got.lights[1].type, Light::Type::Point);
    EXPECT_FLOAT_EQ(got.lights[1].range, 12.0f);
    EXPECT_FLOAT_EQ(got.lights[1].color.z, 0.25f);
    EXPECT_EQ(got.lights[2].type, Light::Type::Spot);
    EXPECT_EQ(got.lights[2].name, "torch");
    EXPECT_FLOAT_EQ(got.lights[2].inner_cone, 0.2f);
    EXPECT_FLOAT_EQ(got.lights[2].outer_cone, 0.6f);

    for (int c = 0; c < 2; ++c) {
      const Node* n = node_named(got, "camera " + std::to_string(c));
      ASSERT_NE(n, nullptr);
      EXPECT_EQ(n->kind, Node::Kind::Camera);
      EXPECT_EQ(n->camera, c);
      EXPECT_FLOAT_EQ(n->local.translation.y, 1.0f + c);
    }
    for (int l = 0; l < 3; ++l) {
      const Node* n = node_named(got, "light " + std::to_string(l));
      ASSERT_NE(n, nullptr);
      EXPECT_EQ(n->kind, Node::Kind::Light);
      EXPECT_EQ(n->light, l);
    }

    ASSERT_EQ(got.animations.size(), 1u);
    ASSERT_EQ(got.animations[0].channels.size(), 1u);
    const Channel& ch = got.animations[0].channels[0];
    EXPECT_EQ(ch.translation_interpolation, Interpolation::Step);
    EXPECT_EQ(ch.rotation_interpolation, Interpolation::Linear);
    EXPECT_EQ(ch.translation.size(), 3u) << "STEP keys are kept as they are, not resampled";
    // Independent values: at 0.5 s the step holds x = 0 while the rotation is an eighth turn; at 1.5 s
    // x = 2 and three sixteenths of a turn. Vertex (1, 0, 0) of the mesh lands at (cos a + x, sin a, 0).
    for (float t : {0.5f, 1.0f, 1.5f, 2.0f}) {
      const float x = t < 1.0f ? 0.0f : t < 2.0f ? 2.0f : 4.0f, angle = kPi / 4.0f * t;
      const auto posed = test::posed_scene(got, 0, t);
      ASSERT_EQ(posed.size(), 3u);
      EXPECT_NEAR(posed[1].x, std::cos(angle) + x, 1e-4f) << "t=" << t;
      EXPECT_NEAR(posed[1].y, std::sin(angle), 1e-4f) << "t=" << t;
    }
  }
  if (!test::validator_installed())
    GTEST_FAIL() << "the glTF validator is missing: run scripts/install-deps.sh --tests";
  const auto reports = test::validate_gltf(files);
  for (std::size_t i = 0; i < files.size(); ++i) {
    EXPECT_EQ(reports[i].errors, 0) << files[i] << ": " << reports[i].json;
    const auto bytes = test::read_bytes(files[i]);
    const std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    EXPECT_NE(text.find(R"("extensionsUsed":["KHR_lights_punctual"])"), std::string::npos)
        << "the extension is declared";
  }
}

TEST(GltfCamerasLightsStep, AssimpCamerasAndLightsComeIn) {
  const auto dir = test::temp_dir("assimp-cam-light");
  const auto dae = dir / "lit.dae";
  // A Collada camera with a 45 degree vertical field of view and a spot light. Cone angles are not
  // checked: Assimp's importers disagree on whether they are whole or half angles.
  std::ofstream(dae) << R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<asset><unit meter="1"/><up_axis>Y_UP</up_axis></asset>
<library_cameras><camera id="cam" name="cam"><optics><technique_common><perspective>
<yfov>45</yfov><aspect_ratio>1.5</aspect_ratio><znear>0.1</znear><zfar>100</zfar>
</perspective></technique_common></optics></camera></library_cameras>
<library_lights><light id="spot" name="spot"><technique_common><spot>
<color>2 1 0.5</color><constant_attenuation>1</constant_attenuation><falloff_angle>40</falloff_angle><falloff_exponent>0</falloff_exponent>
</spot></technique_common></light></library_lights>
<library_visual_scenes><visual_scene id="scene">
<node id="camnode" name="camnode"><instance_camera url="#cam"/></node>
<node id="spotnode" name="spotnode"><translate>0 2 0</translate><instance_light url="#spot"/></node>
</visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
)";
  auto read = read_scene(dae);
  ASSERT_TRUE(read.ok()) << read.error().to_string();
  const Scene& s = read.value();
  ASSERT_EQ(s.cameras.size(), 1u);
  EXPECT_NEAR(s.cameras[0].yfov, 45.0f * kPi / 180.0f, 1e-4f);
  EXPECT_FLOAT_EQ(s.cameras[0].aspect, 1.5f);
  EXPECT_FLOAT_EQ(s.cameras[0].znear, 0.1f);
  EXPECT_FLOAT_EQ(s.cameras[0].zfar, 100.0f);
  ASSERT_EQ(s.lights.size(), 1u);
  EXPECT_EQ(s.lights[0].type, Light::Type::Spot);
  EXPECT_FLOAT_EQ(s.lights[0].intensity, 2.0f);
  EXPECT_FLOAT_EQ(s.lights[0].color.y, 0.5f);
  // The carriers look down the Collada nodes' -Z (Collada's camera and light direction) from their origins.
  const auto world = node_world_matrices(s);
  int cameras = 0, lights = 0;
  for (std::size_t n = 0; n < s.nodes.size(); ++n) {
    if (s.nodes[n].camera < 0 && s.nodes[n].light < 0) continue;
    cameras += s.nodes[n].camera >= 0;
    lights += s.nodes[n].light >= 0;
    const Vec3 forward = normalize(transform_vector(world[n], {0, 0, -1}));
    EXPECT_NEAR(forward.z, -1.0f, 1e-4f) << s.nodes[n].name;
    const Vec3 origin = transform_point(world[n], {});
    EXPECT_NEAR(origin.y, s.nodes[n].light >= 0 ? 2.0f : 0.0f, 1e-4f) << s.nodes[n].name;
  }
  EXPECT_EQ(cameras, 1);
  EXPECT_EQ(lights, 1);
  // And out again as glTF, validator-clean.
  const auto glb = test::convert_cli(dae, dir / "lit.glb");
  if (!test::validator_installed())
    GTEST_FAIL() << "the glTF validator is missing: run scripts/install-deps.sh --tests";
  const auto report = test::validate_gltf({glb})[0];
  EXPECT_EQ(report.errors, 0) << report.json;
}

}  // namespace
}  // namespace aem
