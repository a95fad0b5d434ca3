// FBX binary: a 27-byte header, then records of (end offset, value count, values byte length, name length,
// name, typed values, child records, a null record closing the children), little-endian throughout. The
// three record header fields are 32-bit before 7500 and 64-bit from it.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "support/fbx_tree.hpp"

namespace aem::test::fbx::detail {
namespace {

// After the header text: 0x1A, 0x00, then the version.
constexpr char kMagic[] = "Kaydara FBX Binary  ";
// The footer's 16-byte id (FBX SDK files derive theirs from the file's time; readers ignore it) and the
// fixed 16 bytes every file ends with.
constexpr std::uint8_t kFooterId[16] = {0xfa, 0xbc, 0xa9, 0x08, 0xd3, 0xca, 0xd7, 0x65,
                                        0xb0, 0x77, 0xf9, 0x84, 0x1b, 0xfc, 0x28, 0x7c};
constexpr std::uint8_t kFooterMagic[16] = {0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e,
                                           0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b};

class BinaryWriter {
 public:
  explicit BinaryWriter(int version) : wide_(version >= 7500), typed_arrays_(version >= 7000) {}

  void bytes(const void* p, std::size_t n) {
    const std::size_t at = out_.size();
    out_.resize(at + n);
    if (n) std::memcpy(out_.data() + at, p, n);
  }
  void zeros(std::size_t n) { out_.resize(out_.size() + n); }

  template <typename T>
  void le(T v) {
    static_assert(std::is_arithmetic_v<T>);
    auto b = std::bit_cast<std::array<std::byte, sizeof(T)>>(v);
    if constexpr (std::endian::native == std::endian::big) std::reverse(b.begin(), b.end());
    bytes(b.data(), b.size());
  }

  void record(const Record& r) {
    if (r.name.size() > 255) throw std::invalid_argument("fbx_builder: record name too long: " + r.name);
    const std::size_t header_at = out_.size();
    zeros(header_field_size() * 3);
    out_.push_back(static_cast<std::byte>(r.name.size()));
    bytes(r.name.data(), r.name.size());
    const std::size_t values_at = out_.size();
    std::uint64_t count = 0;
    for (const auto& v : r.values) count += value(v);
    const std::uint64_t values_length = out_.size() - values_at;
    for (const auto& child : r.children) record(child);
    // A record with children, or without values, ends with a null record (as the FBX SDK writes them).
    if (!r.children.empty() || r.values.empty()) null_record();
    patch(header_at, 0, out_.size());
    patch(header_at, 1, count);
    patch(header_at, 2, values_length);
  }

  void null_record() { zeros(header_field_size() * 3 + 1); }

  std::vector<std::byte> take() { return std::move(out_); }
  std::size_t size() const { return out_.size(); }

 private:
  std::size_t header_field_size() const { return wide_ ? 8 : 4; }

  void patch(std::size_t header_at, int field, std::uint64_t v) {
    if (!wide_ && v > std::numeric_limits<std::uint32_t>::max())
      throw std::invalid_argument("fbx_builder: file too large for 32-bit offsets");
    const std::size_t n = header_field_size();
    for (std::size_t i = 0; i < n; ++i) out_[header_at + field * n + i] = static_cast<std::byte>(v >> (8 * i) & 0xff);
  }

  void text(char type, const void* p, std::size_t n) {
    out_.push_back(static_cast<std::byte>(type));
    le(static_cast<std::uint32_t>(n));
    bytes(p, n);
  }

  /// A typed array ('i', 'l', 'f', 'd': count, encoding 0 = uncompressed, byte length, elements) from
  /// FBX 7; before it one value per element. Returns the number of values written.
  template <typename T>
  std::uint64_t array(char typed, char single, const std::vector<T>& a) {
    if (!typed_arrays_) {
      for (T e : a) out_.push_back(static_cast<std::byte>(single)), le(e);
      return a.size();
    }
    out_.push_back(static_cast<std::byte>(typed));
    le(static_cast<std::uint32_t>(a.size()));
    le(std::uint32_t{0});
    le(static_cast<std::uint32_t>(a.size() * sizeof(T)));
    for (T e : a) le(e);
    return 1;
  }

  std::uint64_t value(const Value& v) {
    return std::visit(
        [&](const auto& a) -> std::uint64_t {
          using T = std::decay_t<decltype(a)>;
          if constexpr (std::is_same_v<T, Char>) {
            out_.push_back(std::byte{'C'});
            out_.push_back(static_cast<std::byte>(a.c));
          } else if constexpr (std::is_same_v<T, std::int32_t>) {
            out_.push_back(std::byte{'I'}), le(a);
          } else if constexpr (std::is_same_v<T, std::int64_t>) {
            out_.push_back(std::byte{'L'}), le(a);
          } else if constexpr (std::is_same_v<T, double>) {
            out_.push_back(std::byte{'D'}), le(a);
          } else if constexpr (std::is_same_v<T, std::string>) {
            text('S', a.data(), a.size());
          } else if constexpr (std::is_same_v<T, ObjectName>) {
            const std::string joined = a.name + std::string("\0\x01", 2) + a.type;
            text('S', joined.data(), joined.size());
          } else if constexpr (std::is_same_v<T, Raw>) {
            text('R', a.bytes.data(), a.bytes.size());
          } else if constexpr (std::is_same_v<T, std::vector<std::int32_t>>) {
            return array('i', 'I', a);
          } else if constexpr (std::is_same_v<T, std::vector<std::int64_t>>) {
            return array('l', 'L', a);
          } else if constexpr (std::is_same_v<T, std::vector<float>>) {
            return array('f', 'F', a);
          } else if constexpr (std::is_same_v<T, std::vector<double>>) {
            return array('d', 'D', a);
          } else {
            return array('f', 'F', a.values);
          }
          return 1;
        },
        v);
  }

  bool wide_, typed_arrays_;
  std::vector<std::byte> out_;
};

}  // namespace

std::vector<std::byte> encode_binary(const std::vector<Record>& top, int version) {
  BinaryWriter w(version);
  w.bytes(kMagic, sizeof kMagic);  // the text and its terminating zero
  w.le(std::uint8_t{0x1a});
  w.le(std::uint8_t{0x00});
  w.le(static_cast<std::uint32_t>(version));
  for (const auto& r : top) w.record(r);
  w.null_record();
  // Footer: id, zeros to the next multiple of 16 (a whole 16 when already there), a zero word, the
  // version, 120 zeros, the closing magic.
  w.bytes(kFooterId, sizeof kFooterId);
  w.zeros(16 - w.size() % 16);
  w.le(std::uint32_t{0});
  w.le(static_cast<std::uint32_t>(version));
  w.zeros(120);
  w.bytes(kFooterMagic, sizeof kFooterMagic);
  return w.take();
}

}  // namespace aem::test::fbx::detail
