// Write -> read keeps the scene; conversion to AEM keeps E3D models upright and unmirrored.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "aem/conventions.hpp"
#include "aem/example.hpp"
#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "e3d/e3d_builder.hpp"
#include "e3d/e3d_samples.hpp"
#include "formats/e3d/e3d_format.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

constexpr float kNormalTol = 2.0f / 511.0f;  // one 10-bit step, plus renormalisation

void near3(const Vec3& a, const Vec3& b, float tol, const std::string& what) {
  EXPECT_NEAR(a.x, b.x, tol) << what;
  EXPECT_NEAR(a.y, b.y, tol) << what;
  EXPECT_NEAR(a.z, b.z, tol) << what;
}

void near_transform(const Transform& a, const Transform& b, const std::string& what) {
  near3(a.translation, b.translation, 1e-5f, what + " translation");
  near3(a.scale, b.scale, 1e-5f, what + " scale");
  const float d = std::fabs(a.rotation.x * b.rotation.x + a.rotation.y * b.rotation.y + a.rotation.z * b.rotation.z +
                            a.rotation.w * b.rotation.w);
  EXPECT_NEAR(d, 1.0f, 1e-5f) << what << " rotation";
}

void near_matrix(const Mat4& a, const Mat4& b, const std::string& what) {
  for (int k = 0; k < 16; ++k) EXPECT_NEAR(a.m[k], b.m[k], 1e-5f) << what << " element " << k;
}

void expect_same_mesh(const Mesh& a, const Mesh& b, const std::string& what) {
  EXPECT_EQ(a.positions, b.positions) << what;
  EXPECT_EQ(a.indices, b.indices) << what;
  EXPECT_EQ(a.material, b.material) << what;
  ASSERT_EQ(a.normals.size(), b.normals.size()) << what;
  for (std::size_t v = 0; v < a.normals.size(); ++v) near3(a.normals[v], b.normals[v], kNormalTol, what + " normal");
  ASSERT_EQ(a.tangents.size(), b.tangents.size()) << what;
  for (std::size_t v = 0; v < a.tangents.size(); ++v) {
    near3({a.tangents[v].x, a.tangents[v].y, a.tangents[v].z}, {b.tangents[v].x, b.tangents[v].y, b.tangents[v].z},
          kNormalTol, what + " tangent");
    near3(a.bitangents[v], b.bitangents[v], kNormalTol, what + " bitangent");
  }
  ASSERT_EQ(a.uvs.size() > 0 && !a.uvs[0].empty(), b.uvs.size() > 0 && !b.uvs[0].empty()) << what;
  if (!a.uvs.empty() && !a.uvs[0].empty()) EXPECT_EQ(a.uvs[0], b.uvs[0]) << what;
  EXPECT_EQ(a.colors, b.colors) << what;
  ASSERT_EQ(a.skin.size(), b.skin.size()) << what;
  for (std::size_t v = 0; v < a.skin.size(); ++v) {
    EXPECT_EQ(a.skin[v].joints, b.skin[v].joints) << what << " vertex " << v;
    for (int k = 0; k < kMaxInfluences; ++k)
      EXPECT_NEAR(a.skin[v].weights[k], b.skin[v].weights[k], 1.0f / 255) << what;
  }
  ASSERT_EQ(a.frames.size(), b.frames.size()) << what;
  for (std::size_t f = 0; f < a.frames.size(); ++f) EXPECT_EQ(a.frames[f].positions, b.frames[f].positions) << what;
}

/// Everything the E3D reader fills, compared with the tolerances of the format's quantisation.
void expect_same_scene(const Scene& a, const Scene& b) {
  ASSERT_EQ(a.textures.size(), b.textures.size());
  for (std::size_t i = 0; i < a.textures.size(); ++i) {
    EXPECT_EQ(a.textures[i].data, b.textures[i].data);
    EXPECT_EQ(a.textures[i].mime_type, b.textures[i].mime_type);
    if (a.textures[i].data.empty()) EXPECT_EQ(a.textures[i].name, b.textures[i].name);
  }
  ASSERT_EQ(a.materials.size(), b.materials.size());
  for (std::size_t i = 0; i < a.materials.size(); ++i) {
    const Material &x = a.materials[i], &y = b.materials[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.flags, y.flags);
    EXPECT_EQ(x.double_sided, y.double_sided);
    EXPECT_EQ(x.alpha_blend, y.alpha_blend);
    EXPECT_EQ(x.opacity, y.opacity);
    EXPECT_EQ(x.diffuse, y.diffuse);
    EXPECT_EQ(x.ambient, y.ambient);
    EXPECT_EQ(x.specular, y.specular);
    EXPECT_EQ(x.emissive, y.emissive);
    EXPECT_EQ(x.shininess, y.shininess);
    EXPECT_EQ(x.textures, y.textures);
  }
  ASSERT_EQ(a.nodes.size(), b.nodes.size());
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    EXPECT_EQ(a.nodes[i].name, b.nodes[i].name);
    EXPECT_EQ(a.nodes[i].parent, b.nodes[i].parent);
    EXPECT_EQ(a.nodes[i].kind, b.nodes[i].kind);
    EXPECT_EQ(a.nodes[i].meshes, b.nodes[i].meshes);
    EXPECT_EQ(a.nodes[i].joint, b.nodes[i].joint);
    near_transform(a.nodes[i].local, b.nodes[i].local, "node " + a.nodes[i].name);
  }
  ASSERT_EQ(a.joints.size(), b.joints.size());
  for (std::size_t i = 0; i < a.joints.size(); ++i) {
    EXPECT_EQ(a.joints[i].name, b.joints[i].name);
    EXPECT_EQ(a.joints[i].parent, b.joints[i].parent);
    near_matrix(a.joints[i].inverse_bind, b.joints[i].inverse_bind, "joint " + a.joints[i].name);
    near_transform(a.joints[i].rest, b.joints[i].rest, "joint " + a.joints[i].name);
  }
  ASSERT_EQ(a.meshes.size(), b.meshes.size());
  for (std::size_t i = 0; i < a.meshes.size(); ++i)
    expect_same_mesh(a.meshes[i], b.meshes[i], "mesh " + std::to_string(i));
  EXPECT_EQ(a.vertex_animation.frame_count, b.vertex_animation.frame_count);
  ASSERT_EQ(a.animations.size(), b.animations.size());
  for (std::size_t i = 0; i < a.animations.size(); ++i) {
    const Animation &x = a.animations[i], &y = b.animations[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.loop, y.loop);
    EXPECT_NEAR(x.duration, y.duration, 1e-6f);
    ASSERT_EQ(x.channels.size(), y.channels.size());
    for (std::size_t c = 0; c < x.channels.size(); ++c) {
      EXPECT_EQ(x.channels[c].joint, y.channels[c].joint);
      ASSERT_EQ(x.channels[c].translation.size(), y.channels[c].translation.size());
      ASSERT_EQ(x.channels[c].rotation.size(), y.channels[c].rotation.size());
      for (std::size_t k = 0; k < x.channels[c].rotation.size(); ++k) {
        EXPECT_NEAR(x.channels[c].rotation[k].time, y.channels[c].rotation[k].time, 1e-6f);
        const Quat &p = x.channels[c].rotation[k].value, &q = y.channels[c].rotation[k].value;
        EXPECT_NEAR(p.x * q.x + p.y * q.y + p.z * q.z + p.w * q.w, 1.0f, 1e-5f);
      }
      for (std::size_t k = 0; k < x.channels[c].translation.size(); ++k)
        near3(x.channels[c].translation[k].value, y.channels[c].translation[k].value, 1e-6f, "translation key");
    }
  }
}

Scene read_ok(const std::vector<std::byte>& bytes) {
  auto r = read_scene(bytes, "rt.e3d");
  EXPECT_TRUE(r.ok()) << r.error().to_string();
  return r.ok() ? r.value() : Scene{};
}

TEST(E3dRoundTrip, EveryBlockKindSurvivesWriteThenRead) {
  const Scene first = read_ok(test::kitchen_sink());
  for (bool compress : {false, true}) {
    SCOPED_TRACE(compress ? "compressed" : "plain");
    WriteOptions o;
    o.compress = compress;
    auto bytes = formats::e3d_write(first, o);
    ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
    const Scene second = read_ok(bytes.value());
    expect_same_scene(first, second);
    // And once more: a second generation writes the same bytes.
    auto again = formats::e3d_write(second, o);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again.value(), bytes.value());
  }
}

TEST(E3dRoundTrip, WrittenFilesFollowWhatEcereNeeds) {
  const Scene s = read_ok(test::kitchen_sink());
  auto bytes = formats::e3d_write(s, {});
  ASSERT_TRUE(bytes.ok());
  const auto& out = bytes.value();
  // Top level after the version block: textures, materials, meshes, nodes, animations, in that order.
  std::vector<int> top;
  for (std::size_t at = 12; at + 6 <= out.size();) {
    std::uint16_t type;
    std::uint32_t size;
    std::memcpy(&type, out.data() + at, 2);
    std::memcpy(&size, out.data() + at + 2, 4);
    top.push_back(type);
    at += size;
  }
  EXPECT_EQ(top, (std::vector<int>{0x9000, 0x8000, 0x1000, 0x3000, 0xA000}));
}

/// Blocks of the written tree (test-side walk): type, payload start and end, for the containers the
/// checks below need (meshes, mesh, attributes after its vertex count, nodes and node kinds).
struct Found {
  std::uint16_t type;
  std::size_t payload, end;
  int depth;
};

void walk(const std::vector<std::byte>& b, std::size_t at, std::size_t end, int depth, std::vector<Found>& out) {
  while (at + 6 <= end) {
    std::uint16_t type;
    std::uint32_t size;
    std::memcpy(&type, b.data() + at, 2);
    std::memcpy(&size, b.data() + at + 2, 4);
    out.push_back({type, at + 6, at + size, depth});
    if (type == 0x1000 || type == 0x1010 || type == 0x3000 || type == 0x3010 || type == 0x3011 || type == 0x3012)
      walk(b, at + 6, at + size, depth + 1, out);
    if (type == 0x2000) walk(b, at + 10, at + size, depth + 1, out);
    at += size;
  }
}

template <class T>
T at(const std::vector<std::byte>& b, std::size_t offset) {
  T v;
  std::memcpy(&v, b.data() + offset, sizeof v);
  return v;
}

TEST(E3dRoundTrip, SkinnedFilesFollowWhatEcereNeeds) {
  ExampleOptions o;
  o.rings = 4;
  o.segments = 4;
  const Scene src = make_example_scene(o);
  auto bytes = formats::e3d_write(src, {});
  ASSERT_TRUE(bytes.ok());
  const auto& b = bytes.value();
  std::vector<Found> blocks;
  walk(b, 12, b.size(), 0, blocks);
  // One interleaved block: vertices at 0 first, boneWeights listed last with M = 10 slots (§6, §11).
  std::size_t interleaved = 0, faces16 = 0, root_nodes = 0;
  for (const auto& f : blocks) {
    if (f.type == 0x2800) {
      ++interleaved;
      EXPECT_EQ(at<std::uint16_t>(b, f.payload), 0x2010);
      EXPECT_EQ(at<std::uint16_t>(b, f.payload + 2), 0);
      std::size_t e = f.payload;
      while (at<std::uint16_t>(b, e + 4) != 0) e += 4;  // last entry before the terminator
      EXPECT_EQ(at<std::uint16_t>(b, e), 0x2090);
      EXPECT_EQ(at<std::uint16_t>(b, e + 2) + 2 * 10, at<std::uint16_t>(b, e + 6));
    }
    if (f.type == 0x1030) ++faces16;
    if (f.type == 0x1031) ADD_FAILURE() << "32-bit faces for a small mesh";
    if (f.type == 0x2080 || f.type == 0x2011 || f.type == 0x2018 || (f.type > 0x2030 && f.type <= 0x2037))
      ADD_FAILURE() << "block Ecere cannot read";
    if (f.type == 0x3010 || f.type == 0x3011 || f.type == 0x3012) {
      // Every node starts with its nodeID; the root is 1.
      EXPECT_EQ(at<std::uint16_t>(b, f.payload), 0x3020);
      if (f.depth == 1) {
        ++root_nodes;
        EXPECT_EQ(at<std::int32_t>(b, f.payload + 6), 1);
      }
    }
  }
  EXPECT_EQ(interleaved, 1u);
  EXPECT_EQ(faces16, 1u);
  EXPECT_EQ(root_nodes, 1u);
  // Compressed: one LZMA block with Ecere's properties (lc 4, lp 4, pb 4: byte 0xDC) after the version.
  WriteOptions c;
  c.compress = true;
  auto packed = formats::e3d_write(src, c);
  ASSERT_TRUE(packed.ok());
  const auto& p = packed.value();
  EXPECT_EQ(at<std::uint16_t>(p, 12), 0x0010);
  EXPECT_EQ(at<std::uint32_t>(p, 14), p.size() - 12);
  EXPECT_EQ(at<std::uint32_t>(p, 18), b.size() - 12);  // the uncompressed size: everything after the version block
  EXPECT_EQ(std::to_integer<int>(p[22]), 0xDC);
}

TEST(E3dRoundTrip, GeneratedSkinnedAnimatedSceneThroughWriteScene) {
  ExampleOptions o;
  o.rings = 6;
  o.segments = 5;
  const Scene src = make_example_scene(o);
  auto dir = test::temp_dir("e3d-roundtrip");
  WriteOptions w;
  w.compress = true;
  ASSERT_TRUE(write_scene(dir / "tube.e3d", src, nullptr, w).ok());
  auto r = read_scene(dir / "tube.e3d");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  Scene back = r.value();
  EXPECT_EQ(back.conventions, formats::e3d_conventions());
  convert_conventions(back, src.conventions);
  ASSERT_EQ(back.meshes.size(), 1u);
  const Mesh &a = src.meshes[0], &b = back.meshes[0];
  ASSERT_EQ(a.positions.size(), b.positions.size());
  for (std::size_t v = 0; v < a.positions.size(); ++v) {
    near3(a.positions[v], b.positions[v], 1e-5f, "position");
    near3(a.normals[v], b.normals[v], kNormalTol, "normal");
    EXPECT_NEAR(a.uvs[0][v].y, b.uvs[0][v].y, 1e-6f);
  }
  EXPECT_EQ(a.indices, b.indices);
  // Joints keep their names (under a root node the file needs), animation keys their times.
  for (const auto& j : src.joints) {
    const bool found =
        std::any_of(back.joints.begin(), back.joints.end(), [&](const Joint& k) { return k.name == j.name; });
    EXPECT_TRUE(found) << j.name;
  }
  ASSERT_EQ(back.animations.size(), 1u);
  EXPECT_NEAR(back.animations[0].duration, src.animations[0].duration, 1e-6f);
  EXPECT_TRUE(validate_scene(back).valid());
}

/// An asymmetric model in E3D's axes: "right" is +x, "up" is -y (y points down, docs/formats/e3d.md §8), "away"
/// is +z; the triangle (origin, right, up) faces the viewer.
std::vector<std::byte> pointer_model() {
  test::E3dBytes b;
  b.version().begin(0x1000).begin(0x1010).i32_block(0x1020, 1);
  b.begin(0x2000).i32(4).begin(0x2800).u16(0x2010).u16(0).u16(0x2030).u16(12).u16(0).u16(20);
  b.vec3(0, 0, 0).f32(0).f32(1);   // origin, UV bottom-left of the image (v from the top)
  b.vec3(1, 0, 0).f32(1).f32(1);   // right
  b.vec3(0, -1, 0).f32(0).f32(0);  // up, UV top-left
  b.vec3(0, 0, 1).f32(1).f32(0);   // away
  b.end().end();
  b.begin(0x1030).i32(2).u16(0).u16(1).u16(2).u16(0).u16(3).u16(1).end();
  b.begin(0x1040).i32(0).i32(2).i32(0).end();
  b.end().end();
  b.begin(0x3000).begin(0x3010).i32_block(0x3020, 1).i32_block(0x1020, 1).end().end();
  return b.bytes;
}

TEST(E3dOrientation, ConvertedToAemTheModelIsUprightAndNotMirrored) {
  auto dir = test::temp_dir("e3d-orientation");
  test::write_file(dir / "pointer.e3d", pointer_model());
  std::string out;
  ASSERT_EQ(test::run_cli("convert " + (dir / "pointer.e3d").string() + " " + (dir / "pointer.aem").string(), &out), 0)
      << out;
  auto r = read_scene(dir / "pointer.aem");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const Mesh& m = r->meshes.at(0);
  ASSERT_EQ(m.positions.size(), 4u);
  // AEM is Y-up, right-handed: up -> +Y, right -> +X, away from the viewer -> -Z.
  near3(m.positions[1], {1, 0, 0}, 1e-6f, "right");
  near3(m.positions[2], {0, 1, 0}, 1e-6f, "up");
  near3(m.positions[3], {0, 0, -1}, 1e-6f, "away");
  // The front face still faces the viewer (+Z in AEM): counter-clockwise, normal by the right-hand rule.
  const Vec3 p0 = m.positions[m.indices[0]], p1 = m.positions[m.indices[1]], p2 = m.positions[m.indices[2]];
  EXPECT_GT(cross(p1 - p0, p2 - p0).z, 0.0f);
  // Both formats measure V from the top of the image: UVs unchanged.
  EXPECT_EQ(m.uvs[0][2], (Vec2{0, 0}));
}

TEST(E3dOrientation, AnAemModelWrittenAsE3dHasItsUpAlongMinusY) {
  Scene s;
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.indices = {0, 1, 2};
  s.meshes.push_back(m);
  s.conventions = Conventions{UpAxis::Y, true, true, false, 1.0f};  // AEM's
  auto dir = test::temp_dir("e3d-orientation");
  ASSERT_TRUE(write_scene(dir / "up.e3d", s).ok());
  auto r = read_scene(dir / "up.e3d");
  ASSERT_TRUE(r.ok());
  near3(r->meshes[0].positions[2], {0, -1, 0}, 1e-6f, "up");
  near3(r->meshes[0].positions[1], {1, 0, 0}, 1e-6f, "right");
  EXPECT_EQ(r->meshes[0].indices, m.indices);  // a rotation: no rewinding
}

}  // namespace
}  // namespace aem

namespace aem {
namespace {

TEST(E3dWriter, JointTreesTooDeepForReadersFailCleanlyAndCyclesStillWrite) {
  Scene deep;
  for (int j = 0; j < 1000; ++j) {
    Joint joint;
    joint.name = "j" + std::to_string(j);
    joint.parent = j - 1;
    deep.joints.push_back(joint);
  }
  auto r = formats::e3d_write(deep, {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "E3D_TOO_DEEP");
  EXPECT_EQ(r.error().format, "E3D");

  Scene cycle;
  cycle.joints.resize(2);
  cycle.joints[0].parent = 1;
  cycle.joints[1].parent = 0;
  auto c = formats::e3d_write(cycle, {});
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  auto back = read_scene(c.value(), "cycle.e3d");
  ASSERT_TRUE(back.ok());
  ASSERT_EQ(back->nodes.size(), 2u);  // one node per joint, the cycle cut at the root
  EXPECT_EQ(back->nodes[1].parent, 0);
}

TEST(E3dWriter, NodesWithMeshesThatCannotShareOneE3dMeshGetChildNodes) {
  Scene s;
  Mesh a, b;
  a.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  a.indices = {0, 1, 2};
  b = a;
  b.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};  // different attributes: not mergeable
  s.meshes = {a, b};
  Node n;
  n.meshes = {0, 1};
  s.nodes.push_back(n);
  auto out = formats::e3d_write(s, {});
  ASSERT_TRUE(out.ok());
  auto back = read_scene(out.value(), "two.e3d");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back->meshes.size(), 2u);
  ASSERT_EQ(back->nodes.size(), 2u);
  EXPECT_EQ(back->nodes[0].meshes.size(), 1u);
  EXPECT_EQ(back->nodes[1].parent, 0);
  EXPECT_EQ(back->nodes[1].meshes.size(), 1u);
  EXPECT_EQ(back->nodes[1].local, Transform{});
}

}  // namespace
}  // namespace aem

namespace aem {
namespace {

TEST(E3dWriter, OnlyPngAndJpegAreEmbedded) {
  Scene s;
  s.textures.push_back({"a.png", {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}, ""});
  s.textures.push_back({"b.jpg", {0xFF, 0xD8, 0xFF, 0xE0}, "image/jpeg"});
  s.textures.push_back({"c.tga", {0, 0, 2, 0, 0, 0}, ""});
  auto out = formats::e3d_write(s, {});
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(test::has_code(out.warnings, "E3D_TEXTURE_TYPE"));
  auto back = read_scene(out.value(), "");
  ASSERT_TRUE(back.ok());
  ASSERT_EQ(back->textures.size(), 3u);
  EXPECT_EQ(back->textures[0].mime_type, "image/png");
  EXPECT_EQ(back->textures[1].mime_type, "image/jpeg");
  EXPECT_TRUE(back->textures[2].data.empty());
  EXPECT_EQ(back->textures[2].name, "c.tga");
}

}  // namespace
}  // namespace aem
