// Little-endian output buffer for binary writers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace aem::detail {

class ByteWriter {
 public:
  template <class T>
  void put(T v) {
    static_assert(std::is_arithmetic_v<T>);
    std::size_t at = out_.size();
    out_.resize(at + sizeof(T));
    std::memcpy(out_.data() + at, &v, sizeof(T));
  }
  void u8(std::uint8_t v) { put(v); }
  void u16(std::uint16_t v) { put(v); }
  void u32(std::uint32_t v) { put(v); }
  void i32(std::int32_t v) { put(v); }
  void f32(float v) { put(v); }
  void f64(double v) { put(v); }
  void bytes(std::span<const std::byte> b) { out_.insert(out_.end(), b.begin(), b.end()); }
  /// Writes `s` into a field of `n` bytes, truncated to n-1 bytes and zero-filled after it.
  void fixed_string(std::string_view s, std::size_t n) {
    std::size_t len = s.size() < n ? s.size() : n - 1;
    std::size_t at = out_.size();
    out_.resize(at + n, std::byte{0});
    std::memcpy(out_.data() + at, s.data(), len);
  }
  /// Overwrites a u32 written earlier (sizes known only after the payload).
  void patch_u32(std::size_t at, std::uint32_t v) { std::memcpy(out_.data() + at, &v, 4); }
  void reserve(std::size_t n) { out_.reserve(n); }
  std::size_t size() const { return out_.size(); }
  std::vector<std::byte>& buffer() { return out_; }
  std::vector<std::byte> take() { return std::move(out_); }

 private:
  std::vector<std::byte> out_;
};

}  // namespace aem::detail
