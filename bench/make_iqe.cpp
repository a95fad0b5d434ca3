// Writes bench_iqe's generated IQE to a file, so scripts/bench.sh can time `aem convert` and the
// reference compiler (iqm, built outside the tree) on the same text: make_iqe OUT [GRID JOINTS FRAMES]
// (defaults 632 64 800: the 50 MB of bench_iqe; smaller values make files for profiling).
#include <cstdio>
#include <cstdlib>

#include "iqe_generator.hpp"

int main(int argc, char** argv) {
  if (argc != 2 && argc != 5) {
    std::fprintf(stderr, "usage: make_iqe OUT [GRID JOINTS FRAMES]\n");
    return 2;
  }
  int grid = 632, joints = 64, frames = 800;
  if (argc == 5) {
    grid = std::atoi(argv[2]), joints = std::atoi(argv[3]), frames = std::atoi(argv[4]);
    if (grid < 2 || grid > 20000 || joints < 2 || joints > 256 || frames < 0 || frames > 100000) {
      std::fprintf(stderr, "make_iqe: GRID must be 2..20000, JOINTS 2..256, FRAMES 0..100000\n");
      return 2;
    }
  }
  const std::string text = aem::bench::make_grid_iqe(grid, joints, frames);
  std::FILE* f = std::fopen(argv[1], "wb");
  const bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const bool closed = f && std::fclose(f) == 0;
  if (!ok || !closed) {
    std::fprintf(stderr, "make_iqe: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
