// IQM reader fuzz target, then both IQE/IQM writers on whatever reads. Inputs without the magic are
// tried behind it (with a valid version) so the fuzzer reaches the section parsers at once.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "aem/io.hpp"

namespace {

void read_and_write(std::span<const std::byte> bytes) {
  aem::ReadOptions options;
  options.max_decoded_bytes = 16 << 20;
  auto scene = aem::read_scene(bytes, "fuzz.iqm", options);
  if (!scene) return;
  for (const char* format : {"iqe", "iqm"}) (void)aem::find_format(format)->write(scene.value(), {});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr char kMagic[16] = "INTERQUAKEMODEL";
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  if (size >= 16 && std::memcmp(data, kMagic, 16) == 0) {
    read_and_write(bytes);
    return 0;
  }
  std::vector<std::byte> framed(20 + size);
  std::memcpy(framed.data(), kMagic, 16);
  const std::uint32_t version = 2;
  std::memcpy(framed.data() + 16, &version, 4);
  if (size) std::memcpy(framed.data() + 20, data, size);
  // Let the declared file size match so the fuzzer explores the sections, not the size check.
  if (framed.size() >= 24) {
    const auto filesize = static_cast<std::uint32_t>(framed.size());
    std::memcpy(framed.data() + 20, &filesize, 4);
  }
  read_and_write(framed);
  return 0;
}
