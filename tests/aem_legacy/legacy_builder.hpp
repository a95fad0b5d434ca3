// Builds legacy (2022) AEM files byte by byte from the table in docs/formats/aem.md §7, independently of the
// library's reader, so tests can make well-formed and hostile inputs.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "aem/math.hpp"

namespace aem::test {

struct LegacyVertex {
  Vec3 position, normal;
  std::uint32_t bones[4] = {0, 0, 0, 0};
  float weights[4] = {1, 0, 0, 0};
};

struct LegacyBone {
  Mat4 inverse_bind;
  std::int32_t parent = -1;
};

struct LegacyKey {
  float time = 0;
  std::vector<Mat4> matrices;  ///< one per bone: K_b = P_b * P_parent^-1
};

struct LegacyFile {
  std::vector<LegacyVertex> vertices;
  std::vector<std::uint32_t> indices;  ///< 3 per triangle
  std::vector<std::uint32_t> mesh_triangles;
  std::vector<LegacyBone> bones;
  std::vector<LegacyKey> keys;

  std::vector<std::byte> bytes() const {
    std::vector<std::byte> out;
    auto put = [&](const void* p, std::size_t n) {
      const std::size_t at = out.size();
      out.resize(at + n);
      std::memcpy(out.data() + at, p, n);
    };
    auto u32 = [&](std::uint32_t v) { put(&v, 4); };
    auto f32 = [&](float v) { put(&v, 4); };
    put("AEM\x01", 4);
    u32(static_cast<std::uint32_t>(vertices.size()));
    u32(static_cast<std::uint32_t>(indices.size() / 3));
    u32(static_cast<std::uint32_t>(mesh_triangles.size()));
    u32(static_cast<std::uint32_t>(bones.size()));
    u32(static_cast<std::uint32_t>(keys.size()));
    for (const auto& v : vertices) {
      for (float f : {v.position.x, v.position.y, v.position.z, v.normal.x, v.normal.y, v.normal.z}) f32(f);
      for (int k = 0; k < 5; ++k) f32(0.0f);  // tangent, uv: always 0 from the add-on
      for (auto b : v.bones) u32(b);
      for (auto w : v.weights) f32(w);
    }
    for (auto i : indices) u32(i);
    for (auto m : mesh_triangles) u32(m);
    for (const auto& b : bones) {
      put(b.inverse_bind.m.data(), 64);
      put(&b.parent, 4);
    }
    for (const auto& k : keys) {
      f32(k.time);
      for (const auto& m : k.matrices) put(m.m.data(), 64);
    }
    return out;
  }
};

/// Overwrites 4 bytes at `offset` (for corrupting a valid file).
inline void poke_u32(std::vector<std::byte>& bytes, std::size_t offset, std::uint32_t v) {
  std::memcpy(bytes.data() + offset, &v, 4);
}
inline void poke_f32(std::vector<std::byte>& bytes, std::size_t offset, float v) {
  std::memcpy(bytes.data() + offset, &v, 4);
}

}  // namespace aem::test
