// PKWARE DCL "explode". Format facts (fixed code-length tables, length bases, inverted canonical
// Huffman codes, end code at length 519) as published by Mark Adler's description of the format.
#include "formats/cem/dcl_explode.hpp"

#include <array>

namespace aem::formats {
namespace {

constexpr int kMaxBits = 13;

/// Canonical Huffman code built from run-length-compressed code lengths: each byte is
/// (repeat - 1) << 4 | length.
class Huffman {
 public:
  template <std::size_t N>
  explicit Huffman(const std::array<std::uint8_t, N>& compact) {
    std::array<std::uint8_t, 256> lengths{};
    std::size_t symbols = 0;
    for (std::uint8_t b : compact)
      for (int repeat = (b >> 4) + 1; repeat > 0; --repeat) lengths[symbols++] = b & 15;
    std::array<std::uint16_t, kMaxBits + 2> offsets{};
    for (std::size_t s = 0; s < symbols; ++s) ++count_[lengths[s]];
    for (int len = 1; len <= kMaxBits; ++len) offsets[len + 1] = offsets[len] + count_[len];
    for (std::size_t s = 0; s < symbols; ++s)
      if (lengths[s]) symbol_[offsets[lengths[s]]++] = static_cast<std::uint16_t>(s);
  }

  /// Reads one symbol, bit by bit (codes are stored with every bit inverted); -1 on a bad code.
  template <class Bits>
  int decode(Bits& bits) const {
    int code = 0, first = 0, index = 0;
    for (int len = 1; len <= kMaxBits; ++len) {
      int bit = bits.take(1);
      if (bit < 0) return -1;
      code |= bit ^ 1;
      const int count = count_[len];
      if (code < first + count) return symbol_[index + (code - first)];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    return -1;
  }

 private:
  std::array<std::uint16_t, kMaxBits + 1> count_{};
  std::array<std::uint16_t, 256> symbol_{};
};

constexpr std::array<std::uint8_t, 98> kLiteralLengths = {
    11, 124, 8,  7,  28, 7,  188, 13,  76,  4,   10,  8,   12, 10, 12, 10, 8,  23, 8,  9,  7,  6,  7,  8,  7,
    6,  55,  8,  23, 24, 12, 11,  7,   9,   11,  12,  6,   7,  22, 5,  7,  24, 6,  11, 9,  6,  7,  22, 7,  11,
    38, 7,   9,  8,  25, 11, 8,   11,  9,   12,  8,   12,  5,  38, 5,  38, 5,  11, 7,  5,  6,  21, 6,  10, 53,
    8,  7,   24, 10, 27, 44, 253, 253, 253, 252, 252, 252, 13, 12, 45, 12, 45, 12, 61, 12, 45, 44, 173};
constexpr std::array<std::uint8_t, 6> kLengthLengths = {2, 35, 36, 53, 38, 23};
constexpr std::array<std::uint8_t, 7> kDistanceLengths = {2, 20, 53, 230, 247, 151, 248};
constexpr std::array<std::uint16_t, 16> kLengthBase = {3, 2, 4, 5, 6, 7, 8, 9, 10, 12, 16, 24, 40, 72, 136, 264};
constexpr std::array<std::uint8_t, 16> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8};
constexpr int kEndLength = 519;

/// LSB-first bit reader; take() returns -1 past the end of the input.
struct BitReader {
  std::span<const std::uint8_t> in;
  std::size_t pos = 0;
  std::uint32_t buffer = 0;
  int available = 0;

  int take(int n) {
    while (available < n) {
      if (pos >= in.size()) return -1;
      buffer |= static_cast<std::uint32_t>(in[pos++]) << available;
      available += 8;
    }
    const int v = static_cast<int>(buffer & ((1u << n) - 1));
    buffer >>= n;
    available -= n;
    return v;
  }
};

}  // namespace

DclResult dcl_explode(std::span<const std::uint8_t> input, std::size_t max_output) {
  static const Huffman literal_code(kLiteralLengths), length_code(kLengthLengths), distance_code(kDistanceLengths);
  DclResult r;
  BitReader bits{input};
  auto fail = [&](std::string message) {
    r.ok = false;
    r.error = std::move(message);
    r.error_offset = bits.pos;
    r.output.clear();
    return r;
  };
  const int coded_literals = bits.take(8), dict_bits = bits.take(8);
  if (coded_literals < 0 || dict_bits < 0) return fail("stream ends inside its 2-byte header");
  if (coded_literals > 1) return fail("literal mode " + std::to_string(coded_literals) + " is not 0 or 1");
  if (dict_bits < 4 || dict_bits > 6) return fail("dictionary size " + std::to_string(dict_bits) + " is not 4, 5 or 6");

  for (;;) {
    const int is_copy = bits.take(1);
    if (is_copy < 0) return fail("stream ends before its end code");
    if (is_copy) {
      const int len_symbol = length_code.decode(bits);
      if (len_symbol < 0) return fail("bad length code or stream ends");
      const int extra = bits.take(kLengthExtra[len_symbol]);
      if (extra < 0) return fail("stream ends inside a length");
      const int length = kLengthBase[len_symbol] + extra;
      if (length == kEndLength) break;
      const int low_bits = length == 2 ? 2 : dict_bits;
      const int dist_symbol = distance_code.decode(bits);
      const int low = dist_symbol < 0 ? -1 : bits.take(low_bits);
      if (low < 0) return fail("bad distance code or stream ends");
      const std::size_t distance =
          (static_cast<std::size_t>(dist_symbol) << low_bits) + static_cast<std::size_t>(low) + 1;
      if (distance > r.output.size())
        return fail("copy reaches " + std::to_string(distance) + " bytes back, before the start of the output");
      if (static_cast<std::size_t>(length) > max_output - r.output.size())
        return fail("output would exceed " + std::to_string(max_output) + " bytes");
      for (int k = 0; k < length; ++k) r.output.push_back(r.output[r.output.size() - distance]);
    } else {
      const int literal = coded_literals ? literal_code.decode(bits) : bits.take(8);
      if (literal < 0) return fail("stream ends inside a literal");
      if (r.output.size() >= max_output) return fail("output would exceed " + std::to_string(max_output) + " bytes");
      r.output.push_back(static_cast<std::uint8_t>(literal));
    }
  }
  r.ok = true;
  r.consumed = bits.pos;
  return r;
}

}  // namespace aem::formats
