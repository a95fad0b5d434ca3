// The spec's worked example: cube1.e3d rebuilt byte for byte from table 1 of e3d.txt, and the same
// cube with the normals the spec lists, written by our writer (plain and LZMA-compressed).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "aem/io.hpp"
#include "e3d/e3d_builder.hpp"
#include "formats/e3d/e3d_format.hpp"

namespace aem {
namespace {

/// cube1.e3d exactly as table 1 lays it out, with the sizes the table prints (not computed).
std::vector<std::byte> cube1() {
  test::E3dBytes b;
  b.u16(0x0001).u32(12).raw("E3DF", 4).u16(0x0100);          // 0: version 1.0
  b.u16(0x1000).u32(434);                                    // 12: meshes
  b.u16(0x1010).u32(428);                                    // 18: mesh
  b.u16(0x1020).u32(10).u32(1);                              // 24: meshID 1
  b.u16(0x2000).u32(312).u32(24);                            // 34: attributes, 24 vertices
  b.u16(0x2800).u32(302).u16(0x2010).u16(0).u16(0).u16(12);  // 44: interleaved: vertices @0, end, 12 bytes
  const float corners[8][3] = {{-0.5f, -0.5f, -0.5f}, {0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, -0.5f}, {-0.5f, 0.5f, -0.5f},
                               {-0.5f, -0.5f, 0.5f},  {0.5f, -0.5f, 0.5f},  {0.5f, 0.5f, 0.5f},  {-0.5f, 0.5f, 0.5f}};
  for (int copy = 0; copy < 3; ++copy)  // 58: the 8 corners three times
    for (const auto& c : corners) b.vec3(c[0], c[1], c[2]);
  b.u16(0x1030).u32(82).u32(12);  // 346: triFaces16, 12 triangles
  const std::uint16_t faces[36] = {0x11, 0x15, 0x14, 0x11, 0x14, 0x10, 0x00, 0x03, 0x02, 0x00, 0x02, 0x01,
                                   0x16, 0x12, 0x13, 0x16, 0x13, 0x17, 0x05, 0x06, 0x07, 0x05, 0x07, 0x04,
                                   0x09, 0x0A, 0x0E, 0x09, 0x0E, 0x0D, 0x0C, 0x0F, 0x0B, 0x0C, 0x0B, 0x08};
  for (auto f : faces) b.u16(f);
  b.u16(0x1040).u32(18).u32(0).u32(12).u32(0);  // 428: facesMaterials (0, 12, none)
  b.u16(0x3000).u32(22);                        // 446: nodes
  b.u16(0x3010).u32(16);                        // 452: meshNode
  b.u16(0x1020).u32(10).u32(1);                 // 458: meshID 1
  return b.bytes;
}

/// The normals the spec lists for cube2, in vertex order.
std::vector<Vec3> spec_normals() {
  std::vector<Vec3> n;
  for (int i = 0; i < 4; ++i) n.push_back({0, 0, -1});
  for (int i = 0; i < 4; ++i) n.push_back({0, 0, 1});
  for (float x : {-1.0f, 1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, -1.0f}) n.push_back({x, 0, 0});
  for (float y : {-1.0f, -1.0f, 1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f}) n.push_back({0, y, 0});
  return n;
}

TEST(E3dCube, Cube1FromTheSpecTableReads24VerticesAnd12Triangles) {
  const auto bytes = cube1();
  ASSERT_EQ(bytes.size(), 468u);  // "cube1.e3d (468 bytes)"
  auto r = read_scene(bytes, "cube1.e3d");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(r.warnings.empty());
  const Scene& s = r.value();
  EXPECT_EQ(s.source_format, "E3D");
  ASSERT_EQ(s.meshes.size(), 1u);
  const Mesh& m = s.meshes[0];
  EXPECT_EQ(m.vertex_count(), 24u);
  EXPECT_EQ(m.triangle_count(), 12u);
  EXPECT_EQ(m.positions[2], (Vec3{0.5f, 0.5f, -0.5f}));
  EXPECT_EQ(m.positions[23], (Vec3{-0.5f, 0.5f, 0.5f}));
  EXPECT_EQ(std::vector<std::uint32_t>(m.indices.begin(), m.indices.begin() + 6),
            (std::vector<std::uint32_t>{17, 21, 20, 17, 20, 16}));
  EXPECT_EQ(m.material, -1);  // material ID 0: none
  // One node placing mesh 1 with the default transform.
  ASSERT_EQ(s.nodes.size(), 1u);
  EXPECT_EQ(s.nodes[0].meshes, (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(s.nodes[0].local, Transform{});
  EXPECT_EQ(s.conventions, formats::e3d_conventions());
}

Scene cube_with_normals() {
  auto r = read_scene(cube1(), "cube1.e3d");
  Scene s = r.value();
  s.meshes[0].normals = spec_normals();
  return s;
}

void expect_same_cube(const Scene& a, const Scene& b) {
  ASSERT_EQ(b.meshes.size(), 1u);
  EXPECT_EQ(b.meshes[0].positions, a.meshes[0].positions);
  EXPECT_EQ(b.meshes[0].normals, a.meshes[0].normals);  // ±1 and 0 survive 10_10_10_2 exactly
  EXPECT_EQ(b.meshes[0].indices, a.meshes[0].indices);
  EXPECT_EQ(b.meshes[0].material, -1);
  ASSERT_EQ(b.nodes.size(), 1u);
  EXPECT_EQ(b.nodes[0].meshes, a.nodes[0].meshes);
}

TEST(E3dCube, CubeWithNormalsWrittenPlainAndCompressedReadsBackIdentically) {
  const Scene cube = cube_with_normals();
  for (bool compress : {false, true}) {
    SCOPED_TRACE(compress ? "compressed" : "plain");
    WriteOptions o;
    o.compress = compress;
    auto bytes = formats::e3d_write(cube, o);
    ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
    const auto& out = bytes.value();
    ASSERT_GE(out.size(), 18u);
    // The version block first; then an LZMA block (type 0x0010) when compressed, the sections when not.
    const auto spec = cube1();
    EXPECT_EQ(std::vector<std::byte>(out.begin(), out.begin() + 12),
              std::vector<std::byte>(spec.begin(), spec.begin() + 12));
    const auto type = std::to_integer<int>(out[12]) | std::to_integer<int>(out[13]) << 8;
    EXPECT_EQ(type == 0x0010, compress);
    auto back = read_scene(out, "cube.e3d");
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    expect_same_cube(cube, back.value());
    const bool noted = std::any_of(back->source_notes.begin(), back->source_notes.end(),
                                   [](const SourceNote& n) { return n.key == "compression"; });
    EXPECT_EQ(noted, compress);
  }
}

TEST(E3dCube, NormalsPackWithEcereAsymmetricRule) {
  auto bytes = formats::e3d_write(cube_with_normals(), {});
  ASSERT_TRUE(bytes.ok());
  const auto& out = bytes.value();
  // Vertex 0's normal (0, 0, -1) packs to z = -512 (0x200) and vertex 4's (0, 0, 1) to 511 (0x1FF):
  // find the words after the first vertices' positions in the interleaved data.
  const std::uint32_t minus_z = test::pack_normal(0, 0, -1), plus_z = test::pack_normal(0, 0, 1);
  EXPECT_EQ(minus_z, 0x200u << 20);
  EXPECT_EQ(plus_z, 0x1FFu << 20);
  auto find_word = [&](std::uint32_t w) {
    for (std::size_t i = 0; i + 4 <= out.size(); ++i)
      if (std::memcmp(out.data() + i, &w, 4) == 0) return true;
    return false;
  };
  EXPECT_TRUE(find_word(minus_z));
  EXPECT_TRUE(find_word(plus_z));
}

}  // namespace
}  // namespace aem
