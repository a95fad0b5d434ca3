// Every block kind and every layout fact of docs/formats/e3d.md on hand-built files (tests/e3d/e3d_builder.hpp),
// with expected values taken from the spec and the notes.
#include <gtest/gtest.h>

#include <cmath>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "e3d/e3d_builder.hpp"
#include "e3d/e3d_samples.hpp"
#include "formats/e3d/e3d_format.hpp"
#include "support/corpus.hpp"
#include "support/vec_expect.hpp"

namespace aem {
namespace {

using test::animations_section;
using test::E3dBytes;
using test::kitchen_sink;
using test::materials_section;
using test::meshes_section;
using test::nodes_section;
using test::textures_section;

Result<Scene> read(const std::vector<std::byte>& bytes, const ReadOptions& o = {}) {
  return read_scene(bytes, "test.e3d", o);
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
  // Ecere's defaults (docs/formats/e3d.md §9): white diffuse and ambient, black specular, opaque, double-sided.
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
  // vector rotation conj(q) (docs/formats/e3d.md §8), f64 position.
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
  test::expect_near(m2->positions[0], {-1, -2, -3});
  test::expect_near(m2->positions[1], {1, 2, 3});
  test::expect_near(m2->positions[2], {-1, 2, -3});
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
  b.append(textures_section())
      .append(materials_section())
      .append(meshes_section())
      .append(nodes_section())
      .append(animations_section());
  auto plain = read(b.bytes);
  auto packed = read(kitchen_sink());
  ASSERT_TRUE(plain.ok()) << plain.error().to_string();
  ASSERT_TRUE(packed.ok());
  ASSERT_EQ(plain->meshes.size(), packed->meshes.size());
  for (std::size_t i = 0; i < plain->meshes.size(); ++i)
    EXPECT_EQ(plain->meshes[i].positions, packed->meshes[i].positions);
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
  b.begin(0x2020)
      .u32(test::pack_normal(1, 0, 0))
      .u32(test::pack_normal(0, -1, 0))
      .u32(0)
      .end();  // a zero normal stays zero
  b.begin(0x2070).u8(0).u8(255).u8(0).u8(255).u8(0).u8(0).u8(0).u8(0).u8(255).u8(255).u8(255).u8(255).end();
  // tangentsSign: the 2-bit w is 1 for +1 and 2 for -1 (docs/formats/e3d.md §5).
  b.begin(0x2080)
      .u32(test::pack_normal(0, 0, 1, 1))
      .u32(test::pack_normal(0, 0, 1, 2))
      .u32(test::pack_normal(0, 0, -1, 1))
      .end();
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
  b.version()
      .begin(0x1000)
      .begin(0x1010)
      .begin(0x2000)
      .i32(static_cast<std::int32_t>(n))
      .begin(0x2800)
      .u16(0x2010)
      .u16(0)
      .u16(0)
      .u16(12);
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
  EXPECT_EQ(test::run_cli("convert " + (dir / "sink.e3d").string() + " " + (dir / "sink.aem").string(), &out), 0)
      << out;
}

}  // namespace
}  // namespace aem

namespace aem {
namespace {

TEST(E3dLayout, ExternalTexturesLoadFromBesideTheModelOnlyByPlainRelativePaths) {
  const auto root = test::temp_dir("e3d-textures"), dir = root / "model";
  std::filesystem::create_directories(dir / "textures");
  const std::vector<std::byte> png = {std::byte{0x89}, std::byte{'P'}, std::byte{'N'}, std::byte{'G'}};
  test::write_file(dir / "textures" / "wood.png", png);
  const std::string outside = "secret.png";  // beside the model's folder, inside the test's own
  test::write_file(root / outside, png);
  E3dBytes b;
  b.version().begin(0x9000);
  b.begin(0x9001).i32_block(0x9002, 1).str_block(0x9003, "textures/wood.png").end();
  b.begin(0x9001).i32_block(0x9002, 2).str_block(0x9003, "../" + outside).end();
  b.begin(0x9001).i32_block(0x9002, 3).str_block(0x9003, "7").end();  // extension-less, missing
  b.end();
  test::write_file(dir / "model.e3d", b.bytes);
  auto r = read_scene(dir / "model.e3d");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  ASSERT_EQ(r->textures.size(), 3u);
  EXPECT_EQ(r->textures[0].data.size(), 4u);
  EXPECT_EQ(r->textures[0].mime_type, "image/png");
  EXPECT_EQ(r->textures[0].name, "textures/wood.png");
  EXPECT_TRUE(r->textures[1].data.empty());  // a ".." out of the folder is not followed
  EXPECT_TRUE(test::has_code(r.warnings, "SIDE_FILE_REFUSED"));
  EXPECT_TRUE(r->textures[2].data.empty());
  EXPECT_TRUE(test::has_code(r.warnings, "E3D_TEXTURE_MISSING"));
  // Written back, the loaded texture is embedded.
  auto out = formats::e3d_write(r.value(), {});
  ASSERT_TRUE(out.ok());
  auto back = read_scene(out.value(), "");
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->textures[0].data, r->textures[0].data);
}

TEST(E3dLayout, SeedFilesRead) {
  // tests/data/e3d: the fuzzer's seeds (and any input it once crashed on): each reads or fails cleanly.
  auto files = test::files_with_extension(AEM_TEST_DATA_DIR "/e3d", ".e3d");
  ASSERT_FALSE(files.empty());
  for (const auto& f : files) {
    auto r = read_scene(test::read_bytes(f), f);
    if (r) EXPECT_TRUE(formats::e3d_write(r.value(), {}).ok()) << f;
  }
  auto cube = read_scene(AEM_TEST_DATA_DIR "/e3d/cube1.e3d");
  ASSERT_TRUE(cube.ok());
  EXPECT_EQ(cube->meshes[0].vertex_count(), 24u);
}

}  // namespace
}  // namespace aem

namespace aem {
namespace {

TEST(E3dLayout, TrackKindsTheSceneCannotHoldAreSizedAndReported) {
  // ftkMorph: a 4-byte morph index, then one f32 per key; yaw, FOV: one f32 per key; light colour:
  // 3 f32 per key (docs/formats/e3d.md §4, §7).
  E3dBytes b;
  b.version().begin(0x3000).begin(0x3010).i32_block(0x3020, 1).begin(0x3012).i32_block(0x3020, 2).end().end().end();
  b.begin(0xA000).begin(0xA010);
  b.begin(0xA100).u32(2).u8(0).u32(0).u32(4).begin(0xA300).i32(0).f32(0).f32(1).end().i32_block(0x3020, 1).end();
  b.begin(0xA100).u32(2).u8(0).u32(0).u32(4).begin(0xA240).f32(0).f32(90).end().i32_block(0x3020, 1).end();
  b.begin(0xA100).u32(1).u8(0).u32(0).begin(0xA270).f32(45).end().i32_block(0x3020, 2).end();
  b.begin(0xA100).u32(1).u8(0).u32(0).begin(0xA2B0).vec3(1, 0.5f, 0).end().i32_block(0x3020, 2).end();
  b.end().end();
  auto r = read(b.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  std::size_t dropped = 0;
  for (const auto& w : r.warnings) dropped += w.code == "E3D_DATA_DROPPED";
  EXPECT_EQ(dropped, 4u);
  EXPECT_EQ(r->nodes[1].kind, Node::Kind::Light);
  // ftkMorph without its morph index is one f32 short.
  E3dBytes bad;
  bad.version()
      .begin(0xA000)
      .begin(0xA010)
      .begin(0xA100)
      .u32(2)
      .u8(0)
      .u32(0)
      .u32(4)
      .begin(0xA300)
      .f32(0)
      .f32(1)
      .end()
      .end()
      .end()
      .end();
  auto e = read(bad.bytes);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().code, "E3D_BLOCK_LENGTH");
}

TEST(E3dLayout, EmptyTexturesBlockSeveralTopLevelNodesExtraSkinsAndCustomBlocks) {
  E3dBytes b;
  b.version().begin(0x9000).end();  // an empty textures block (size 6), as in a sample
  b.begin(0x1000).begin(0x1010).i32_block(0x1020, 1).begin(0x2000).i32(3);
  b.begin(0x2010).vec3(0, 0, 0).vec3(1, 0, 0).vec3(0, 1, 0).end();
  b.begin(0x2091).u8(0).u8(0).u8(0).u8(255).u8(255).u8(255).end();  // boneWeights2, M = 1: dropped
  b.begin(0x4001).u32(1).u32(2).u32(3).end();                       // a custom attribute: skipped
  b.end().begin(0x1030).i32(1).u16(0).u16(1).u16(2).end().end().end();
  // Two top-level nodes (Ecere keeps the last; we keep both), both placing mesh 1.
  b.begin(0x3000).begin(0x3010).i32_block(0x3020, 1).i32_block(0x1020, 1).end();
  b.begin(0x3010).i32_block(0x3020, 2).i32_block(0x1020, 1).begin(0x3032).f64(5).f64(0).f64(0).end().end().end();
  auto r = read(b.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(r->textures.empty());
  ASSERT_EQ(r->nodes.size(), 2u);
  EXPECT_EQ(r->nodes[1].parent, -1);
  EXPECT_EQ(r->nodes[0].meshes, r->nodes[1].meshes);  // instancing
  EXPECT_TRUE(r->meshes[0].skin.empty());
  std::size_t dropped = 0;
  for (const auto& w : r.warnings) dropped += w.code == "E3D_DATA_DROPPED";
  EXPECT_EQ(dropped, 2u);
}

/// One vertex skinned to `slots` bones (indices 0..slots-1, weight of bone k = weights[k]), with a
/// skin naming `names` and a root node holding a node for each name.
std::vector<std::byte> skinned_vertex(const std::vector<std::uint8_t>& weights, const std::vector<std::string>& names,
                                      const std::vector<std::string>& nodes) {
  const auto m = static_cast<std::uint16_t>(weights.size());
  E3dBytes b;
  b.version().begin(0x1000).begin(0x1010).i32_block(0x1020, 1).begin(0x2000).i32(1).begin(0x2800);
  b.u16(0x2010).u16(0).u16(0x2090).u16(12).u16(0).u16(static_cast<std::uint16_t>(12 + 2 * m));
  b.vec3(0, 0, 0);
  for (std::uint16_t k = 0; k < m; ++k) b.u8(static_cast<std::uint8_t>(k));
  for (auto w : weights) b.u8(w);
  b.end().end().begin(0x1050).begin(0x1053).u8(static_cast<std::uint8_t>(names.size()));
  for (const auto& n : names) {
    b.str(n);
    for (int k = 0; k < 16; ++k) b.f32(k % 5 == 0 ? 1.0f : 0.0f);
  }
  b.end().end().end().end();
  b.begin(0x3000).begin(0x3010).i32_block(0x3020, 1).i32_block(0x1020, 1).begin(0x3040).i32(1).str("").end();
  for (std::size_t i = 0; i < nodes.size(); ++i)
    b.begin(0x3010).i32_block(0x3020, static_cast<std::int32_t>(i + 2)).str_block(0x3021, nodes[i]).end();
  b.end().end();
  return b.bytes;
}

TEST(E3dLayout, MoreThanEightBoneWeightsKeepTheLargestEight) {
  std::vector<std::string> names;
  for (int k = 0; k < 10; ++k) names.push_back("b" + std::to_string(k));
  // Weights 10, 20, ..., 100: the two smallest (bones 0 and 1) go.
  std::vector<std::uint8_t> w;
  for (int k = 1; k <= 10; ++k) w.push_back(static_cast<std::uint8_t>(10 * k));
  auto r = read(skinned_vertex(w, names, names));
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(test::has_code(r.warnings, "E3D_INFLUENCES_REDUCED"));
  const SkinInfluences& inf = r->meshes[0].skin[0];
  float sum = 0;
  for (int k = 0; k < kMaxInfluences; ++k) {
    ASSERT_GE(inf.joints[k], 0);
    EXPECT_NE(r->joints[inf.joints[k]].name, "b0");
    EXPECT_NE(r->joints[inf.joints[k]].name, "b1");
    sum += inf.weights[k];
  }
  EXPECT_NEAR(sum, 1.0f, 1e-6f);
}

TEST(E3dLayout, UnresolvedBonesAreDroppedAndTheRestRenormalised) {
  // Bone "ghost" names no node: its weight (3/4 of the total) goes, "real" keeps all of it.
  auto r = read(skinned_vertex({192, 64}, {"ghost", "real"}, {"real"}));
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(test::has_code(r.warnings, "E3D_UNRESOLVED_REFERENCE"));
  const SkinInfluences& inf = r->meshes[0].skin[0];
  EXPECT_EQ(r->joints[inf.joints[0]].name, "real");
  EXPECT_EQ(inf.weights[0], 1.0f);
  EXPECT_EQ(inf.joints[1], -1);
}

}  // namespace
}  // namespace aem

namespace aem {
namespace {

TEST(E3dLayout, BlackAmbientMeansAsDiffuseAsEcereReadsIt) {
  E3dBytes b;
  b.version()
      .begin(0x8000)
      .begin(0x8010)
      .i32_block(0x8011, 1)
      .vec3_block(0x8030, 0.5f, 0.25f, 0)
      .vec3_block(0x8034, 0, 0, 0)
      .end()
      .end();
  auto r = read(b.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->materials[0].ambient, (Vec3{0.5f, 0.25f, 0}));
}

}  // namespace
}  // namespace aem

namespace aem {
namespace {

TEST(E3dLayout, EveryMaterialMapAndFieldBlock) {
  E3dBytes b;
  b.version().begin(0x9000);
  for (int id = 1; id <= 10; ++id)
    b.begin(0x9001).i32_block(0x9002, id).str_block(0x9003, "t" + std::to_string(id)).end();
  b.begin(0x9001).i32_block(0x9002, 11).begin(0x9103).raw("\0\0\0\x0CjP  ", 8).end().end();  // JPEG 2000
  b.end();
  b.begin(0x8000).begin(0x8010).i32_block(0x8011, 1);
  b.i32_block(0x8013, 3).f32_block(0x8023, 0.5f);  // materialGroup, reflectivity: no place in the scene
  const std::uint16_t maps[] = {0x8100, 0x8101, 0x8102, 0x8103, 0x8200, 0x8201, 0x8202, 0x8300, 0x8301, 0x8400};
  for (int k = 0; k < 10; ++k) b.begin(maps[k]).i32_block(0x9002, k + 1).end();
  b.begin(0x8401).i32_block(0x9002, 11).end();
  b.end().end();
  auto r = read(b.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const MaterialTextures& t = r->materials[0].textures;
  EXPECT_EQ(t.emissive, 0);            // emissiveMap, texture ID 1
  EXPECT_EQ(t.normal, 1);              // normalMap
  EXPECT_EQ(t.occlusion, 3);           // ambientOcclusionMap
  EXPECT_EQ(t.base_color, 4);          // phongDiffuseMap (pbrRMAlbedo then finds the slot taken)
  EXPECT_EQ(t.specular, 5);            // phongSpecularMap
  EXPECT_EQ(t.metallic_roughness, 8);  // pbrRMRoughnessMetalness
  EXPECT_EQ(r->textures[10].mime_type, "image/jp2");
  // heightMap, phongAmbientMap, pbrRMAlbedo (slot taken), pbrSpecDiffuseMap, pbrSpecSpecularGlossMap,
  // materialGroup and reflectivity are reported.
  std::size_t dropped = 0;
  for (const auto& w : r.warnings) dropped += w.code == "E3D_DATA_DROPPED";
  EXPECT_EQ(dropped, 7u);
}

TEST(E3dLayout, EveryFrameTrackKeyBlock) {
  // Scaling keys are kept; the Euler, camera, light and hide tracks are sized and reported.
  E3dBytes b;
  b.version().begin(0x3000).begin(0x3010).i32_block(0x3020, 1).str_block(0x3021, "n").end().end();
  b.begin(0xA000).begin(0xA010).begin(0xA022).i32(0).i32(3).i32(0).end();
  b.begin(0xA100).u32(2).u8(0).u32(0).u32(3).begin(0xA220).vec3(1, 1, 1).vec3(2, 2, 2).end().i32_block(0x3020, 1).end();
  for (std::uint16_t type : {0xA240, 0xA250, 0xA260, 0xA270, 0xA280, 0xA290, 0xA2A0})
    b.begin(0xA100).u32(2).u8(0).u32(0).u32(3).begin(type).f32(0).f32(10).end().i32_block(0x3020, 1).end();
  b.begin(0xA100).u32(2).u8(0).u32(0).u32(3).begin(0xA2B0).vec3(1, 1, 1).vec3(0, 0, 0).end().i32_block(0x3020, 1).end();
  b.begin(0xA100).u32(2).u8(0).u32(0).u32(3).begin(0xA2C0).u8(0).u8(1).end().i32_block(0x3020, 1).end();
  b.end().end();
  auto r = read(b.bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  ASSERT_EQ(r->animations[0].channels.size(), 1u);
  const auto& scale = r->animations[0].channels[0].scale;
  ASSERT_EQ(scale.size(), 2u);
  EXPECT_EQ(scale[1].value, (Vec3{2, 2, 2}));
  EXPECT_NEAR(scale[1].time, 3.0f / 30.0f, 1e-6f);
  std::size_t dropped = 0;
  for (const auto& w : r.warnings) dropped += w.code == "E3D_DATA_DROPPED";
  EXPECT_EQ(dropped, 9u);
}

}  // namespace
}  // namespace aem
