// The C++ side of scripts/bench.sh's Python rows: `bench_read RUNS FILE...` reads each file RUNS times
// with read_scene, as a program that links the library does (no allocation policy of the tools), and
// prints one JSON line per file with the median CPU and wall time of a read.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "aem/io.hpp"

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 2 ? std::atoi(argv[1]) : 0;
  if (runs < 1) {
    fmt::print(stderr, "usage: bench_read RUNS FILE...\n");
    return 2;
  }
  for (int f = 2; f < argc; ++f) {
    std::vector<double> cpu, wall;
    for (int r = 0; r < runs; ++r) {
      const double cpu_start = cpu_seconds();
      const auto wall_start = std::chrono::steady_clock::now();
      auto scene = aem::read_scene(argv[f]);
      if (!scene) {
        fmt::print(stderr, "{}\n", scene.error().to_string());
        return 1;
      }
      cpu.push_back(cpu_seconds() - cpu_start);
      wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count());
    }
    fmt::print("{{\"file\": \"{}\", \"cpu_s\": {}, \"wall_s\": {}}}\n", argv[f], median(cpu), median(wall));
  }
  return 0;
}
