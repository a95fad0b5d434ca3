// GLB writing speed: the example tube (4000 rings × 129 = 516 000 vertices, 1 024 000 triangles,
// 60 joints, 61 keys per joint) written as .glb to memory; bytes_per_second is the output rate.
// Run: scripts/bench.sh bench_gltf_write
#include <benchmark/benchmark.h>

#include "aem/conventions.hpp"
#include "aem/example.hpp"
#include "formats/gltf/gltf_format.hpp"

namespace {

const aem::Scene& scene() {
  static const aem::Scene s = [] {
    aem::ExampleOptions o;
    o.rings = 4000;
    o.segments = 128;
    o.joints = 60;
    aem::Scene generated = aem::make_example_scene(o);
    aem::convert_conventions(generated, aem::formats::gltf_conventions());
    return generated;
  }();
  return s;
}

void BM_WriteGlb(benchmark::State& state) {
  aem::WriteOptions options;
  options.output_name = "bench.glb";
  std::size_t bytes = 0;
  for (auto _ : state) {
    auto out = aem::formats::gltf_write_files(scene(), options);
    if (!out) state.SkipWithError("write failed");
    bytes = out->main.size();
    benchmark::DoNotOptimize(out->main.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes * state.iterations()));
  state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}

}  // namespace

BENCHMARK(BM_WriteGlb)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_MAIN();
