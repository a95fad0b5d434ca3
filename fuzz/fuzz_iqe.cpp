// IQE reader fuzz target: any text behind the IQE header line, then both IQE/IQM writers on whatever
// reads (the header is prepended when missing so the fuzzer reaches the parser at once).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "aem/io.hpp"

namespace {

void read_and_write(std::span<const std::byte> bytes) {
  auto scene = aem::read_scene(bytes, "fuzz.iqe");
  if (!scene) return;
  for (const char* format : {"iqe", "iqm"}) (void)aem::find_format(format)->write(scene.value(), {});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr char kHeader[] = "# Inter-Quake Export\n";
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  if (size >= sizeof kHeader - 1 && std::memcmp(data, kHeader, sizeof kHeader - 1) == 0) {
    read_and_write(bytes);
    return 0;
  }
  std::vector<std::byte> framed(sizeof kHeader - 1 + size);
  std::memcpy(framed.data(), kHeader, sizeof kHeader - 1);
  if (size) std::memcpy(framed.data() + sizeof kHeader - 1, data, size);
  read_and_write(framed);
  return 0;
}
