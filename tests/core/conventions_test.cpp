// convert_conventions: the change of basis, winding, UVs, and — the property that matters — that
// posing a converted skinned model gives the converted posed model.
#include <gtest/gtest.h>

#include <cmath>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/conventions.hpp"
#include "aem/example.hpp"
#include "support/vec_expect.hpp"

namespace aem {
namespace {

Scene one_triangle() {
  Scene s;
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}};
  m.normals = {{0, -1, 0}, {0, -1, 0}, {0, -1, 0}};
  m.tangents = {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}};
  m.uvs = {{{0, 0}, {1, 0}, {0, 0.25f}}};
  m.indices = {0, 1, 2};
  s.meshes.push_back(m);
  return s;
}

Conventions z_up() {
  Conventions c;
  c.up = UpAxis::Z;
  return c;
}

TEST(Conventions, ZUpToYUpRotatesAndKeepsWinding) {
  Scene s = one_triangle();
  s.conventions = z_up();
  convert_conventions(s, Conventions{});
  const Mesh& m = s.meshes[0];
  test::expect_near(m.positions[2], {0, 1, 0});                 // Z-up's up is Y-up's up
  test::expect_near(m.normals[0], {0, 0, 1});                   // (0,-1,0) -> (x, z, -y) = (0, 0, 1)
  EXPECT_EQ(m.indices, (std::vector<std::uint32_t>{0, 1, 2}));  // a rotation keeps the winding
  EXPECT_EQ(m.tangents[0].w, 1.0f);
  EXPECT_EQ(s.conventions.up, UpAxis::Y);
}

TEST(Conventions, YDownToYUpTurnsAboutXAndKeepsWinding) {
  // Y down (E3D: x right, y down, z away, right-handed) is Y-up turned 180° about X.
  Scene s = one_triangle();
  s.conventions.up = UpAxis::NegY;
  s.meshes[0].positions[1] = {1, -2, 3};
  Node n;
  n.local.translation = {0, -1, 0};
  n.local.rotation = {0, std::sqrt(0.5f), 0, std::sqrt(0.5f)};  // 90° about y, which stays the vertical axis
  s.nodes.push_back(n);
  convert_conventions(s, Conventions{});
  const Mesh& m = s.meshes[0];
  test::expect_near(m.positions[1], {1, 2, -3});
  test::expect_near(m.normals[0], {0, 1, 0});
  EXPECT_EQ(m.indices, (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_EQ(m.tangents[0].w, 1.0f);
  test::expect_near(s.nodes[0].local.translation, {0, 1, 0});
  // The same turn seen from the flipped frame: about -y.
  EXPECT_NEAR(s.nodes[0].local.rotation.y, -std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(s.nodes[0].local.rotation.w, std::sqrt(0.5f), 1e-6f);
  // And back.
  convert_conventions(s, Conventions{UpAxis::NegY, true, true, true, 1.0f});
  test::expect_near(s.meshes[0].positions[1], {1, -2, 3});
}

TEST(Conventions, HandednessChangeMirrorsAndRewinds) {
  Scene s = one_triangle();
  Conventions left;
  left.right_handed = false;
  convert_conventions(s, left);
  const Mesh& m = s.meshes[0];
  test::expect_near(m.positions[2], {0, 0, -1});
  EXPECT_EQ(m.indices, (std::vector<std::uint32_t>{0, 2, 1}));
  EXPECT_EQ(m.tangents[0].w, -1.0f);
}

TEST(Conventions, UvOriginAndUnits) {
  Scene s = one_triangle();
  Conventions to;
  to.uv_origin_bottom_left = false;
  to.meters_per_unit = 0.01f;  // centimetres: numbers grow 100x
  convert_conventions(s, to);
  EXPECT_FLOAT_EQ(s.meshes[0].uvs[0][2].y, 0.75f);
  test::expect_near(s.meshes[0].positions[1], {100, 0, 0});
  test::expect_near(s.meshes[0].normals[0], {0, -1, 0});
}

// The same basis moves nothing: every number stays as it was, bit for bit (a product with the identity
// would turn -0 into +0), while a UV origin change still applies.
TEST(Conventions, TheSameBasisKeepsEveryNumberAndStillFlipsUvs) {
  Scene s = one_triangle();
  s.meshes[0].positions[0] = {-0.0f, 1e-40f, -0.0f};
  s.meshes[0].normals[1] = {-0.0f, -1, -0.0f};
  const Scene original = s;
  Conventions to;
  to.uv_origin_bottom_left = false;
  convert_conventions(s, to);
  const Mesh &m = s.meshes[0], &o = original.meshes[0];
  for (std::size_t i = 0; i < m.positions.size(); ++i) {
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(std::signbit((&m.positions[i].x)[k]), std::signbit((&o.positions[i].x)[k])) << "position " << i;
      EXPECT_EQ(std::signbit((&m.normals[i].x)[k]), std::signbit((&o.normals[i].x)[k])) << "normal " << i;
    }
    EXPECT_EQ(m.positions[i], o.positions[i]);
    EXPECT_EQ(m.normals[i], o.normals[i]);
    EXPECT_EQ(m.tangents[i], o.tangents[i]);
  }
  EXPECT_EQ(m.positions[0].y, 1e-40f);
  EXPECT_FLOAT_EQ(m.uvs[0][2].y, 0.75f);
}

TEST(Conventions, RoundTripRestoresNumbers) {
  Scene s = make_example_scene();
  const Scene original = s;
  Conventions other;
  other.up = UpAxis::Z;
  other.right_handed = false;
  convert_conventions(s, other);
  convert_conventions(s, original.conventions);
  for (std::size_t i = 0; i < s.meshes[0].positions.size(); ++i)
    test::expect_near(s.meshes[0].positions[i], original.meshes[0].positions[i]);
  EXPECT_EQ(s.meshes[0].indices, original.meshes[0].indices);
}

TEST(Conventions, NegativeScaleKeysKeepTheirSignAndFollowTheirAxis) {
  Scene s = make_example_scene();
  s.conventions = z_up();
  Channel& c = s.animations.at(0).channels.at(0);
  c.scale = {{0.0f, {-1.0f, 2.0f, 3.0f}}, {1.0f, {1.0f, -2.0f, 0.5f}}};
  s.joints.at(c.joint).rest.scale = {2.0f, -1.0f, 1.0f};
  convert_conventions(s, Conventions{});
  // Z-up -> Y-up maps the axes x->x, y->z, z->y: the scale components follow, signs and all.
  test::expect_near(c.scale[0].value, {-1.0f, 3.0f, 2.0f});
  test::expect_near(c.scale[1].value, {1.0f, 0.5f, -2.0f});
  test::expect_near(s.joints[c.joint].rest.scale, {2.0f, 1.0f, -1.0f});
}

/// For every vertex: pose(convert(scene)) == C · pose(scene), with C the Z-up -> Y-up rotation.
TEST(Conventions, PosedSkinnedVerticesConvertLikeStaticOnes) {
  Scene source = make_example_scene();
  source.conventions = z_up();
  Scene converted = source;
  convert_conventions(converted, Conventions{});

  auto posed = [](const Scene& s, float t) {
    SceneAnimator anim(s);
    std::vector<Mat4> skin(s.joints.size());
    anim.evaluate(0, t, skin);
    std::vector<Vec3> out;
    for (std::size_t v = 0; v < s.meshes[0].positions.size(); ++v) {
      const auto& inf = s.meshes[0].skin[v];
      Vec3 p{};
      for (int k = 0; k < kMaxInfluences; ++k)
        if (inf.joints[k] >= 0) p = p + transform_point(skin[inf.joints[k]], s.meshes[0].positions[v]) * inf.weights[k];
      out.push_back(p);
    }
    return out;
  };
  for (float t : {0.0f, 0.4f, 1.3f}) {
    auto a = posed(source, t), b = posed(converted, t);
    for (std::size_t v = 0; v < a.size(); ++v) {
      const Vec3 want{a[v].x, a[v].z, -a[v].y};
      EXPECT_NEAR(b[v].x, want.x, 1e-4f);
      EXPECT_NEAR(b[v].y, want.y, 1e-4f);
      EXPECT_NEAR(b[v].z, want.z, 1e-4f);
    }
  }
}

}  // namespace
}  // namespace aem
