// Writes the FBX fuzz target's seeds into the folder given: the test writer's sample document
// (tests/support/fbx_samples.hpp) in every encoding and version it writes, so the fuzzer starts from
// files that reach skins, blend shapes, textures and takes in both layouts.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>

#include "support/fbx_samples.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_fbx_seeds OUT_DIR\n");
    return 2;
  }
  namespace fbx = aem::test::fbx;
  try {
    std::filesystem::create_directories(argv[1]);
    for (auto encoding : {fbx::Encoding::Ascii, fbx::Encoding::Binary})
      for (int version : {6100, 7400, 7500}) {
        const std::string name =
            std::string(encoding == fbx::Encoding::Ascii ? "ascii" : "binary") + std::to_string(version) + ".fbx";
        fbx::write_fbx_file(std::filesystem::path(argv[1]) / name, fbx::sample_document(), encoding, version);
      }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_fbx_seeds: %s\n", e.what());
    return 1;
  }
  return 0;
}
