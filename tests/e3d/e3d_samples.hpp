// Hand-built E3D sections and a file holding every block kind (layout from e3d.txt and
// docs/formats/e3d.md), shared by the reading and the round-trip tests.
#pragma once

#include <cmath>
#include <vector>

#include "e3d/e3d_builder.hpp"

namespace aem::test {

/// textures: ID 1 embedded PNG, ID 3 by name (IDs may have gaps), ID 4 embedded JPEG.
inline std::vector<std::byte> textures_section() {
  E3dBytes b;
  b.begin(0x9000);
  b.begin(0x9001).i32_block(0x9002, 1).begin(0x9101).raw("\x89PNG\r\n\x1a\n", 8).end().end();
  b.begin(0x9001).i32_block(0x9002, 3).str_block(0x9003, "textures/3.jpg").end();
  b.begin(0x9001).i32_block(0x9002, 4).begin(0x9102).raw("\xFF\xD8\xFF\xE0", 4).end().end();
  b.end();
  return b.bytes;
}

/// materials: ID 1 "red" with every Phong field and three maps; ID 2 with nothing (defaults).
inline std::vector<std::byte> materials_section() {
  E3dBytes b;
  b.begin(0x8000);
  b.begin(0x8010).i32_block(0x8011, 1).str_block(0x8012, "red");
  b.begin(0x8020).u32(0b11010).end();  // partly transparent, wrapU, wrapV; not double-sided
  b.f32_block(0x8021, 0.5f).f32_block(0x8024, 32.0f).f32_block(0x8022, 1.5f);
  b.vec3_block(0x8030, 1, 0, 0)
      .vec3_block(0x8031, 0.5f, 0.5f, 0.5f)
      .vec3_block(0x8032, 0, 0, 0.25f)
      .vec3_block(0x8034, 0.1f, 0.1f, 0.1f);
  b.begin(0x8200).i32_block(0x9002, 1).end();           // phongDiffuseMap -> texture ID 1
  b.begin(0x8101).i32_block(0x9002, 3).end();           // normalMap -> texture ID 3
  b.begin(0x8201).str_block(0x9003, "spec.png").end();  // phongSpecularMap by name
  b.end();
  b.begin(0x8010).i32_block(0x8011, 2).end();
  b.end();
  return b.bytes;
}

/// Mesh 1: four vertices interleaved in an unusual order with a gap: vertices@0, normals@12,
/// texCoords@16, colors@24, (4-byte gap), tangentsBi@32, boneWeights@40 with M = 2 (up to vSize 44).
/// The list is not in offset order. Vertex 3 duplicates vertex 0; a skin of two bones; a morph; parts.
inline E3dBytes& mesh1(E3dBytes& b) {
  b.begin(0x1010).i32_block(0x1020, 1);
  b.begin(0x2000).i32(4);
  b.begin(0x2800);
  const std::uint16_t list[][2] = {{0x2020, 12}, {0x2090, 40}, {0x2010, 0}, {0x2081, 32},
                                   {0x2030, 16}, {0x2070, 24}, {0, 44}};
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
  b.begin(0x1022).i32(0).end();  // vertex 3 repeats vertex 0
  b.begin(0x1030).i32(2).u16(0).u16(1).u16(2).u16(0).u16(2).u16(3).end();
  b.begin(0x1040).i32(0).i32(2).i32(1).end();  // both triangles: material 1
  b.begin(0x1050).str_block(0x1051, "skin");
  b.begin(0x1052);  // bind shape: translation (0, 0, 1), row-vector order
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
  b.begin(0x1070)
      .i32(1)
      .begin(0x1071)
      .i32_block(0x1072, 0)
      .str_block(0x1073, "smile")
      .f32_block(0x1074, 0.5f)
      .i32_block(0x1020, 3)
      .end()
      .end();
  return b.end();
}

/// Mesh 2: standalone blocks: quantised positions before the meshBBox that maps them, texCoords;
/// 32-bit triangles; a facesMaterials list repeated (as in real files).
inline E3dBytes& mesh2(E3dBytes& b) {
  b.begin(0x1010).i32_block(0x1020, 2);
  b.begin(0x2000).i32(3);
  b.begin(0x2018)
      .i16(-32768)
      .i16(-32768)
      .i16(-32768)
      .i16(32767)
      .i16(32767)
      .i16(32767)
      .i16(-32768)
      .i16(32767)
      .i16(-32768)
      .end();
  b.begin(0x2030).f32(0).f32(0).f32(1).f32(0).f32(0).f32(1).end();
  b.end();
  b.begin(0x1021).vec3(-1, -2, -3).vec3(1, 2, 3).end();
  b.begin(0x1031).i32(1).u32(0).u32(1).u32(2).end();
  b.begin(0x1040).i32(0).i32(1).i32(2).i32(0).i32(1).i32(2).end();
  return b.end();
}

/// Mesh 3: the morph target of mesh 1 (its 3 original vertices, as doubles); an unknown block.
inline E3dBytes& mesh3(E3dBytes& b) {
  b.begin(0x1010).i32_block(0x1020, 3);
  b.begin(0x2000).i32(3).begin(0x2011);
  for (double d : {0.0, 0.0, 0.5, 1.0, 0.0, 0.5, 0.0, -1.0, 0.5}) b.f64(d);
  b.end().end();
  b.begin(0x1999).u32(42).end();
  return b.end();
}

/// Mesh 4: two triangles with two materials (split into two scene meshes), a custom attribute in the
/// interleaved list, and more than 65 536 vertices' worth of nothing: a small mesh with 16-bit faces.
inline E3dBytes& mesh4(E3dBytes& b) {
  b.begin(0x1010).i32_block(0x1020, 4);
  b.begin(0x2000).i32(4).begin(0x2800).u16(0x2010).u16(0).u16(0x4001).u16(12).u16(0).u16(16);
  for (int v = 0; v < 4; ++v) b.vec3(float(v), 0, 0).u32(v);
  b.end().end();
  b.begin(0x1030).i32(2).u16(0).u16(1).u16(2).u16(1).u16(3).u16(2).end();
  b.begin(0x1040).i32(0).i32(1).i32(2).i32(1).i32(1).i32(1).end();
  return b.end();
}

inline std::vector<std::byte> meshes_section() {
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
inline std::vector<std::byte> nodes_section() {
  const double s = std::sqrt(0.5);
  E3dBytes b;
  b.begin(0x3000).begin(0x3010).i32_block(0x3020, 1).str_block(0x3021, "root");
  b.vec3_block(0x3030, 2, 2, 2);
  b.begin(0x3031).f64(s).f64(0).f64(s).f64(0).end();
  b.begin(0x3032).f64(1).f64(2).f64(3).end();
  b.begin(0x3010)
      .i32_block(0x3020, 2)
      .str_block(0x3021, "body")
      .i32_block(0x1020, 1)
      .begin(0x3040)
      .i32(1)
      .str("")
      .end()
      .end();
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
inline std::vector<std::byte> animations_section() {
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
  b.begin(0xA100)
      .u32(2)
      .u8(0)
      .u32(0)
      .u32(5)
      .begin(0xA210)
      .vec3(0, 1, 0)
      .vec3(0, 2, 0)
      .end()
      .str_block(0x3021, "knee")
      .end();
  b.begin(0xA100).u32(1).u8(0).u32(3).begin(0xA2C0).u8(1).end().i32_block(0x3020, 4).end();
  b.end().end();
  return b.bytes;
}

/// The whole file: textures raw, materials in an lc4/lp4/pb4 LZMA block, meshes inside another one
/// (with mesh 4 nested one level deeper), nodes raw, animations in a liblzma (lc3/lp0/pb2, end
/// marker) block, an unknown top-level block, and 5 bytes of slack at the end.
inline std::vector<std::byte> kitchen_sink() {
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

}  // namespace aem::test
