// glTF reader fuzz target: the input as a .glb when it starts with the GLB magic, else as .gltf JSON.
// Read from memory with a path hint inside an empty folder, so side-file URIs are refused or missing;
// a small decoding budget keeps lying counts from reaching the fuzzer's memory limit.
// The read keeps morph targets, as `aem convert` does for glTF output: a valid scene with targets is
// written back as a .glb, and then baked into frames, which is what a read without keeping them makes.
#include <cstddef>
#include <cstdint>

#include "aem/io.hpp"
#include "aem/validate.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  const bool glb = size >= 4 && data[0] == 'g' && data[1] == 'l' && data[2] == 'T' && data[3] == 'F';
  aem::ReadOptions options;
  options.max_decoded_bytes = 64u << 20;
  options.keep_morph_targets = true;
  const aem::FormatHandler* gltf = aem::find_format("gltf");
  auto scene = gltf->read(
      aem::ReadInput{bytes, glb ? "/nonexistent-fuzz-dir/fuzz.glb" : "/nonexistent-fuzz-dir/fuzz.gltf", options});
  if (!scene || !aem::validate_scene(scene.value()).valid() || !aem::has_morph_targets(scene.value())) return 0;
  aem::WriteOptions write;
  write.output_name = "fuzz.glb";
  (void)gltf->write(scene.value(), write);
  aem::bake_morph_targets(scene.value());
  (void)aem::validate_scene(scene.value());
  return 0;
}
