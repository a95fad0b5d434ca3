// E3D reader fuzz target: the block tree (LZMA blocks included) into a scene, then the writer and a
// second read on whatever reads. Inputs without the version block are also tried behind one, so the
// fuzzer reaches the block parsers without having to discover the signature; the LZMA glue is also
// fed the raw input (5 property bytes, then a stream). Inputs of odd size keep morphs as targets with
// their weight keys (what glTF and E3D output read), even ones bake them into frames.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "formats/e3d/e3d_format.hpp"
#include "formats/e3d/lzma_codec.hpp"

namespace {

constexpr unsigned char kVersionBlock[12] = {0x01, 0x00, 0x0C, 0x00, 0x00, 0x00, 'E', '3', 'D', 'F', 0x00, 0x01};

void read_and_write(std::span<const std::byte> bytes, bool keep_morph_targets) {
  aem::ReadOptions options;
  options.max_decoded_bytes = 16 << 20;
  options.keep_morph_targets = keep_morph_targets;
  auto scene = aem::read_scene(bytes, "fuzz.e3d", options);
  if (!scene) return;
  (void)aem::validate_scene(scene.value());
  auto written = aem::formats::e3d_write(scene.value(), {});
  if (written) (void)aem::read_scene(written.value(), "again.e3d", options);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  const bool keep_morph_targets = size % 2 == 1;
  read_and_write(bytes, keep_morph_targets);
  if (size >= aem::formats::e3d::kLzmaPropsSize)
    (void)aem::formats::e3d::lzma_decode(bytes.first<aem::formats::e3d::kLzmaPropsSize>(),
                                         bytes.subspan(aem::formats::e3d::kLzmaPropsSize), 1 << 20);
  if (size >= sizeof kVersionBlock && std::memcmp(data, kVersionBlock, 10) != 0) {
    std::vector<std::byte> framed(size + sizeof kVersionBlock);
    std::memcpy(framed.data(), kVersionBlock, sizeof kVersionBlock);
    std::memcpy(framed.data() + sizeof kVersionBlock, data, size);
    read_and_write(framed, keep_morph_targets);
  }
  return 0;
}
