// Builds CEM v2 bytes by hand from the layout in docs/formats/cem.md §2, independently of our writer.
#pragma once

#include <cstring>
#include <string>
#include <vector>

namespace aem::test {

class CemBytes {
 public:
  CemBytes& u16(std::uint16_t v) { return raw(&v, 2); }
  CemBytes& u32(std::uint32_t v) { return raw(&v, 4); }
  CemBytes& f32(float v) { return raw(&v, 4); }
  CemBytes& str(const std::string& s) {  // u32 length counting one NUL, text, NUL
    u32(static_cast<std::uint32_t>(s.size() + 1));
    raw(s.data(), s.size());
    bytes.push_back(std::byte{0});
    return *this;
  }
  CemBytes& vec3(float x, float y, float z) { return f32(x).f32(y).f32(z); }
  /// "SSMF" 2.0 and the header counts in file order.
  CemBytes& header(std::uint32_t triangles, std::uint32_t vertices, std::uint32_t tags, std::uint32_t materials,
                   std::uint32_t frames, std::uint32_t children, std::uint32_t lods, const std::string& name, float cx,
                   float cy, float cz) {
    raw("SSMF", 4);
    u16(2).u16(0).u32(triangles).u32(vertices).u32(tags).u32(materials).u32(frames).u32(children).u32(lods);
    return str(name).vec3(cx, cy, cz);
  }
  /// One LOD holding the triangle (0, 1, 2) and one untextured material over 3 vertices (§2.3, §2.4).
  CemBytes& one_triangle_and_material() {
    u32(1).u32(0).u32(1).u32(2);
    return str("").u32(0).u32(0).u32(1).u32(0).u32(3).str("");
  }
  /// A frame's three vertices (§2.7): the unit right triangle at z = 0, normals +Z, UVs equal to x and y.
  CemBytes& unit_triangle_vertices() {
    vec3(0, 0, 0).vec3(0, 0, 1).f32(0).f32(0);
    vec3(1, 0, 0).vec3(0, 0, 1).f32(1).f32(0);
    return vec3(0, 1, 0).vec3(0, 0, 1).f32(0).f32(1);
  }
  CemBytes& identity_matrix() {
    for (int k = 0; k < 16; ++k) f32(k % 5 == 0 ? 1.0f : 0.0f);
    return *this;
  }
  CemBytes& raw(const void* p, std::size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    bytes.insert(bytes.end(), b, b + n);
    return *this;
  }
  std::vector<std::byte> bytes;
};

}  // namespace aem::test
