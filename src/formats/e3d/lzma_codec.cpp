// Glue between E3D and the LZMA SDK C sources that lzma-dev installs (compiled into the library).
#include "formats/e3d/lzma_codec.hpp"

#include <algorithm>
#include <cstdlib>

extern "C" {
#include <LzmaDec.h>
#include <LzmaEnc.h>
}

namespace aem::formats::e3d {
namespace {

void* sdk_alloc(void*, size_t size) { return std::malloc(size); }
void sdk_free(void*, void* address) { std::free(address); }
ISzAlloc g_alloc{sdk_alloc, sdk_free};

const Byte* as_sdk(std::span<const std::byte> s) { return reinterpret_cast<const Byte*>(s.data()); }

/// Frees the decoder's probability tables however decoding ends.
struct DecoderState {
  CLzmaDec dec;
  DecoderState() { LzmaDec_Construct(&dec); }
  ~DecoderState() { LzmaDec_FreeProbs(&dec, &g_alloc); }
};

}  // namespace

LzmaDecoded lzma_decode(std::span<const std::byte, kLzmaPropsSize> props, std::span<const std::byte> stream,
                        std::uint64_t size) {
  LzmaDecoded out;
  DecoderState state;
  CLzmaDec& dec = state.dec;
  const SRes props_result = LzmaDec_AllocateProbs(&dec, as_sdk(props), kLzmaPropsSize, &g_alloc);
  if (props_result != SZ_OK) {
    out.error = props_result == SZ_ERROR_MEM ? "out of memory for the LZMA decoder"
                                             : "unsupported LZMA properties (lc <= 8, lp <= 4, pb <= 4 required)";
    return out;
  }
  // The output buffer is the dictionary: it grows by doubling, and the decoder is pointed at the moved
  // buffer after each growth (it keeps only positions into it).
  std::uint64_t capacity = std::min<std::uint64_t>(size, std::max<std::uint64_t>(1 << 16, 8 * stream.size()));
  out.data.resize(static_cast<std::size_t>(capacity));
  dec.dic = reinterpret_cast<Byte*>(out.data.data());
  dec.dicBufSize = out.data.size();
  LzmaDec_Init(&dec);
  std::size_t consumed = 0;
  while (dec.dicPos < size) {
    if (dec.dicPos == out.data.size()) {
      out.data.resize(
          static_cast<std::size_t>(std::min<std::uint64_t>(size, 2 * static_cast<std::uint64_t>(out.data.size()))));
      dec.dic = reinterpret_cast<Byte*>(out.data.data());
      dec.dicBufSize = out.data.size();
    }
    SizeT in_len = stream.size() - consumed;
    const SizeT before = dec.dicPos;
    ELzmaStatus status;
    const SRes r =
        LzmaDec_DecodeToDic(&dec, out.data.size(), as_sdk(stream) + consumed, &in_len, LZMA_FINISH_ANY, &status);
    consumed += in_len;
    if (r != SZ_OK) {
      out.error = "corrupt LZMA data after " + std::to_string(dec.dicPos) + " decoded bytes";
      return out;
    }
    if (dec.dicPos == before && in_len == 0) {
      out.error = "the LZMA stream ends after " + std::to_string(dec.dicPos) + " of the " + std::to_string(size) +
                  " bytes its block declares";
      return out;
    }
  }
  out.ok = true;
  return out;
}

bool lzma_encode(std::span<const std::byte> data, LzmaEncoded& out) {
  CLzmaEncProps props;
  LzmaEncProps_Init(&props);
  props.level = 9;
  props.dictSize = 1u << 26;
  props.reduceSize = static_cast<UInt32>(std::min<std::size_t>(data.size(), 0xFFFFFFFFu));
  props.lc = 4;
  props.lp = 4;
  props.pb = 4;
  props.fb = 64;
  props.numThreads = 1;
  out.stream.resize(data.size());
  SizeT dest_len = out.stream.size();
  SizeT props_len = kLzmaPropsSize;
  const SRes r = LzmaEncode(reinterpret_cast<Byte*>(out.stream.data()), &dest_len, as_sdk(data), data.size(), &props,
                            reinterpret_cast<Byte*>(out.props.data()), &props_len, 0, nullptr, &g_alloc, &g_alloc);
  if (r != SZ_OK || props_len != kLzmaPropsSize || dest_len >= data.size()) return false;
  out.stream.resize(dest_len);
  return true;
}

}  // namespace aem::formats::e3d
