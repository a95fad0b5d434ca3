// The edge cases of docs/formats/iqe.md §7, each built by hand from the spec text (numbers in the test
// names refer to that table).
#include <gtest/gtest.h>

#include <cmath>

#include "iqe/iqe_support.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

using test::read_iqe;

constexpr float kTol = 1e-6f;

void expect_quat(const Quat& q, float x, float y, float z, float w, float tol = 1e-5f) {
  EXPECT_NEAR(q.x, x, tol);
  EXPECT_NEAR(q.y, y, tol);
  EXPECT_NEAR(q.z, z, tol);
  EXPECT_NEAR(q.w, w, tol);
}

const std::string kTriangle = "vp 0 0 0\nvp 1 0 0\nvp 0 1 0\nfa 0 1 2\n";

TEST(IqeEdgeCases, E01_TangentsInFourAndSixValueForms) {
  auto r = read_iqe(
      "vp 0 0 0\nvp 1 0 0\nvp 0 1 0\nvn 0 0 1\nvn 0 0 1\nvn 0 0 1\n"
      "vx 1 0 0 -1\nvx 1 0 0 0 1 0\nvx 1 0 0 0 -1 0\nfa 0 1 2\n");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const Mesh& m = r->meshes.at(0);
  ASSERT_EQ(m.tangents.size(), 3u);
  EXPECT_EQ(m.tangents[0].w, -1.0f);
  // cross(n, t) = cross(z, x) = +y: bitangent +y gives sign +1, -y gives -1.
  EXPECT_EQ(m.tangents[1].w, 1.0f);
  EXPECT_EQ(m.tangents[2].w, -1.0f);
  ASSERT_EQ(m.bitangents.size(), 3u);
  EXPECT_EQ(m.bitangents[2].y, -1.0f);
}

TEST(IqeEdgeCases, E02_E23_IndentedCommandsAndCrlf) {
  auto r = read_iqe("\tmesh \"body\"\r\n  material skin\r\n\tvp 0 0 0\r\nvp 1 0 0 \r\nvp 0 1 0\t\r\n\tfa 0 1 2\r\n");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->meshes.at(0).name, "body");
  EXPECT_EQ(r->materials.at(0).name, "skin");
  EXPECT_EQ(r->meshes[0].triangle_count(), 1u);
}

TEST(IqeEdgeCases, E03_QuotedNamesWithSpacesAndPaths) {
  auto r = read_iqe("mesh \"left arm\"\nmaterial \"models/buildables/medistat/scan\"\n" + kTriangle);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->meshes[0].name, "left arm");
  EXPECT_EQ(r->materials[0].name, "models/buildables/medistat/scan");
}

TEST(IqeEdgeCases, E04_E05_E06_E07_PoseQuaternions) {
  // 7 values; 10 values; Qw omitted; an explicit non-unit quaternion; a positive w.
  auto r = read_iqe(
      "joint a -1\njoint b 0\njoint c 1\njoint d 2\njoint e 3\n"
      "pq 1 2 3 0 0 0 1\n"
      "pq 0 0 0 0 0 0 1 2 3 4\n"
      "pq 0 0 0 0.6 0 0\n"
      "pq 0 0 0 0 0 2 2\n"
      "pq 0 0 0 0 0.6 0 0.8\n");
  ASSERT_TRUE(r.ok());
  const auto& j = r->joints;
  EXPECT_EQ(j[0].rest.translation, (Vec3{1, 2, 3}));
  EXPECT_EQ(j[1].rest.scale, (Vec3{2, 3, 4}));
  EXPECT_EQ(j[0].rest.scale, (Vec3{1, 1, 1}));
  expect_quat(j[2].rest.rotation, 0.6f, 0, 0, -0.8f);  // w = -sqrt(1 - 0.36)
  // w <= 0 after negation; (0,0,2,2) normalised to (0,0,0.7071,0.7071), made (0,0,-0.7071,-0.7071).
  expect_quat(j[3].rest.rotation, 0, 0, -0.70710678f, -0.70710678f);
  expect_quat(j[4].rest.rotation, 0, -0.6f, 0, -0.8f);
}

TEST(IqeEdgeCases, E08_NegativeZeroAndExponents) {
  auto r = read_iqe("vp -0 1.35e-20 2E+1\nvp 1 0 0\nvp 0 1 0\nfa 0 1 2\n");
  ASSERT_TRUE(r.ok());
  const Vec3 p = r->meshes[0].positions[0];
  EXPECT_EQ(p.x, 0.0f);
  EXPECT_TRUE(std::signbit(p.x));
  EXPECT_FLOAT_EQ(p.y, 1.35e-20f);
  EXPECT_EQ(p.z, 20.0f);
}

// Two joints, base poses at the origin; animation frames translate joint 0 along X by the frame value.
std::string anim_file(const std::string& frames) {
  return "joint root -1\njoint child 0\npq 0 0 0 0 0 0 -1\npq 0 0 1 0 0 0 -1\nanimation walk\nframerate 10\n" + frames;
}

TEST(IqeEdgeCases, E09_E10_FrameArgumentsPosesBeforeFrameAndEmptyFrames) {
  auto r = read_iqe(anim_file(
      "pq 1 0 0 0 0 0 -1\npq 0 0 1 0 0 0 -1\nframe 0\nframe\nframe 7\npq 2 0 0 0 0 0 -1\npq 0 0 1 0 0 0 -1\n"));
  ASSERT_TRUE(r.ok());
  const Animation& a = r->animations.at(0);
  ASSERT_EQ(a.channels.at(0).translation.size(), 2u);  // the poses before `frame` are frame 0; empty frames collapse
  EXPECT_EQ(a.channels[0].translation[0].value.x, 1.0f);
  EXPECT_EQ(a.channels[0].translation[1].value.x, 2.0f);
  EXPECT_FLOAT_EQ(a.channels[0].translation[1].time, 0.1f);
  EXPECT_FLOAT_EQ(a.duration, 0.2f);
  EXPECT_EQ(a.frame_rate, 10.0f);
}

TEST(IqeEdgeCases, E11_FramesWithFewerOrMorePosesThanJoints) {
  auto r =
      read_iqe(anim_file("frame\npq 5 0 0 0 0 0 -1\nframe\npq 6 0 0 0 0 0 -1\npq 0 0 2 0 0 0 -1\npq 9 9 9 0 0 0 -1\n"));
  ASSERT_TRUE(r.ok());
  const Animation& a = r->animations.at(0);
  EXPECT_EQ(a.channels.at(1).translation.at(0).value, (Vec3{0, 0, 1}));  // missing pose: the base pose
  EXPECT_EQ(a.channels.at(1).translation.at(1).value, (Vec3{0, 0, 2}));
  EXPECT_EQ(a.channels.size(), 2u);  // the extra pose is dropped
}

TEST(IqeEdgeCases, E12_E13_E14_Influences) {
  auto r = read_iqe(
      "joint a -1\n"
      "vp 0 0 0\nvp 1 0 0\nvp 0 1 0\n"
      "vb\n"
      "vb 0 0.1 1 0.2 2 0.3 3 0.05 4 0.0005 5 0.15 6 0.04 7 0.06 8 0.03 9 0.02 10 0.025 11 0.01\n"
      "vb 300 1\n"
      "fa 0 1 2\n");
  // Joint 300 does not exist: an error naming it.
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "IQE_JOINT_OUT_OF_RANGE");
  std::string joints;
  for (int j = 0; j < 301; ++j) joints += "joint j" + std::to_string(j) + " " + std::to_string(j - 1) + "\n";
  r = read_iqe(joints +
               "vp 0 0 0\nvp 1 0 0\nvp 0 1 0\nvb\n"
               "vb 0 0.1 1 0.2 2 0.3 3 0.05 4 0.0005 5 0.15 6 0.04 7 0.06 8 0.03 9 0.02 10 0.025 11 0.01\n"
               "vb 300 1\nfa 0 1 2\n");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const auto& skin = r->meshes.at(0).skin;
  EXPECT_EQ(skin[0], SkinInfluences{});  // empty vb: no influences
  // 12 pairs: 0.0005 dropped (<= 1e-3), the 8 largest of the rest kept in descending order, renormalised.
  const float kept = 0.3f + 0.2f + 0.15f + 0.1f + 0.06f + 0.05f + 0.04f + 0.03f;
  EXPECT_EQ(skin[1].joints[0], 2);
  EXPECT_EQ(skin[1].joints[1], 1);
  EXPECT_EQ(skin[1].joints[7], 8);
  EXPECT_NEAR(skin[1].weights[0], 0.3f / kept, kTol);
  float sum = 0;
  for (float w : skin[1].weights) sum += w;
  EXPECT_NEAR(sum, 1.0f, kTol);
  EXPECT_EQ(skin[2].joints[0], 300);  // kept as an int; only a byte-indexed format refuses it
  auto iqm = find_format("iqm")->write(r.value(), {});
  ASSERT_FALSE(iqm.ok());
  EXPECT_EQ(iqm.error().code, "IQM_JOINT_INDEX_TOO_LARGE");
}

// Several meshes: each holds exactly its own vertices' arrays, whether it takes the document's first
// vertices (mesh a, also read by mesh c) or later ones (mesh b), or starts past the first (mesh d,
// the first mesh of its file, on vertices 1 and up).
TEST(IqeEdgeCases, SeveralMeshesEachHoldTheirOwnVerticesArrays) {
  auto vertex = [](int i) {
    const std::string n = std::to_string(i);
    return "vp " + n + " 0 0\nvn 0 0 1\nvt 0." + n + " 0\nvb " + std::to_string(i % 2) + " 1\n";
  };
  std::string text = "joint j0\njoint j1 0\nmesh a\n" + vertex(0) + vertex(1) + vertex(2) + "fm 0 1 2\n";
  text += "mesh b\n" + vertex(3) + vertex(4) + vertex(5) + "fm 0 1 2\n";
  text += "mesh c\nfa 0 4 2\n";
  auto r = read_iqe(text);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  ASSERT_EQ(r->meshes.size(), 3u);
  const int want[3][3] = {{0, 1, 2}, {3, 4, 5}, {0, 4, 2}};
  for (std::size_t k = 0; k < 3; ++k) {
    const Mesh& m = r->meshes[k];
    ASSERT_EQ(m.vertex_count(), 3u) << "mesh " << k;
    ASSERT_EQ(m.normals.size(), 3u) << "mesh " << k;
    ASSERT_EQ(m.uvs.at(0).size(), 3u) << "mesh " << k;
    ASSERT_EQ(m.skin.size(), 3u) << "mesh " << k;
    for (std::size_t t = 0; t < 3; ++t) {
      const Vec3 p = m.positions[m.indices[t]];
      EXPECT_EQ(p.x, static_cast<float>(want[k][t])) << "mesh " << k << ", corner " << t;
      EXPECT_EQ(m.uvs[0][m.indices[t]].x, static_cast<float>(want[k][t]) / 10) << "mesh " << k << ", corner " << t;
      EXPECT_EQ(m.skin[m.indices[t]].joints[0], want[k][t] % 2) << "mesh " << k << ", corner " << t;
    }
  }
  auto later = read_iqe("mesh d\n" + vertex(0) + vertex(1) + vertex(2) + vertex(3) + "fm 1 2 3\n");
  ASSERT_TRUE(later.ok()) << later.error().to_string();
  const Mesh& d = later->meshes.at(0);
  ASSERT_EQ(d.vertex_count(), 3u);
  EXPECT_EQ(d.positions, (std::vector<Vec3>{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}}));
  EXPECT_EQ(d.skin.size(), 3u);
}

TEST(IqeEdgeCases, E15_E16_MeshRelativeAndGlobalIndices) {
  auto r = read_iqe(
      "mesh a\nvp 0 0 0\nvp 1 0 0\nvp 0 1 0\nfm 0 1 2\n"
      "mesh b\nvp 5 0 0\nvp 6 0 0\nvp 5 1 0\nfm 0 1 2\nfa 0 4 5\n");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->meshes.size(), 2u);
  EXPECT_EQ(r->meshes[1].positions[r->meshes[1].indices[0]], (Vec3{5, 0, 0}));  // fm 0 in mesh b = vertex 3
  // fa 0 reaches into mesh a: its vertex is copied into mesh b.
  ASSERT_EQ(r->meshes[1].vertex_count(), 4u);
  EXPECT_EQ(r->meshes[1].positions[r->meshes[1].indices[3]], (Vec3{0, 0, 0}));
}

TEST(IqeEdgeCases, E17_E18_NegativeAndOutOfRangeIndices) {
  auto r = read_iqe("vp 0 0 0\nvp 1 0 0\nvp 0 1 0\nfa -3 -2 -1\n");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->meshes[0].positions[r->meshes[0].indices[2]], (Vec3{0, 1, 0}));
  r = read_iqe("vp 0 0 0\nvp 1 0 0\nvp 0 1 0\nfa -4 0 1\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "IQE_INDEX_OUT_OF_RANGE");
  EXPECT_EQ(r.error().line, 5u);  // the header is line 1
  r = read_iqe("vp 0 0 0\nvp 1 0 0\nvp 0 1 0\nfa 0 1 3\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "IQE_INDEX_OUT_OF_RANGE");
  EXPECT_NE(r.error().to_string().find("line 5"), std::string::npos) << r.error().to_string();
}

TEST(IqeEdgeCases, E19_E20_E21_PolygonsShortFacesAndLongLines) {
  auto r = read_iqe("vp 0 0 0\nvp 1 0 0\nvp 1 1 0\nvp 0 1 0\nfa 0 1 2 3\nfa 0 1\nfm 0 1.5 2\n");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->meshes[0].triangle_count(), 2u);  // the quad fans into (0,1,2), (0,2,3); the others make nothing
  const auto& m = r->meshes[0];
  EXPECT_EQ(m.positions[m.indices[3]], (Vec3{0, 0, 0}));
  EXPECT_EQ(m.positions[m.indices[5]], (Vec3{0, 1, 0}));
  std::string body, face = "fa";
  for (int i = 0; i < 200; ++i)
    body += "vp " + std::to_string(std::cos(i * 0.0314)) + " " + std::to_string(std::sin(i * 0.0314)) + " 0\n";
  for (int i = 0; i < 200; ++i) face += " " + std::to_string(i);
  r = read_iqe(body + face + "\n");  // a line far beyond the reference's 512 bytes
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->meshes[0].triangle_count(), 198u);
}

TEST(IqeEdgeCases, E22_HeaderVariants) {
  EXPECT_TRUE(read_iqe("# Inter-Quake Export by someone\r\n" + kTriangle, false).ok());
  auto r = read_iqe("#Inter-Quake Export\n" + kTriangle, false);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "IQE_BAD_HEADER");
  EXPECT_EQ(r.error().line, 1u);
}

TEST(IqeEdgeCases, E24_E25_E26_SegmentsMaterialsAndFacesBeforeAnyMesh) {
  auto r = read_iqe(
      "vp 0 0 0\nvp 1 0 0\nvp 0 1 0\nfa 0 1 2\n"
      "mesh A\nmaterial red\nfa 0 1 2\nmesh B\nfa 0 1 2\nmesh A\nmaterial red\nfa 0 1 2\n");
  ASSERT_TRUE(r.ok());
  std::size_t triangles = 0;
  for (const auto& m : r->meshes) triangles += m.triangle_count();
  EXPECT_EQ(triangles, 4u);  // A, B, A: no segment dropped
  EXPECT_EQ(r->meshes[0].name, "");
  EXPECT_EQ(r->materials.at(r->meshes[0].material).name, "");
  // `material` persists across `mesh` (the reference compiler's behaviour): B is red too.
  EXPECT_EQ(r->meshes[2].name, "B");
  EXPECT_EQ(r->materials.at(r->meshes[2].material).name, "red");
}

TEST(IqeEdgeCases, E27_NoFacesMeansVertexTriples) {
  auto r = read_iqe("vp 0 0 0\nvp 1 0 0\nvp 0 1 0\nvp 0 0 1\nvp 1 0 1\nvp 0 1 1\nvp 9 9 9\n");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->meshes.at(0).triangle_count(), 2u);
  EXPECT_EQ(r->meshes[0].positions[r->meshes[0].indices[3]], (Vec3{0, 0, 1}));
}

TEST(IqeEdgeCases, E28_E30_VertexArrayDeclarationsAndCustomAttributes) {
  auto r = read_iqe(
      "vertexarray custom0 float 2 \"wind\"\nvertexarray custom1 ubyte 9 ignored\nvertexarray bogus float 3\n"
      "vertexarray custom2 float 3\n"
      "vp 0 0 0\nv0 0.5 0.25\nv2 1 2 3\nvp 1 0 0\nv0 1 1\nv2 4 5 6\nvp 0 1 0\nv0 0 0\nv2 7 8 9\nv1 1\nv1 1\nv1 1\nfa 0 1 2\n");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const auto& custom = r->meshes.at(0).custom;
  ASSERT_EQ(custom.size(), 2u);  // custom1 has SIZE 9, outside 1..4: ignored
  EXPECT_EQ(custom[0].name, "wind");
  EXPECT_EQ(custom[0].components, 2);
  EXPECT_EQ(custom[0].values, (std::vector<float>{0.5f, 0.25f, 1, 1, 0, 0}));
  EXPECT_EQ(custom[1].name, "custom2");  // NAME defaults to TYPE
  EXPECT_EQ(custom[1].values[5], 6.0f);
}

TEST(IqeEdgeCases, E31_ColourWithoutAlpha) {
  auto r = read_iqe("vp 0 0 0\nvc 1 0.5 0\nvp 1 0 0\nvc 1 1 1 0.25\nvp 0 1 0\nvc 0 0 0\nfa 0 1 2\n");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->meshes[0].colors.at(0)[0], (Vec4{1, 0.5f, 0, 1}));
  EXPECT_EQ(r->meshes[0].colors[0][1].w, 0.25f);
}

TEST(IqeEdgeCases, E32_UnequalArraysAreAnError) {
  auto r = read_iqe("vp 0 0 0\nvt 0 0\nvp 1 0 0\nvp 0 1 0\nfa 0 1 2\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "IQE_ARRAY_LENGTH_MISMATCH");
  EXPECT_NE(r.error().message.find("vt"), std::string::npos);
}

TEST(IqeEdgeCases, E33_E34_SkeletonWithoutAnimationAndJointsWithoutBasePoses) {
  auto r = read_iqe("joint a -1\njoint b 0\npq 0 0 1 0 0 0 -1\n" + kTriangle);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->joints.size(), 2u);
  EXPECT_TRUE(r->animations.empty());
  EXPECT_TRUE(test::has_code(r.warnings, "IQE_MISSING_BASE_POSES"));
  EXPECT_EQ(r->joints[1].inverse_bind, Mat4{});  // bound at identity, as the reference compiler does
  EXPECT_FLOAT_EQ(r->joints[0].inverse_bind.m[14], -1.0f);
  auto plain = read_iqe(kTriangle);
  ASSERT_TRUE(plain.ok());
  EXPECT_TRUE(plain->joints.empty());
}

TEST(IqeEdgeCases, E35_ParentMustBeAnEarlierJoint) {
  auto r = read_iqe("joint a -1\njoint b 1\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "IQE_BAD_PARENT");
  EXPECT_EQ(r.error().line, 3u);
}

TEST(IqeEdgeCases, E36_UnnamedAnimationAndFrameRates) {
  auto r = read_iqe(
      "framerate 99\njoint a -1\npq 0 0 0 0 0 0 -1\nanimation\nframe\npq 1 0 0 0 0 0 -1\nanimation neg\nframerate -5\nframe\npq 0 0 0 0 0 0 -1\n");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->animations.size(), 2u);
  EXPECT_EQ(r->animations[0].name, "");
  EXPECT_EQ(r->animations[0].frame_rate, 0.0f);  // the framerate before any animation is ignored
  EXPECT_EQ(r->animations[1].frame_rate, 0.0f);  // negative clamps to 0
  EXPECT_TRUE(test::has_code(r.warnings, "IQE_FRAMERATE_ASSUMED"));
  EXPECT_FLOAT_EQ(r->animations[1].duration, 1.0f / 30.0f);
}

TEST(IqeEdgeCases, E37_MatrixPoseWithScaleAndNegativeDeterminant) {
  // 2 x (90 degrees about Z): rows (0,-2,0), (2,0,0), (0,0,2) -> q (0,0,-0.7071,-0.7071), s = 2.
  auto r = read_iqe("joint a -1\njoint b 0\npm 1 2 3 0 -2 0 2 0 0 0 0 2\npm 0 0 0 -1 0 0 0 -1 0 0 0 -1 1 1 3\n");
  ASSERT_TRUE(r.ok());
  expect_quat(r->joints[0].rest.rotation, 0, 0, -0.70710678f, -0.70710678f);
  EXPECT_EQ(r->joints[0].rest.translation, (Vec3{1, 2, 3}));
  EXPECT_NEAR(r->joints[0].rest.scale.x, 2.0f, kTol);
  EXPECT_NEAR(r->joints[0].rest.scale.z, 2.0f, kTol);
  // -identity: det < 0, so every scale is negated (-1) and the rotation is the identity; then x (1,1,3).
  EXPECT_NEAR(r->joints[1].rest.scale.x, -1.0f, kTol);
  EXPECT_NEAR(r->joints[1].rest.scale.z, -3.0f, kTol);
  expect_quat(r->joints[1].rest.rotation, 0, 0, 0, -1);
}

TEST(IqeEdgeCases, E38_EulerPoseOrder) {
  // X by 90 degrees, then Z by 90 degrees: q = qz * qx. Applied to +Y: X turns it to +Z, Z leaves +Z.
  // Applied to +Z: X turns it to -Y, then Z turns -Y to +X.
  auto r = read_iqe("joint a -1\npa 0 0 0 1.5707963 0 1.5707963\n");
  ASSERT_TRUE(r.ok());
  const Quat q = r->joints[0].rest.rotation;
  EXPECT_LE(q.w, 0.0f);
  const Vec3 y = rotate(q, {0, 1, 0}), z = rotate(q, {0, 0, 1});
  EXPECT_NEAR(y.z, 1.0f, 1e-5f);
  EXPECT_NEAR(z.x, 1.0f, 1e-5f);
}

TEST(IqeEdgeCases, E39_SmoothingOnlyWithoutVn) {
  // A roof of two equal triangles meeting at 90 degrees along the ridge x = 0, z = 1, sharing the ridge
  // vertices. Clockwise front faces (docs/formats/iqe.md §1): the right face's normal is (1,0,1)/sqrt2, the left's (-1,0,1)/sqrt2.
  const std::string roof = "vp 0 0 1\nvp 0 1 1\nvp 1 0 0\nvp -1 0 0\n";
  const std::string faces = "fa 0 1 2\nfa 1 0 3\n";
  auto normals_at = [](const Mesh& mesh, Vec3 p) {
    std::vector<Vec3> out;
    for (std::size_t v = 0; v < mesh.positions.size(); ++v)
      if (mesh.positions[v] == p) out.push_back(mesh.normals[v]);
    return out;
  };
  const float h = std::sqrt(0.5f);
  auto smooth = read_iqe(roof + faces);  // default: everything smooths
  ASSERT_TRUE(smooth.ok());
  ASSERT_EQ(normals_at(smooth->meshes[0], {0, 0, 1}).size(), 1u);
  EXPECT_NEAR(normals_at(smooth->meshes[0], {0, 0, 1})[0].z, 1.0f, 1e-5f);
  EXPECT_NEAR(normals_at(smooth->meshes[0], {1, 0, 0})[0].x, h, 1e-5f);
  // 90 degrees > 30: the shared ridge vertices split into one faceted copy per face.
  auto faceted = read_iqe("smoothangle 30\n" + roof + faces);
  ASSERT_TRUE(faceted.ok());
  auto ridge = normals_at(faceted->meshes[0], {0, 0, 1});
  ASSERT_EQ(ridge.size(), 2u);
  EXPECT_NEAR(std::fabs(ridge[0].x), h, 1e-5f);
  EXPECT_NEAR(ridge[0].x, -ridge[1].x, 1e-5f);
  EXPECT_EQ(faceted->meshes[0].vertex_count(), 6u);
  auto wide = read_iqe("smoothangle 100\n" + roof + faces);
  ASSERT_TRUE(wide.ok());
  EXPECT_EQ(normals_at(wide->meshes[0], {0, 0, 1}).size(), 1u);
  auto grouped = read_iqe(roof + "smoothgroup 1\nfa 0 1 2\nsmoothgroup 2\nfa 1 0 3\n");
  ASSERT_TRUE(grouped.ok());
  EXPECT_EQ(normals_at(grouped->meshes[0], {0, 0, 1}).size(), 2u);
  auto flagged = read_iqe(roof + "fs 0 0 0\nfa 0 1 2\nfa 1 0 3\n");
  ASSERT_TRUE(flagged.ok());
  EXPECT_EQ(normals_at(flagged->meshes[0], {0, 0, 1}).size(), 2u);
  // Separate vertices at the same position smooth together (the spec's "corners sharing a position").
  auto split = read_iqe(roof + "vp 0 0 1\nvp 0 1 1\nfa 0 1 2\nfa 5 4 3\n");
  ASSERT_TRUE(split.ok());
  for (const Vec3& n : normals_at(split->meshes[0], {0, 0, 1})) EXPECT_NEAR(n.z, 1.0f, 1e-5f);
  // vs indices: equal indices smooth, different ones do not.
  auto indexed = read_iqe(roof + "vp 0 0 1\nvp 0 1 1\nvs 1\nvs 2\nvs 3\nvs 4\nvs 5\nvs 6\nfa 0 1 2\nfa 5 4 3\n");
  ASSERT_TRUE(indexed.ok());
  EXPECT_NEAR(normals_at(indexed->meshes[0], {0, 0, 1})[0].z, h, 1e-5f);
  // smoothuv: corners smooth only where their UVs match.
  const std::string uvs = "vt 0 0\nvt 0 1\nvt 1 0\nvt 1 1\nvt 0.5 0\nvt 0.5 1\n";
  auto uv_seam = read_iqe("smoothuv 1\n" + roof + "vp 0 0 1\nvp 0 1 1\n" + uvs + "fa 0 1 2\nfa 5 4 3\n");
  ASSERT_TRUE(uv_seam.ok());
  EXPECT_NEAR(normals_at(uv_seam->meshes[0], {0, 0, 1})[0].z, h, 1e-5f);
  // Explicit normals switch smoothing off entirely.
  auto explicit_normals = read_iqe("smoothangle 0\nvn 0 0 1\nvn 0 0 1\nvn 0 0 1\n" + kTriangle);
  ASSERT_TRUE(explicit_normals.ok());
  EXPECT_EQ(explicit_normals->meshes[0].normals[0], (Vec3{0, 0, 1}));
}

TEST(IqeEdgeCases, E40_CommentIsRawTextToTheEnd) {
  const std::string tail = "vp 9 9 9\nfa 0 0 0\n  free text\n";
  auto r = read_iqe(kTriangle + "comment\n" + tail);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->comment, tail);
  EXPECT_EQ(r->vertex_count(), 3u);  // the command-like lines are comment, not geometry
}

TEST(IqeEdgeCases, E41_ExplicitTangentsStayWithTheirVertex) {
  // Mesh b uses vertices out of order and one from mesh a; each tangent must follow its position.
  auto r = read_iqe(
      "mesh a\nvp 0 0 0\nvx 1 0 0 1\nvp 1 0 0\nvx 0 1 0 1\nvp 0 1 0\nvx 0 0 1 1\nfm 0 1 2\n"
      "mesh b\nvp 5 0 0\nvx 0.6 0.8 0 -1\nvp 6 0 0\nvx 0.8 0.6 0 1\nfa 4 1 3\n");
  ASSERT_TRUE(r.ok());
  const Mesh& b = r->meshes.at(1);
  for (std::size_t v = 0; v < b.positions.size(); ++v) {
    if (b.positions[v] == Vec3{5, 0, 0}) EXPECT_EQ(b.tangents[v], (Vec4{0.6f, 0.8f, 0, -1}));
    if (b.positions[v] == Vec3{6, 0, 0}) EXPECT_EQ(b.tangents[v], (Vec4{0.8f, 0.6f, 0, 1}));
    if (b.positions[v] == Vec3{1, 0, 0}) EXPECT_EQ(b.tangents[v], (Vec4{0, 1, 0, 1}));
  }
}

TEST(IqeEdgeCases, E43_ConventionsAreConvertedForYUpCounterClockwiseTargets) {
  // A clockwise IQE triangle seen from +Z (its front): (0,0,0) (0,1,0) (1,0,0); top of the image is v=0.
  auto r = read_iqe("vp 0 0 0\nvt 0 0\nvp 0 1 0\nvt 0 1\nvp 1 0 5\nvt 1 0\nfa 0 1 2\n");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->conventions.up, UpAxis::Z);
  EXPECT_FALSE(r->conventions.ccw_front_faces);
  const auto dir = test::temp_dir("iqe-conventions");
  ASSERT_TRUE(write_scene(dir / "t.aem", r.value()).ok());
  auto aem = read_scene(dir / "t.aem");
  ASSERT_TRUE(aem.ok());
  const Mesh& m = aem->meshes.at(0);
  // Z up becomes Y up: the vertex at z = 5 is now at y = 5.
  bool found = false;
  for (const Vec3& p : m.positions) found |= std::fabs(p.y - 5.0f) < 1e-5f;
  EXPECT_TRUE(found);
  // The front normal of a clockwise IQE face is (v2-v0)x(v1-v0) = (-5,0,1): +Z. After the rotation to Y up the
  // same face must be front under counter-clockwise winding, so its CCW normal has +Y.
  const Vec3 a = m.positions[m.indices[0]], b = m.positions[m.indices[1]], c = m.positions[m.indices[2]];
  const Vec3 ccw_normal = cross(b - a, c - a);
  EXPECT_GT(ccw_normal.y, 0.0f);
}

}  // namespace
}  // namespace aem
