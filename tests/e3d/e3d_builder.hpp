// Builds E3D bytes by hand from the block layout in e3d.txt and docs/formats/e3d.md, independently of our
// writer: blocks are u16 type + u32 size (header included), strings u16 length + bytes, LZMA blocks
// u32 uncompressed size + 5 property bytes + a raw LZMA1 stream.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

extern "C" {
#include <lzma/LzmaEnc.h>
}
#include <lzma.h>

namespace aem::test {

class E3dBytes {
 public:
  E3dBytes& u8(std::uint8_t v) { return raw(&v, 1); }
  E3dBytes& u16(std::uint16_t v) { return raw(&v, 2); }
  E3dBytes& u32(std::uint32_t v) { return raw(&v, 4); }
  E3dBytes& i32(std::int32_t v) { return raw(&v, 4); }
  E3dBytes& i16(std::int16_t v) { return raw(&v, 2); }
  E3dBytes& f32(float v) { return raw(&v, 4); }
  E3dBytes& f64(double v) { return raw(&v, 8); }
  E3dBytes& vec3(float x, float y, float z) { return f32(x).f32(y).f32(z); }
  E3dBytes& str(const std::string& s) {
    u16(static_cast<std::uint16_t>(s.size()));
    return raw(s.data(), s.size());
  }
  E3dBytes& raw(const void* p, std::size_t n) {
    // resize and copy rather than insert: GCC 12 reports a false -Wstringop-overflow for a range
    // insert into a vector it sees as two bytes long.
    const std::size_t at = bytes.size();
    bytes.resize(at + n);
    if (n) std::memcpy(bytes.data() + at, p, n);
    return *this;
  }
  E3dBytes& append(const std::vector<std::byte>& more) {
    bytes.insert(bytes.end(), more.begin(), more.end());
    return *this;
  }

  /// Opens a block; end() writes its size (from the start of its header to the current end).
  E3dBytes& begin(std::uint16_t type) {
    open_.push_back(bytes.size());
    u16(type);
    return u32(0);
  }
  E3dBytes& end() {
    const std::size_t at = open_.back();
    open_.pop_back();
    const auto size = static_cast<std::uint32_t>(bytes.size() - at);
    std::memcpy(bytes.data() + at + 2, &size, 4);
    return *this;
  }
  E3dBytes& i32_block(std::uint16_t type, std::int32_t v) { return begin(type).i32(v).end(); }
  E3dBytes& f32_block(std::uint16_t type, float v) { return begin(type).f32(v).end(); }
  E3dBytes& str_block(std::uint16_t type, const std::string& s) { return begin(type).str(s).end(); }
  E3dBytes& vec3_block(std::uint16_t type, float x, float y, float z) { return begin(type).vec3(x, y, z).end(); }

  /// The version block every Ecere file starts with: type 1, size 12, "E3DF", u16 major << 8 | minor.
  E3dBytes& version(std::uint16_t value = 0x0100) { return begin(0x0001).raw("E3DF", 4).u16(value).end(); }

  std::vector<std::byte> bytes;

 private:
  std::vector<std::size_t> open_;
};

/// How the test encodes an LZMA block's stream.
struct LzmaParams {
  int lc = 4, lp = 4, pb = 4;  ///< Ecere's parameters by default
  bool end_marker = false;
};

/// A raw LZMA1 stream of `data` from the LZMA SDK encoder; props receives the 5 property bytes.
inline std::vector<std::byte> sdk_lzma(const std::vector<std::byte>& data, const LzmaParams& p,
                                       unsigned char props[5]) {
  CLzmaEncProps ep;
  LzmaEncProps_Init(&ep);
  ep.lc = p.lc;
  ep.lp = p.lp;
  ep.pb = p.pb;
  ep.dictSize = 1 << 20;
  ep.numThreads = 1;
  ep.writeEndMark = p.end_marker;
  std::vector<std::byte> out(data.size() + data.size() / 2 + 1024);
  SizeT out_len = out.size(), props_len = 5;
  ISzAlloc alloc{[](void*, size_t n) { return std::malloc(n); }, [](void*, void* a) { std::free(a); }};
  if (LzmaEncode(reinterpret_cast<Byte*>(out.data()), &out_len, reinterpret_cast<const Byte*>(data.data()), data.size(),
                 &ep, props, &props_len, p.end_marker, nullptr, &alloc, &alloc) != SZ_OK)
    throw std::runtime_error("LzmaEncode failed");
  out.resize(out_len);
  return out;
}

/// An LZMA block (0x0010) holding `content`: u32 uncompressed size (or `declared` when given), the
/// property bytes, the stream.
inline std::vector<std::byte> lzma_block(const std::vector<std::byte>& content, const LzmaParams& p = {},
                                         std::int64_t declared = -1) {
  unsigned char props[5];
  auto stream = sdk_lzma(content, p, props);
  E3dBytes b;
  b.begin(0x0010).u32(declared >= 0 ? static_cast<std::uint32_t>(declared)
                                    : static_cast<std::uint32_t>(content.size()));
  b.raw(props, 5).append(stream).end();
  return b.bytes;
}

/// The same with liblzma's raw LZMA1 encoder (lc = 3, lp = 0, pb = 2, with an end marker): a second,
/// unrelated encoder, as a writer using standard parameters would produce.
inline std::vector<std::byte> xz_lzma_block(const std::vector<std::byte>& content) {
  lzma_options_lzma opt;
  lzma_lzma_preset(&opt, 6);
  lzma_filter filters[2] = {{LZMA_FILTER_LZMA1, &opt}, {LZMA_VLI_UNKNOWN, nullptr}};
  lzma_stream strm = LZMA_STREAM_INIT;
  if (lzma_raw_encoder(&strm, filters) != LZMA_OK) throw std::runtime_error("lzma_raw_encoder failed");
  std::vector<std::byte> stream(content.size() + 1024);
  strm.next_in = reinterpret_cast<const std::uint8_t*>(content.data());
  strm.avail_in = content.size();
  strm.next_out = reinterpret_cast<std::uint8_t*>(stream.data());
  strm.avail_out = stream.size();
  const lzma_ret r = lzma_code(&strm, LZMA_FINISH);
  stream.resize(stream.size() - strm.avail_out);
  lzma_end(&strm);
  if (r != LZMA_STREAM_END) throw std::runtime_error("lzma_code failed");
  // Properties: (pb * 5 + lp) * 9 + lc, then the dictionary size.
  E3dBytes b;
  b.begin(0x0010).u32(static_cast<std::uint32_t>(content.size()));
  b.u8(static_cast<std::uint8_t>((opt.pb * 5 + opt.lp) * 9 + opt.lc)).u32(opt.dict_size);
  b.append(stream).end();
  return b.bytes;
}

/// Packs a normal the way docs/formats/e3d.md §5 describes: 10-bit two's complement per component,
/// +1 -> 511, -1 -> -512.
inline std::uint32_t pack_normal(float x, float y, float z, std::uint32_t w = 0) {
  auto c = [](float v) {
    const int q = v > 0 ? static_cast<int>(v * 511 + 0.5f) : static_cast<int>(v * 512 - 0.5f);
    return static_cast<std::uint32_t>(q) & 0x3FF;
  };
  return c(x) | c(y) << 10 | c(z) << 20 | w << 30;
}

}  // namespace aem::test
