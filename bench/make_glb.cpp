// Writes the generated example tube as a binary glTF for benchmarks that run the aem tool on a big
// file (scripts/bench.sh): make_glb OUT RINGS SEGMENTS JOINTS. About 80 bytes per vertex
// ((SEGMENTS + 1) x RINGS vertices): 4000 128 60 gives 39 MB, 104000 128 60 over 1 GB.
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "aem/example.hpp"
#include "glb_writer.hpp"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: make_glb OUT RINGS SEGMENTS JOINTS\n");
    return 2;
  }
  aem::ExampleOptions o;
  o.rings = static_cast<std::uint32_t>(std::strtoul(argv[2], nullptr, 10));
  o.segments = static_cast<std::uint32_t>(std::strtoul(argv[3], nullptr, 10));
  o.joints = static_cast<std::uint32_t>(std::strtoul(argv[4], nullptr, 10));
  try {
    aem::bench::write_glb(aem::make_example_scene(o), argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_glb: %s\n", e.what());
    return 1;
  }
  return 0;
}
