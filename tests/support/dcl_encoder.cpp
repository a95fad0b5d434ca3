#include "support/dcl_encoder.hpp"

#include <array>
#include <cstring>

namespace aem::test {
namespace {

// The format's fixed code lengths (run-length compressed: (repeat-1) << 4 | length).
constexpr std::array<std::uint8_t, 6> kLengthLengths = {2, 35, 36, 53, 38, 23};
constexpr std::array<std::uint8_t, 7> kDistanceLengths = {2, 20, 53, 230, 247, 151, 248};
constexpr std::array<int, 16> kLengthBase = {3, 2, 4, 5, 6, 7, 8, 9, 10, 12, 16, 24, 40, 72, 136, 264};
constexpr std::array<int, 16> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8};

struct Code {
  int bits = 0, length = 0;
};

/// Canonical codes: shorter first, then by symbol, as the decoder assigns them.
template <std::size_t N>
std::vector<Code> canonical(const std::array<std::uint8_t, N>& compact) {
  std::vector<int> lengths;
  for (auto b : compact)
    for (int r = (b >> 4) + 1; r > 0; --r) lengths.push_back(b & 15);
  std::vector<Code> codes(lengths.size());
  int code = 0;
  for (int len = 1; len <= 13; ++len) {
    for (std::size_t s = 0; s < lengths.size(); ++s)
      if (lengths[s] == len) codes[s] = {code++, len};
    code <<= 1;
  }
  return codes;
}

struct BitWriter {
  std::vector<std::uint8_t> out;
  std::uint32_t buffer = 0;
  int count = 0;
  void put(std::uint32_t value, int n) {  // LSB first
    for (int i = 0; i < n; ++i) {
      buffer |= ((value >> i) & 1u) << count;
      if (++count == 8) {
        out.push_back(static_cast<std::uint8_t>(buffer));
        buffer = 0;
        count = 0;
      }
    }
  }
  void huffman(const Code& c) {  // MSB of the code first, every bit inverted
    for (int i = c.length - 1; i >= 0; --i) put(((c.bits >> i) & 1) ^ 1, 1);
  }
  void flush() {
    if (count) out.push_back(static_cast<std::uint8_t>(buffer));
  }
};

void put_length(BitWriter& w, const std::vector<Code>& codes, int length) {
  for (int s = 15; s >= 0; --s)
    if (length >= kLengthBase[s] && length < kLengthBase[s] + (1 << kLengthExtra[s]) && (s != 1 || length == 2)) {
      w.huffman(codes[s]);
      w.put(static_cast<std::uint32_t>(length - kLengthBase[s]), kLengthExtra[s]);
      return;
    }
}

}  // namespace

std::vector<std::uint8_t> dcl_implode(std::span<const std::uint8_t> data, int dict_bits, bool use_matches) {
  static const auto length_codes = canonical(kLengthLengths);
  static const auto distance_codes = canonical(kDistanceLengths);
  const std::size_t window = std::size_t(64) << dict_bits;
  BitWriter w;
  w.put(0, 8);
  w.put(static_cast<std::uint32_t>(dict_bits), 8);
  std::size_t i = 0;
  while (i < data.size()) {
    std::size_t best_len = 0, best_dist = 0;
    if (use_matches)
      for (std::size_t d = 1; d <= window && d <= i; ++d) {
        std::size_t len = 0;
        while (len < 518 && i + len < data.size() && data[i + len] == data[i + len - d]) ++len;
        if (len > best_len) {
          best_len = len;
          best_dist = d;
        }
      }
    if (best_len >= 3) {
      w.put(1, 1);
      put_length(w, length_codes, static_cast<int>(best_len));
      const std::size_t d = best_dist - 1;
      w.huffman(distance_codes[d >> dict_bits]);
      w.put(static_cast<std::uint32_t>(d & ((1u << dict_bits) - 1)), dict_bits);
      i += best_len;
    } else {
      w.put(0, 1);
      w.put(data[i], 8);
      ++i;
    }
  }
  w.put(1, 1);
  put_length(w, length_codes, 519);  // end code
  w.flush();
  return w.out;
}

std::vector<std::byte> pk01_wrap(std::span<const std::byte> data, bool use_matches) {
  auto stream = dcl_implode({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()}, 6, use_matches);
  std::vector<std::byte> out(12 + stream.size());
  std::memcpy(out.data(), "PK01", 4);
  const auto size = static_cast<std::uint32_t>(data.size());
  std::memcpy(out.data() + 4, &size, 4);
  std::memset(out.data() + 8, 0, 4);
  std::memcpy(out.data() + 12, stream.data(), stream.size());
  return out;
}

}  // namespace aem::test
