// Writing E3D blocks: a header whose size (header included) is patched once the payload is written.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "aem/math.hpp"
#include "core/byte_writer.hpp"
#include "formats/e3d/e3d_blocks.hpp"

namespace aem::formats::e3d {

class BlockWriter {
 public:
  /// Writes `type` and its size around whatever `body()` writes.
  template <class F>
  void block(std::uint16_t type, F&& body) {
    const std::size_t start = out.size();
    out.u16(type);
    const auto size = out.u32_field();
    body();
    out.patch_u32(size, static_cast<std::uint32_t>(out.size() - start));
  }
  void i32_block(std::uint16_t type, std::int32_t v) {
    block(type, [&] { out.i32(v); });
  }
  void f32_block(std::uint16_t type, float v) {
    block(type, [&] { out.f32(v); });
  }
  void vec3_block(std::uint16_t type, const Vec3& v) {
    block(type, [&] { vec3(v); });
  }
  void string_block(std::uint16_t type, std::string_view s) {
    block(type, [&] { string(s); });
  }
  /// String: u16 length and the bytes, cut to the 65 535 bytes the length field can say.
  void string(std::string_view s) {
    s = s.substr(0, 0xFFFF);
    out.u16(static_cast<std::uint16_t>(s.size()));
    out.bytes(std::as_bytes(std::span(s.data(), s.size())));
  }
  void vec3(const Vec3& v) {
    out.f32(v.x);
    out.f32(v.y);
    out.f32(v.z);
  }
  /// A column-vector matrix as E3D's row-vector Matrix: the same 16 numbers (docs/formats/e3d.md §1).
  void matrix(const Mat4& m) {
    for (float v : m.m) out.f32(v);
  }

  detail::ByteWriter out;
};

}  // namespace aem::formats::e3d
