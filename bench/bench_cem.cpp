// CEM read and write throughput on a generated model with many frames (the example tube baked at
// 30 fps: 61 frames of 1 664 vertices, about 3.3 MB), against copying the same bytes (memcpy).
// Run: scripts/bench.sh bench_cem
#include <benchmark/benchmark.h>

#include <cstring>

#include "aem/example.hpp"
#include "aem/io.hpp"
#include "formats/cem/cem_format.hpp"

namespace {

const aem::Scene& baked_scene() {
  static const aem::Scene scene = [] {
    aem::ExampleOptions o;
    o.rings = 64;
    o.segments = 25;
    auto bytes = aem::formats::cem_write(aem::make_example_scene(o), {});
    return aem::read_scene(bytes.value(), "bench.cem").value();
  }();
  return scene;
}

const std::vector<std::byte>& file_bytes() {
  static const std::vector<std::byte> bytes = aem::formats::cem_write(baked_scene(), {}).value();
  return bytes;
}

void BM_Memcpy(benchmark::State& state) {
  const auto& src = file_bytes();
  std::vector<std::byte> dst(src.size());
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), src.size());
    benchmark::DoNotOptimize(dst.data());
  }
  state.SetBytesProcessed(state.iterations() * src.size());
}

void BM_Read(benchmark::State& state) {
  const auto& src = file_bytes();
  for (auto _ : state) {
    auto scene = aem::read_scene(src, "bench.cem");
    benchmark::DoNotOptimize(scene.ok());
  }
  state.SetBytesProcessed(state.iterations() * src.size());
}

void BM_Write(benchmark::State& state) {
  const auto& scene = baked_scene();
  for (auto _ : state) {
    auto bytes = aem::formats::cem_write(scene, {});
    benchmark::DoNotOptimize(bytes->data());
  }
  state.SetBytesProcessed(state.iterations() * file_bytes().size());
}

}  // namespace

BENCHMARK(BM_Memcpy)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Read)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Write)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
