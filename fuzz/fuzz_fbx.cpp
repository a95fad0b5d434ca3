// FBX reader fuzz target (ufbx and the scene built from it), binary or ASCII by content. Read from
// memory with a path hint inside an empty folder, so the side files a file names (vertex caches) are
// missing; a small decoding budget keeps lying counts from reaching the fuzzer's memory limit.
// Inputs of odd size are read keeping blend shapes as morph targets (glTF and E3D output), even ones
// baking them (every other output): the two paths the reader takes; kept targets are then baked too.
#include <cstddef>
#include <cstdint>

#include "aem/io.hpp"
#include "aem/validate.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  aem::ReadOptions options;
  options.max_decoded_bytes = 64u << 20;
  options.keep_morph_targets = size % 2 == 1;
  const aem::FormatHandler* fbx = aem::find_format("fbx");
  auto scene = fbx->read(aem::ReadInput{bytes, "/nonexistent-fuzz-dir/fuzz.fbx", options});
  if (!scene || !aem::validate_scene(scene.value()).valid() || !aem::has_morph_targets(scene.value())) return 0;
  aem::bake_morph_targets(scene.value());
  (void)aem::validate_scene(scene.value());
  return 0;
}
