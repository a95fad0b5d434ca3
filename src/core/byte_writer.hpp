// Little-endian output for binary writers: a buffer in memory, or a window that streams into a sink.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "aem/byte_sink.hpp"
#include "core/parse_error.hpp"

namespace aem::detail {

/// Without a sink, collects the whole output (take() hands it over). With one, it keeps about one
/// chunk: spill() passes the buffered bytes on once they reach it, except those from a field still to
/// be filled (u32_field) on, which stay until it is.
class ByteWriter {
 public:
  /// 256 KB: few enough write calls, and small enough that the kernel backs the new page cache with
  /// small folios. 4 MB writes got 2 MB folios, taken from free blocks that a VM which hands free memory
  /// back to its host must fault in again: a 57 MB AEM cost a third more CPU (docs/performance.md).
  static constexpr std::size_t kChunk = std::size_t(256) << 10;

  ByteWriter() = default;
  /// Streams into `sink`; `format` names the writer in the error thrown when the sink refuses bytes.
  ByteWriter(ByteSink& sink, std::string_view format, std::size_t chunk = kChunk)
      : sink_(&sink), format_(format), chunk_(chunk) {}

  template <class T>
  void put(T v) {
    static_assert(std::is_arithmetic_v<T>);
    std::memcpy(room(sizeof(T)), &v, sizeof(T));
  }
  void u8(std::uint8_t v) { put(v); }
  void u16(std::uint16_t v) { put(v); }
  void u32(std::uint32_t v) { put(v); }
  void i32(std::int32_t v) { put(v); }
  void f32(float v) { put(v); }
  void f64(double v) { put(v); }
  /// The bytes of one trivially copyable record: a copy of known size, which the compiler inlines.
  template <class T>
  void object(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    std::memcpy(room(sizeof(T)), &v, sizeof(T));
  }
  void bytes(std::span<const std::byte> b) {
    if (!b.empty()) std::memcpy(room(b.size()), b.data(), b.size());
  }
  /// `n` zero bytes.
  void zeros(std::size_t n) {
    if (n != 0) std::memset(room(n), 0, n);
  }
  /// Writes `s` into a field of `n` bytes, truncated to n-1 bytes and zero-filled after it.
  void fixed_string(std::string_view s, std::size_t n) {
    const std::size_t len = s.size() < n ? s.size() : n - 1;
    std::byte* at = room(n);
    std::memcpy(at, s.data(), len);
    std::memset(at + len, 0, n - len);
  }
  /// A u32 field whose value is known only later (a size, written before its payload).
  struct Field {
    std::size_t at;  ///< offset in the output
  };
  /// Writes a u32 field to fill in later with patch_u32; until then no byte from it on leaves the buffer.
  [[nodiscard]] Field u32_field() {
    const Field f{size()};
    u32(0);
    open_.push_back(f.at);
    return f;
  }
  /// Fills a field from u32_field (once).
  void patch_u32(Field f, std::uint32_t v) {
    std::memcpy(out_.data() + (f.at - spilled_), &v, 4);
    open_.erase(std::find(open_.begin(), open_.end(), f.at));
  }
  /// Room for `n` more bytes; with a sink, for at most one chunk and a record beyond it.
  void reserve(std::size_t n) { grow_to(used_ + (sink_ ? std::min(n, chunk_ + chunk_ / 8) : n)); }
  /// Bytes written so far, spilled or not: the offset in the file of the next byte.
  std::size_t size() const { return spilled_ + used_; }
  std::vector<std::byte> take() {
    out_.resize(used_);
    used_ = 0;
    return std::move(out_);
  }

  /// With a sink, passes the buffer on once it holds a chunk before any unfilled field. Writers call
  /// it between records, so that each put stays a plain append. Throws a ParseError (IO_WRITE_FAILED)
  /// when the sink refuses.
  void spill() {
    if (!sink_) return;
    const std::size_t ready = open_.empty() ? used_ : open_.front() - spilled_;
    if (ready >= chunk_) pass_on(ready);
  }
  /// With a sink, passes every buffered byte on (a writer's last call, once every field is filled);
  /// throws like spill().
  void flush() {
    assert(open_.empty() && "a u32_field was never filled");
    if (sink_ && used_ != 0) pass_on(used_);
  }

 private:
  /// Passes the first `n` buffered bytes on and keeps the rest at the buffer's start.
  void pass_on(std::size_t n) {
    if (!sink_->put(std::span(out_.data(), n)))
      fail_at(format_, "IO_WRITE_FAILED", spilled_, "the output did not take the bytes from this offset on");
    std::memmove(out_.data(), out_.data() + n, used_ - n);
    spilled_ += n;
    used_ -= n;
  }
  /// Where the next `n` bytes go. The buffer grows geometrically, so each put is a bounds check and
  /// a copy (a per-value vector resize cost more than the values' own copies).
  std::byte* room(std::size_t n) {
    if (out_.size() - used_ < n) grow_to(std::max(used_ + n, 2 * out_.size()));
    std::byte* at = out_.data() + used_;
    used_ += n;
    return at;
  }
  void grow_to(std::size_t n) {
    if (n > out_.size()) out_.resize(n);
  }

  std::vector<std::byte> out_;  // out_[0, used_) written; the rest is room for what follows
  std::size_t used_ = 0;
  ByteSink* sink_ = nullptr;
  std::string_view format_;
  std::size_t chunk_ = 0;
  std::size_t spilled_ = 0;
  std::vector<std::size_t> open_;  ///< offsets of the unfilled fields, in output order
};

}  // namespace aem::detail
