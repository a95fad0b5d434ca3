// Builds IQM version 2 files byte by byte from docs/formats/iqm.md §1, independently of the library's writer:
// sections go wherever the test puts them (unaligned too), the header is patched at the end.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace aem::test {

class IqmBuilder {
 public:
  // Header field indices (u32 after the 16-byte magic), in file order.
  enum Field {
    Version,
    Filesize,
    Flags,
    NumText,
    OfsText,
    NumMeshes,
    OfsMeshes,
    NumVertexArrays,
    NumVertexes,
    OfsVertexArrays,
    NumTriangles,
    OfsTriangles,
    OfsAdjacency,
    NumJoints,
    OfsJoints,
    NumPoses,
    OfsPoses,
    NumAnims,
    OfsAnims,
    NumFrames,
    NumFrameChannels,
    OfsFrames,
    OfsBounds,
    NumComment,
    OfsComment,
    NumExtensions,
    OfsExtensions,
    FieldCount
  };

  IqmBuilder() {
    bytes.assign(16 + 4 * FieldCount, std::byte{0});
    std::memcpy(bytes.data(), "INTERQUAKEMODEL", 16);
    set(Version, 2);
  }
  void set(Field f, std::uint32_t v) { std::memcpy(bytes.data() + 16 + 4 * f, &v, 4); }
  std::uint32_t get(Field f) const {
    std::uint32_t v;
    std::memcpy(&v, bytes.data() + 16 + 4 * f, 4);
    return v;
  }
  std::uint32_t here() const { return static_cast<std::uint32_t>(bytes.size()); }
  IqmBuilder& pad(std::size_t n) {
    bytes.insert(bytes.end(), n, std::byte{0xEE});
    return *this;
  }
  IqmBuilder& u8(std::uint8_t v) { return raw(&v, 1); }
  IqmBuilder& u16(std::uint16_t v) { return raw(&v, 2); }
  IqmBuilder& u32(std::uint32_t v) { return raw(&v, 4); }
  IqmBuilder& i16(std::int16_t v) { return raw(&v, 2); }
  IqmBuilder& f32(float v) { return raw(&v, 4); }
  IqmBuilder& str(const std::string& s) { return raw(s.c_str(), s.size() + 1); }
  IqmBuilder& raw(const void* p, std::size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    bytes.insert(bytes.end(), b, b + n);
    return *this;
  }
  /// Sets filesize to the current size and returns the bytes.
  std::vector<std::byte> finish() {
    set(Filesize, here());
    return bytes;
  }

  std::vector<std::byte> bytes;
};

}  // namespace aem::test
