// Bounds-checked little-endian reader over untrusted bytes. Every read checks the bytes are present
// (64-bit, overflow-safe arithmetic) and throws ParseError naming the offset and what was being read.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/parse_error.hpp"

namespace aem::detail {

static_assert(std::endian::native == std::endian::little, "aem assumes a little-endian host");

class ByteReader {
 public:
  /// `base` is added to every reported offset (for readers over a slice of a larger file).
  ByteReader(std::span<const std::byte> data, std::string_view format, std::uint64_t base = 0)
      : data_(data), format_(format), base_(base) {}

  std::size_t offset() const { return pos_; }
  std::uint64_t file_offset() const { return base_ + pos_; }
  std::size_t size() const { return data_.size(); }
  std::size_t remaining() const { return data_.size() - pos_; }
  bool at_end() const { return pos_ == data_.size(); }
  std::string_view format() const { return format_; }
  std::span<const std::byte> data() const { return data_; }

  /// True when `count` records of `stride` bytes fit in what remains (overflow-safe).
  bool fits(std::uint64_t count, std::uint64_t stride) const { return stride == 0 || count <= remaining() / stride; }

  void seek(std::uint64_t offset, std::string_view what) {
    if (offset > data_.size()) fail_truncated(what, offset);
    pos_ = static_cast<std::size_t>(offset);
  }
  void skip(std::uint64_t n, std::string_view what) { take(n, what); }

  /// The next `n` bytes, consumed.
  std::span<const std::byte> bytes(std::uint64_t n, std::string_view what) { return take(n, what); }
  /// `count` records of `stride` bytes, consumed; refuses counts the remaining bytes cannot hold.
  std::span<const std::byte> array(std::uint64_t count, std::uint64_t stride, std::string_view what) {
    if (!fits(count, stride)) fail_truncated(what, pos_);
    return take(count * stride, what);
  }
  /// A reader over the next `n` bytes (consumed here), reporting offsets in this reader's terms.
  ByteReader sub(std::uint64_t n, std::string_view what) {
    std::uint64_t start = file_offset();
    return ByteReader(take(n, what), format_, start);
  }

  template <class T>
  T read(std::string_view what) {
    static_assert(std::is_arithmetic_v<T>);
    T v;
    std::memcpy(&v, take(sizeof(T), what).data(), sizeof(T));
    return v;
  }
  std::uint8_t u8(std::string_view what) { return read<std::uint8_t>(what); }
  std::uint16_t u16(std::string_view what) { return read<std::uint16_t>(what); }
  std::uint32_t u32(std::string_view what) { return read<std::uint32_t>(what); }
  std::int32_t i32(std::string_view what) { return read<std::int32_t>(what); }
  std::uint64_t u64(std::string_view what) { return read<std::uint64_t>(what); }
  /// Floats must be finite: NaN or infinity fail with "<FORMAT>_NOT_FINITE" at the value's offset.
  float f32(std::string_view what) { return finite(read<float>(what), what); }
  double f64(std::string_view what) { return finite(read<double>(what), what); }
  /// A double the scene keeps as a float: beyond the float range fails like NaN.
  double f64_float_range(std::string_view what) {
    const double v = f64(what);
    if (std::fabs(v) > 3.4028234663852886e38) fail_not_finite(what, pos_ - sizeof v);
    return v;
  }

  /// A fixed-size string field: the text up to the first NUL, or all `n` bytes if there is none.
  std::string fixed_string(std::size_t n, std::string_view what) {
    auto s = take(n, what);
    const char* p = reinterpret_cast<const char*>(s.data());
    return std::string(p, strnlen(p, n));
  }

  [[noreturn]] void fail(std::string_view code, std::string message) const {
    fail_at(format_, code, file_offset(), std::move(message));
  }
  [[noreturn]] void fail_here(std::uint64_t at, std::string_view code, std::string message) const {
    fail_at(format_, code, base_ + at, std::move(message));
  }

 private:
  std::span<const std::byte> take(std::uint64_t n, std::string_view what) {
    if (n > remaining()) fail_truncated(what, pos_, n);
    auto s = data_.subspan(pos_, static_cast<std::size_t>(n));
    pos_ += static_cast<std::size_t>(n);
    return s;
  }
  [[noreturn]] void fail_truncated(std::string_view what, std::uint64_t at, std::uint64_t need = 0) const;
  template <class F>
  F finite(F v, std::string_view what) const {
    if (!std::isfinite(v)) fail_not_finite(what, pos_ - sizeof(F));
    return v;
  }
  [[noreturn]] void fail_not_finite(std::string_view what, std::uint64_t at) const;

  std::span<const std::byte> data_;
  std::string_view format_;
  std::uint64_t base_ = 0;
  std::size_t pos_ = 0;
};

}  // namespace aem::detail
