// Writes bench_iqe's generated 50 MB IQE to a file, so scripts/bench.sh can time `aem convert` and
// the reference compiler (iqm, built outside the tree) on the same text: make_iqe OUT
#include <cstdio>

#include "iqe_generator.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_iqe OUT\n");
    return 2;
  }
  const std::string text = aem::bench::make_grid_iqe();
  std::FILE* f = std::fopen(argv[1], "wb");
  const bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const bool closed = f && std::fclose(f) == 0;
  if (!ok || !closed) {
    std::fprintf(stderr, "make_iqe: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
