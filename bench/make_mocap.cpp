// Not a benchmark: writes the generated capture-like clip (tests/support/mocap_clip: 60 s, 60 joints,
// 120 fps, a skinned tube around each bone: AEM files hold models) for scripts/bench.sh's key reduction rows, in the format OUT's extension names.
//   make_mocap OUT
#include <cstdio>

#include "aem/io.hpp"
#include "support/mocap_clip.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_mocap OUT\n");
    return 2;
  }
  const aem::Status written = aem::write_scene(argv[1], aem::test::mocap_clip({60, 60.0f, 120.0f, true}));
  if (!written) std::fprintf(stderr, "make_mocap: %s\n", written.error().to_string().c_str());
  return written ? 0 : 1;
}
