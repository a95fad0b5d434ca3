// Every block kind and every layout fact of e3d-notes.md on hand-built files (tests/e3d/e3d_builder.hpp),
// with expected values taken from the spec and the notes.
#include <gtest/gtest.h>

#include <cmath>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "e3d/e3d_builder.hpp"
#include "formats/e3d/e3d_format.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

using test::E3dBytes;

Result<Scene> read(const std::vector<std::byte>& bytes, const ReadOptions& o = {}) { return read_scene(bytes, "test.e3d", o); }

/// textures: ID 1 embedded PNG, ID 3 by name (IDs may have gaps), ID 4 embedded JPEG.
std::vector<std::byte> textures_section() {
  E3dBytes b;
  b.begin(0x9000);
  b.begin(0x9001).i32_block(0x9002, 1).begin(0x9101).raw("\x89PNG\r\n\x1a\n", 8).end().end();
  b.begin(0x9001).i32_block(0x9002, 3).str_block(0x9003, "textures/3.jpg").end();
  b.begin(0x9001).i32_block(0x9002, 4).begin(0x9102).raw("\xFF\xD8\xFF\xE0", 4).end().end();
  b.end();
  return b.bytes;
}

/// materials: ID 1 "red" with every Phong field and three maps; ID 2 with nothing (defaults).
std::vector<std::byte> materials_section() {
  E3dBytes b;
  b.begin(0x8000);
  b.begin(0x8010).i32_block(0x8011, 1).str_block(0x8012, "red");
  b.begin(0x8020).u32(0b11010).end();  // partly transparent, wrapU, wrapV; not double-sided
  b.f32_block(0x8021, 0.5f).f32_block(0x8024, 32.0f).f32_block(0x8022, 1.5f);
  b.vec3_block(0x8030, 1, 0, 0).vec3_block(0x8031, 0.5f, 0.5f, 0.5f).vec3_block(0x8032, 0, 0, 0.25f).vec3_block(0x8034, 0.1f, 0.1f, 0.1f);
  b.begin(0x8200).i32_block(0x9002, 1).end();            // phongDiffuseMap -> texture ID 1
  b.begin(0x8101).i32_block(0x9002, 3).end();            // normalMap -> texture ID 3
  b.begin(0x8201).str_block(0x9003, "spec.png").end();   // phongSpecularMap by name
  b.end();
  b.begin(0x8010).i32_block(0x8011, 2).end();
  b.end();
  return b.bytes;
}

/// Mesh 1: four vertices interleaved in an unusual order with a gap: vertices@0, normals@12,
/// texCoords@16, colors@24, (4-byte gap), tangentsBi@32, boneWeights@40 with M = 2 (up to vSize 44).
/// The list is not in offset order. Vertex 3 duplicates vertex 0; a skin of two bones; a morph; parts.
E3dBytes& mesh1(E3dBytes& b) {
  b.begin(0x1010).i32_block(0x1020, 1);
  b.begin(0x2000).i32(4);
  b.begin(0x2800);
  const std::uint16_t list[][2] = {{0x2020, 12}, {0x2090, 40}, {0x2010, 0}, {0x2081, 32}, {0x2030, 16}, {0x2070, 24}, {0, 44}};
  for (const auto& e : list) b.u16(e[0]).u16(e[1]);
  const float pos[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 0, 0}};
  const float nz[4] = {-1, 1, -1, -1};
  const std::uint8_t bones[4][4] = {{0, 255, 255, 0}, {0, 1, 128, 127}, {1, 255, 200, 99}, {255, 0, 0, 255}};
  for (int v = 0; v < 4; ++v) {
    b.vec3(pos[v][0], pos[v][1], pos[v][2]).u32(test::pack_normal(0, 0, nz[v]));
    b.f32(0.25f * v).f32(1.0f - 0.25f * v);
    b.u8(255).u8(0).u8(51).u8(255).u32(0xDEADBEEF);  // colour, then the gap
    b.u32(test::pack_normal(1, 0, 0)).u32(test::pack_normal(0, -1, 0));
    b.raw(bones[v], 4);
  }
  b.end().end();
  b.begin(0x1022).i32(0).end();                     // vertex 3 repeats vertex 0
  b.begin(0x1030).i32(2).u16(0).u16(1).u16(2).u16(0).u16(2).u16(3).end();
  b.begin(0x1040).i32(0).i32(2).i32(1).end();       // both triangles: material 1
  b.begin(0x1050).str_block(0x1051, "skin");
  b.begin(0x1052);                                  // bind shape: translation (0, 0, 1), row-vector order
  for (int k = 0; k < 16; ++k) b.f32(k == 0 || k == 5 || k == 10 || k == 15 ? 1.0f : k == 14 ? 1.0f : 0.0f);
  b.end();
  b.begin(0x1053).u8(2);
  b.str("hip");
  for (int k = 0; k < 16; ++k) b.f32(k % 5 == 0 ? 1.0f : 0.0f);
  b.str("knee");
  for (int k = 0; k < 16; ++k) b.f32(k % 5 == 0 ? 1.0f : k == 13 ? -1.0f : 0.0f);  // translation (0, -1, 0)
  b.end();
  b.begin(0x1054).u8(0).end();
  b.end();
  b.begin(0x1060).raw("\x07\0\0\0\0\0\0\0", 8).u32(0).u32(2).end();  // one part: u64 id 7, triangles 0..1
  b.begin(0x1070).i32(1).begin(0x1071).i32_block(0x1072, 0).str_block(0x1073, "smile").f32_block(0x1074, 0.5f).i32_block(0x1020, 3).end().end();
  return b.end();
}

/// Mesh 2: standalone blocks: quantised positions before the meshBBox that maps them, texCoords;
/// 32-bit triangles; a facesMaterials list repeated (as in real files).
E3dBytes& mesh2(E3dBytes& b) {
  b.begin(0x1010).i32_block(0x1020, 2);
  b.begin(0x2000).i32(3);
  b.begin(0x2018).i16(-32768).i16(-32768).i16(-32768).i16(32767).i16(32767).i16(32767).i16(-32768).i16(32767).i16(-32768).end();
  b.begin(0x2030).f32(0).f32(0).f32(1).f32(0).f32(0).f32(1).end();
  b.end();
  b.begin(0x1021).vec3(-1, -2, -3).vec3(1, 2, 3).end();
  b.begin(0x1031).i32(1).u32(0).u32(1).u32(2).end();
  b.begin(0x1040).i32(0).i32(1).i32(2).i32(0).i32(1).i32(2).end();
  return b.end();
}

/// Mesh 3: the morph target of mesh 1 (its 3 original vertices, as doubles); an unknown block.
E3dBytes& mesh3(E3dBytes& b) {
  b.begin(0x1010).i32_block(0x1020, 3);
  b.begin(0x2000).i32(3).begin(0x2011);
  for (double d : {0.0, 0.0, 0.5, 1.0, 0.0, 0.5, 0.0, -1.0, 0.5}) b.f64(d);
  b.end().end();
  b.begin(0x1999).u32(42).end();
  return b.end();
}

/// Mesh 4: two triangles with two materials (split into two scene meshes), a custom attribute in the
/// interleaved list, and more than 65 536 vertices' worth of nothing: a small mesh with 16-bit faces.
E3dBytes& mesh4(E3dBytes& b) {
  b.begin(0x1010).i32_block(0x1020, 4);
  b.begin(0x2000).i32(4).begin(0x2800).u16(0x2010).u16(0).u16(0x4001).u16(12).u16(0).u16(16);
  for (int v = 0; v < 4; ++v) b.vec3(float(v), 0, 0).u32(v);
  b.end().end();
  b.begin(0x1030).i32(2).u16(0).u16(1).u16(2).u16(1).u16(3).u16(2).end();
  b.begin(0x1040).i32(0).i32(1).i32(2).i32(1).i32(1).i32(1).end();
  return b.end();
}

std::vector<std::byte> meshes_section() {
  E3dBytes inner;  // mesh 4 sits in an LZMA block inside the meshes block (nested LZMA when wrapped)
  mesh4(inner);
  E3dBytes b;
  b.begin(0x1000);
  mesh1(b);
  mesh2(b);
  mesh3(b);
  b.append(test::lzma_block(inner.bytes)).end();
  return b.bytes;
}

/// Root 1 "root" (scaled, rotated 90° about y, moved) > body (mesh 1, skeleton 1), hip > knee,
/// a camera, a light, and two unnamed nodes placing meshes 2 and 4.
std::vector<std::byte> nodes_section() {
  const double s = std::sqrt(0.5);
  E3dBytes b;
  b.begin(0x3000).begin(0x3010).i32_block(0x3020, 1).str_block(0x3021, "root");
  b.vec3_block(0x3030, 2, 2, 2);
  b.begin(0x3031).f64(s).f64(0).f64(s).f64(0).end();
  b.begin(0x3032).f64(1).f64(2).f64(3).end();
  b.begin(0x3010).i32_block(0x3020, 2).str_block(0x3021, "body").i32_block(0x1020, 1).begin(0x3040).i32(1).str("").end().end();
  b.begin(0x3010).i32_block(0x3020, 3).str_block(0x3021, "hip");
  b.begin(0x3010).i32_block(0x3020, 4).str_block(0x3021, "knee").begin(0x3032).f64(0).f64(1).f64(0).end().end();
  b.end();
  b.begin(0x3011).i32_block(0x3020, 5).str_block(0x3021, "cam").end();
  b.begin(0x3012).i32_block(0x3020, 6).str_block(0x3021, "lamp").end();
  b.begin(0x3010).i32_block(0x3020, 7).i32_block(0x1020, 2).end();
  b.begin(0x3010).i32_block(0x3020, 8).i32_block(0x1020, 4).end();
  b.end().end();
  return b.bytes;
}

/// One animation "walk", frames 0..10: hip rotates (loop byte, TCB data, node ID last), knee moves
/// (referenced by name), and a hide track the scene cannot hold.
std::vector<std::byte> animations_section() {
  const float s = std::sqrt(0.5f);
  E3dBytes b;
  b.begin(0xA000).begin(0xA010).str_block(0xA021, "walk").begin(0xA022).i32(0).i32(10).i32(0).end();
  b.begin(0xA100).u32(2).u8(1).u32(0).u32(10);
  b.begin(0xA120).u8(4).end();
  b.begin(0xA110);
  for (int k = 0; k < 10; ++k) b.f32(0);
  b.end();
  b.begin(0xA230).f32(1).f32(0).f32(0).f32(0).f32(s).f32(s).f32(0).f32(0).end();
  b.i32_block(0x3020, 3).end();
  b.begin(0xA100).u32(2).u8(0).u32(0).u32(5).begin(0xA210).vec3(0, 1, 0).vec3(0, 2, 0).end().str_block(0x3021, "knee").end();
  b.begin(0xA100).u32(1).u8(0).u32(3).begin(0xA2C0).u8(1).end().i32_block(0x3020, 4).end();
  b.end().end();
  return b.bytes;
}

/// The whole file: textures raw, materials in an lc4/lp4/pb4 LZMA block, meshes inside another one
/// (with mesh 4 nested one level deeper), nodes raw, animations in a liblzma (lc3/lp0/pb2, end
/// marker) block, an unknown top-level block, and 5 bytes of slack at the end.
std::vector<std::byte> kitchen_sink() {
  E3dBytes b;
  b.version();
  b.append(textures_section());
  b.append(test::lzma_block(materials_section()));
  b.append(test::lzma_block(meshes_section(), {4, 4, 4, true}));
  b.append(nodes_section());
  b.append(test::xz_lzma_block(animations_section()));
  b.begin(0x7777).u32(1).end();
  b.raw("\0\0\0\0\0", 5);
  return b.bytes;
}

const Mesh* mesh_with_material(const Scene& s, std::int32_t material, std::size_t vertices) {
  for (const auto& m : s.meshes)
    if (m.material == material && m.vertex_count() == vertices) return &m;
  return nullptr;
}

std::int32_t node_named(const Scene& s, const std::string& name) {
  for (std::size_t i = 0; i < s.nodes.size(); ++i)
    if (s.nodes[i].name == name) return static_cast<std::int32_t>(i);
  return -1;
}

void expect_near(const Vec3& a, const Vec3& b, float tol = 1e-6f) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

TEST(E3dLayout, KitchenSinkReadsEveryBlockKind) {
  auto r = read(kitchen_sink());
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const Scene& s = r.value();
  {
    const auto report = validate_scene(s);
    EXPECT_TRUE(report.valid()) << (report.errors.empty() ? "" : report.errors[0].to_string());
  }

  // Textures: in file order, the external map by name appended.
  ASSERT_EQ(s.textures.size(), 4u);
  EXPECT_EQ(s.textures[0].mime_type, "image/png");
  EXPECT_EQ(s.textures[0].data.size(), 8u);
  EXPECT_EQ(s.textures[1].name, "textures/3.jpg");
  EXPECT_TRUE(s.textures[1].data.empty());
  EXPECT_EQ(s.textures[2].mime_type, "image/jpeg");
  EXPECT_EQ(s.textures[3].name, "spec.png");

  // Materials.
  ASSERT_EQ(s.materials.size(), 2u);
  const Material& red = s.materials[0];
  EXPECT_EQ(red.name, "red");
  EXPECT_EQ(red.flags, 0b11010u);
  EXPECT_FALSE(red.double_sided);
  EXPECT_TRUE(red.alpha_blend);
  EXPECT_EQ(red.opacity, 0.5f);
  EXPECT_EQ(red.shininess, 32.0f);
  EXPECT_EQ(red.diffuse, (Vec3{1, 0, 0}));
  EXPECT_EQ(red.specular, (Vec3{0.5f, 0.5f, 0.5f}));
  EXPECT_EQ(red.emissive, (Vec3{0, 0, 0.25f}));
  EXPECT_EQ(red.ambient, (Vec3{0.1f, 0.1f, 0.1f}));
  EXPECT_EQ(red.textures.base_color, 0);
  EXPECT_EQ(red.textures.normal, 1);
  EXPECT_EQ(red.textures.specular, 3);
  // Ecere's defaults (notes §9): white diffuse and ambient, black specular, opaque, double-sided.
  const Material& plain = s.materials[1];
  EXPECT_EQ(plain.diffuse, (Vec3{1, 1, 1}));
  EXPECT_EQ(plain.ambient, (Vec3{1, 1, 1}));
  EXPECT_EQ(plain.specular, (Vec3{0, 0, 0}));
  EXPECT_EQ(plain.opacity, 1.0f);
  EXPECT_TRUE(plain.double_sided);

  // Nodes: depth-first, camera and light kinds kept.
  ASSERT_EQ(s.nodes.size(), 8u);
  EXPECT_EQ(s.nodes[0].name, "root");
  EXPECT_EQ(s.nodes[node_named(s, "knee")].parent, node_named(s, "hip"));
  EXPECT_EQ(s.nodes[node_named(s, "cam")].kind, Node::Kind::Camera);
  EXPECT_EQ(s.nodes[node_named(s, "lamp")].kind, Node::Kind::Light);
  // Transform: f32 scaling, f64 (w, x, y, z) orientation in Ecere's row-vector sense = the column-
  // vector rotation conj(q) (notes §8), f64 position.
  const Transform& root = s.nodes[0].local;
  EXPECT_EQ(root.scale, (Vec3{2, 2, 2}));
  EXPECT_EQ(root.translation, (Vec3{1, 2, 3}));
  EXPECT_NEAR(root.rotation.w, std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(root.rotation.y, -std::sqrt(0.5f), 1e-6f);
  EXPECT_EQ(s.nodes[node_named(s, "knee")].local.translation, (Vec3{0, 1, 0}));

  // Mesh 1 (material "red", 4 vertices): attributes from the out-of-order interleaved list.
  const Mesh* m1 = mesh_with_material(s, 0, 4);
  ASSERT_NE(m1, nullptr);
  EXPECT_EQ(m1->positions[1], (Vec3{1, 0, 0}));
  EXPECT_EQ(m1->normals[0], (Vec3{0, 0, -1}));  // -512 -> exactly -1
  EXPECT_EQ(m1->normals[1], (Vec3{0, 0, 1}));   // 511 -> exactly +1
  EXPECT_EQ(m1->uvs[0][2], (Vec2{0.5f, 0.5f}));
  EXPECT_EQ(m1->colors[0][0], (Vec4{1, 0, 0.2f, 1}));
  EXPECT_EQ(m1->tangents[0], (Vec4{1, 0, 0, 1}));
  EXPECT_EQ(m1->bitangents[0], (Vec3{0, -1, 0}));
  EXPECT_EQ(m1->indices, (std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3}));
  // Skin: 0-based bone indices, 255 ends a vertex's list, weights / 255 renormalised.
  const auto hip = s.nodes[node_named(s, "hip")].joint, knee = s.nodes[node_named(s, "knee")].joint;
  ASSERT_GE(hip, 0);
  ASSERT_EQ(m1->skin.size(), 4u);
  EXPECT_EQ(m1->skin[0].joints[0], hip);
  EXPECT_EQ(m1->skin[0].weights[0], 1.0f);
  EXPECT_EQ(m1->skin[0].joints[1], -1);
  EXPECT_EQ(m1->skin[1].joints[1], knee);
  EXPECT_NEAR(m1->skin[1].weights[0], 128.0f / 255.0f, 1e-6f);
  EXPECT_EQ(m1->skin[2].joints[0], knee);  // its second slot (weight 99) is after the 255 terminator
  EXPECT_EQ(m1->skin[2].weights[0], 1.0f);
  EXPECT_EQ(m1->skin[2].joints[1], -1);
  EXPECT_EQ(m1->skin[3], m1->skin[0]);  // vertex 3 duplicates vertex 0: it moves with it
  // Inverse binds are relative to the bind shape, which applies first: knee = T(0,-1,0) after T(0,0,1).
  const Mat4& ib = s.joints[knee].inverse_bind;
  EXPECT_EQ((Vec3{ib.m[12], ib.m[13], ib.m[14]}), (Vec3{0, -1, 1}));
  // The morph target (mesh 3) holds the 3 originals; the duplicate copies vertex 0's position.
  ASSERT_EQ(m1->frames.size(), 1u);
  EXPECT_EQ(m1->frames[0].positions[2], (Vec3{0, -1, 0.5f}));
  EXPECT_EQ(m1->frames[0].positions[3], (Vec3{0, 0, 0.5f}));
  EXPECT_EQ(s.vertex_animation.frame_count, 1u);

  // Mesh 2: verticesQ -32768 -> bbox low, 32767 -> bbox high; 32-bit faces; material 2.
  const Mesh* m2 = mesh_with_material(s, 1, 3);
  ASSERT_NE(m2, nullptr);
  expect_near(m2->positions[0], {-1, -2, -3});
  expect_near(m2->positions[1], {1, 2, 3});
  expect_near(m2->positions[2], {-1, 2, -3});
  EXPECT_EQ(m2->uvs[0][1], (Vec2{1, 0}));
  EXPECT_EQ(m2->indices, (std::vector<std::uint32_t>{0, 1, 2}));

  // Mesh 4 (nested LZMA): split by material into (0,1,2) with material 2 and (1,3,2) with material 1.
  const Mesh* m4a = mesh_with_material(s, 1, 3);
  const Mesh* m4b = mesh_with_material(s, 0, 3);
  ASSERT_NE(m4b, nullptr);
  EXPECT_EQ(m4b->positions, (std::vector<Vec3>{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}}));
  EXPECT_EQ(m4b->indices, (std::vector<std::uint32_t>{0, 2, 1}));
  (void)m4a;
  // Nodes placing meshes: body -> mesh 1; node 8 places both halves of mesh 4.
  EXPECT_EQ(s.nodes[node_named(s, "body")].meshes.size(), 1u);
  EXPECT_EQ(s.nodes[7].meshes.size(), 2u);
  EXPECT_EQ(s.meshes.size(), 4u);  // mesh 3 is only a morph target

  // Animation: frames at 30 fps; the hip's track by node ID with the loop byte before the frames.
  ASSERT_EQ(s.animations.size(), 1u);
  const Animation& a = s.animations[0];
  EXPECT_EQ(a.name, "walk");
  EXPECT_TRUE(a.loop);
  EXPECT_NEAR(a.duration, 10.0f / 30.0f, 1e-6f);
  const Channel* hip_ch = nullptr;
  const Channel* knee_ch = nullptr;
  for (const auto& c : a.channels) {
    if (c.joint == static_cast<std::uint32_t>(hip)) hip_ch = &c;
    if (c.joint == static_cast<std::uint32_t>(knee)) knee_ch = &c;
  }
  ASSERT_NE(hip_ch, nullptr);
  ASSERT_EQ(hip_ch->rotation.size(), 2u);
  EXPECT_NEAR(hip_ch->rotation[1].time, 10.0f / 30.0f, 1e-6f);
  EXPECT_NEAR(hip_ch->rotation[1].value.x, -std::sqrt(0.5f), 1e-6f);  // stored (w, x) = (s, s): conj
  ASSERT_NE(knee_ch, nullptr);
  ASSERT_EQ(knee_ch->translation.size(), 2u);
  EXPECT_EQ(knee_ch->translation[1].value, (Vec3{0, 2, 0}));

  // What the scene cannot hold, and what is unknown, is reported.
  for (const char* code : {"E3D_UNKNOWN_BLOCK", "E3D_DATA_DROPPED", "E3D_FACE_RANGES_FIXED"})
    EXPECT_TRUE(test::has_code(r.warnings, code)) << code;
  for (const auto& w : r.warnings) EXPECT_EQ(w.format, "E3D");
}

TEST(E3dLayout, UncompressedFileWithTheSameBlocksReadsTheSame) {
  E3dBytes b;
  b.version();
  b.append(textures_section()).append(materials_section()).append(meshes_section()).append(nodes_section()).append(animations_section());
  auto plain = read(b.bytes);
  auto packed = read(kitchen_sink());
  ASSERT_TRUE(plain.ok()) << plain.error().to_string();
  ASSERT_TRUE(packed.ok());
  ASSERT_EQ(plain->meshes.size(), packed->meshes.size());
  for (std::size_t i = 0; i < plain->meshes.size(); ++i) EXPECT_EQ(plain->meshes[i].positions, packed->meshes[i].positions);
  EXPECT_EQ(plain->nodes.size(), packed->nodes.size());
}

TEST(E3dLayout, SectionsInAnyOrderResolveTheirReferences) {
  // Nodes before meshes and materials after them (Ecere needs the opposite; we resolve afterwards).
  E3dBytes b;
  b.version();
  b.append(nodes_section()).append(meshes_section()).append(materials_section()).append(textures_section());
  auto r = read(b.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_FALSE(test::has_code(r.warnings, "E3D_UNRESOLVED_REFERENCE"));
  EXPECT_NE(mesh_with_material(r.value(), 0, 4), nullptr);
  EXPECT_EQ(r->nodes[node_named(r.value(), "body")].meshes.size(), 1u);
}

TEST(E3dLayout, UvSetsTwoToEightAndStandaloneNormalsColoursAndTangentSigns) {
  E3dBytes b;
  b.version().begin(0x1000).begin(0x1010).i32_block(0x1020, 1).begin(0x2000).i32(3);
  b.begin(0x2010).vec3(0, 0, 0).vec3(1, 0, 0).vec3(0, 1, 0).end();
  for (int set = 1; set < 8; ++set) {
    b.begin(static_cast<std::uint16_t>(0x2030 + set));
    for (int v = 0; v < 3; ++v) b.f32(float(set)).f32(float(v));
    b.end();
  }
  b.begin(0x2020).u32(test::pack_normal(1, 0, 0)).u32(test::pack_normal(0, -1, 0)).u32(0).end();  // a zero normal stays zero
  b.begin(0x2070).u8(0).u8(255).u8(0).u8(255).u8(0).u8(0).u8(0).u8(0).u8(255).u8(255).u8(255).u8(255).end();
  // tangentsSign: the 2-bit w is 1 for +1 and 2 for -1 (notes §5).
  b.begin(0x2080).u32(test::pack_normal(0, 0, 1, 1)).u32(test::pack_normal(0, 0, 1, 2)).u32(test::pack_normal(0, 0, -1, 1)).end();
  b.end().begin(0x1030).i32(1).u16(0).u16(1).u16(2).end().end().end();
  auto r = read(b.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const Mesh& m = r->meshes[0];
  ASSERT_EQ(m.uvs.size(), 8u);
  EXPECT_TRUE(m.uvs[0].empty());
  EXPECT_EQ(m.uvs[7][2], (Vec2{7, 2}));
  EXPECT_EQ(m.normals[1], (Vec3{0, -1, 0}));
  EXPECT_EQ(m.normals[2], (Vec3{0, 0, 0}));
  EXPECT_EQ(m.colors[0][0], (Vec4{0, 1, 0, 1}));
  EXPECT_EQ(m.tangents[0], (Vec4{0, 0, 1, 1}));
  EXPECT_EQ(m.tangents[1], (Vec4{0, 0, 1, -1}));
  EXPECT_EQ(m.tangents[2], (Vec4{0, 0, -1, 1}));
  EXPECT_EQ(r->nodes.size(), 0u);  // no nodes section: meshes in model space
}

TEST(E3dLayout, MoreThan65536VerticesWithThirtyTwoBitFaces) {
  const std::uint32_t n = 70000;
  E3dBytes b;
  b.version().begin(0x1000).begin(0x1010).begin(0x2000).i32(static_cast<std::int32_t>(n)).begin(0x2800).u16(0x2010).u16(0).u16(0).u16(12);
  for (std::uint32_t v = 0; v < n; ++v) b.vec3(float(v), 0, 0);
  b.end().end().begin(0x1031).i32(1).u32(0).u32(65536).u32(n - 1).end().end().end();
  auto r = read(b.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->meshes[0].indices, (std::vector<std::uint32_t>{0, 65536, n - 1}));
  // Our writer switches to triFaces32 above 65 536 vertices and reads back the same.
  auto out = formats::e3d_write(r.value(), {});
  ASSERT_TRUE(out.ok());
  auto again = read(out.value());
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(again->meshes[0].indices, r->meshes[0].indices);
}

TEST(E3dLayout, SniffNeedsTheVersionBlockNotTheExtension) {
  const auto good = kitchen_sink();
  EXPECT_TRUE(formats::e3d_sniff(std::span(good).first(16)));
  // Eternal Lands' unrelated ".e3d": "e3dx", a version, an MD5 digest.
  E3dBytes el;
  el.raw("e3dx", 4).u8(1).u8(1).u8(0).u8(0);
  for (int i = 0; i < 16; ++i) el.u8(0xAB);
  EXPECT_FALSE(formats::e3d_sniff(el.bytes));
  auto r = read(el.bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "E3D_BAD_SIGNATURE");
}

TEST(E3dLayout, OtherVersionsWarnAndReadOn) {
  E3dBytes b;
  b.version(0x0102).append(meshes_section());
  auto r = read(b.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(test::has_code(r.warnings, "E3D_VERSION"));
}

}  // namespace
}  // namespace aem

namespace aem {
namespace {

TEST(E3dLayout, CliInfoAndValidateReadTheFileThroughTheRegistry) {
  auto dir = test::temp_dir("e3d-cli");
  test::write_file(dir / "sink.e3d", kitchen_sink());
  std::string out;
  EXPECT_EQ(test::run_cli("info " + (dir / "sink.e3d").string(), &out), 0) << out;
  EXPECT_NE(out.find("E3D"), std::string::npos) << out;
  EXPECT_EQ(test::run_cli("validate " + (dir / "sink.e3d").string(), &out), 0) << out;
  EXPECT_EQ(test::run_cli("convert " + (dir / "sink.e3d").string() + " " + (dir / "sink.aem").string(), &out), 0) << out;
}

}  // namespace
}  // namespace aem
