// Converting a large skinned, animated model (the example tube: 4000 rings × 129 = 516 000
// vertices, 1 024 000 triangles, 60 joints, 61 keys per joint) from GLB to AEM, step by step. The
// baseline is Assimp's import of the same file; the target is that every step after it together
// takes less time. Run: scripts/bench.sh bench_convert
#include <benchmark/benchmark.h>

#include "aem/example.hpp"
#include "aem/io.hpp"
#include "convert/optimize.hpp"
#include "convert/weights.hpp"
#include "core/flatten.hpp"
#include "aem/conventions.hpp"
#include "formats/aem/aem_format.hpp"
#include "glb_writer.hpp"

namespace {

const std::filesystem::path& glb() {
  static const std::filesystem::path path = [] {
    auto p = std::filesystem::temp_directory_path() / "aem-bench-convert.glb";
    aem::ExampleOptions o;
    o.rings = 4000;
    o.segments = 128;
    o.joints = 60;
    aem::bench::write_glb(aem::make_example_scene(o), p);
    return p;
  }();
  return path;
}

const aem::Scene& imported() {
  static const aem::Scene scene = aem::read_scene(glb()).value();
  return scene;
}

void BM_AssimpImport(benchmark::State& state) {
  for (auto _ : state) {
    auto s = aem::read_scene(glb());
    if (!s) state.SkipWithError("import failed");
    benchmark::DoNotOptimize(s->meshes.data());
  }
  state.counters["triangles"] = static_cast<double>(imported().triangle_count());
}

void BM_FlattenAndWeights(benchmark::State& state) {
  for (auto _ : state) {
    aem::Scene s = aem::flatten_nodes(imported());
    aem::convert::limit_influences(s, 4);
    benchmark::DoNotOptimize(s.meshes.data());
  }
}

void BM_Conventions(benchmark::State& state) {
  aem::Conventions aem_conventions{aem::UpAxis::Y, true, true, false, 1.0f};
  for (auto _ : state) {
    state.PauseTiming();
    aem::Scene s = imported();
    state.ResumeTiming();
    aem::convert_conventions(s, aem_conventions);
    benchmark::DoNotOptimize(s.meshes.data());
  }
}

void BM_WriteAem(benchmark::State& state) {
  const aem::Scene s = aem::flatten_nodes(imported());
  for (auto _ : state) {
    auto bytes = aem::formats::aem_write(s, {});
    benchmark::DoNotOptimize(bytes->data());
  }
}

void BM_Optimize(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    aem::Scene s = aem::flatten_nodes(imported());
    state.ResumeTiming();
    aem::convert::optimize_meshes(s);
    benchmark::DoNotOptimize(s.meshes.data());
  }
}

}  // namespace

BENCHMARK(BM_AssimpImport)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_FlattenAndWeights)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Conventions)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_WriteAem)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Optimize)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_MAIN();
