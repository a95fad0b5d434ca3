// CEM reader fuzz target: plain SSMF models and PK01 (DCL implode) wrappers, then the writer on
// whatever reads. Inputs starting with neither magic are also tried behind both, so the fuzzer
// reaches the model parser and the decompressor without having to discover the magic first.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "aem/io.hpp"
#include "formats/cem/cem_format.hpp"
#include "formats/cem/dcl_explode.hpp"

namespace {

void read_and_write(std::span<const std::byte> bytes) {
  aem::ReadOptions options;
  options.max_decoded_bytes = 16 << 20;
  auto scene = aem::read_scene(bytes, "fuzz.cem", options);
  if (scene) (void)aem::formats::cem_write(scene.value(), {});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  read_and_write(bytes);
  (void)aem::formats::dcl_explode({data, size}, 1 << 20);
  if (size >= 4 && std::memcmp(data, "SSMF", 4) != 0 && std::memcmp(data, "PK01", 4) != 0) {
    std::vector<std::byte> framed(size + 4);
    std::memcpy(framed.data(), "SSMF", 4);
    std::memcpy(framed.data() + 4, data, size);
    read_and_write(framed);
  }
  return 0;
}
