// Converting a large skinned, animated model (the example tube: 4000 rings × 129 = 516 000
// vertices, 1 024 000 triangles, 60 joints, 61 keys per joint) from GLB to AEM, whole and step by
// step, and CesiumMan.glb (from AEM_CORPUS_DIR) whole; the native read alone of both says how much of
// the conversion is reading. Baseline: Assimp's import alone of the same file (aiImportFile,
// triangulating and limiting bone weights as the reference exporter has it do), a lower bound of the
// reference exporter, which imports through Assimp and then writes.
// Run: scripts/bench.sh bench_convert
#include <assimp/cimport.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <benchmark/benchmark.h>

#include "aem/conventions.hpp"
#include "aem/convert.hpp"
#include "aem/io.hpp"
#include "convert/optimize.hpp"
#include "core/flatten.hpp"
#include "corpus_models.hpp"
#include "formats/aem/aem_format.hpp"
#include "glb_writer.hpp"

namespace {

const std::filesystem::path& glb() {
  static const std::filesystem::path path = aem::bench::write_generated_tube_glb("aem-bench-convert.glb", 4000);
  return path;
}

/// Argument 0: the generated glb; 1: CesiumMan (empty when the corpus is not configured).
std::filesystem::path input(const benchmark::State& state) {
  return state.range(0) == 0 ? glb() : aem::bench::corpus_cesium_man();
}

bool have_input(benchmark::State& state) {
  const auto path = input(state);
  if (path.empty() || !std::filesystem::exists(path)) {
    state.SkipWithError("file missing (set AEM_CORPUS_DIR)");
    return false;
  }
  return true;
}

const aem::Scene& imported() {
  static const aem::Scene scene = aem::read_scene(glb()).value();
  return scene;
}

void BM_AssimpImport(benchmark::State& state) {
  if (!have_input(state)) return;
  const std::string path = input(state).string();
  for (auto _ : state) {
    const aiScene* s = aiImportFile(path.c_str(), aiProcess_Triangulate | aiProcess_LimitBoneWeights);
    if (!s) state.SkipWithError(aiGetErrorString());
    benchmark::DoNotOptimize(s);
    aiReleaseImport(s);
  }
}

/// The whole `aem convert IN OUT.aem` in process: read, flatten, conventions, textures, write the file
/// (CPU time of the whole process: texture work runs on worker threads).
void BM_ConvertToAem(benchmark::State& state) {
  if (!have_input(state)) return;
  const auto out = std::filesystem::temp_directory_path() / "aem-bench-convert-out.aem";
  for (auto _ : state)
    if (!aem::convert::convert_file(input(state), out, {})) state.SkipWithError("conversion failed");
  std::filesystem::remove(out);
}

/// The first step of the conversion: read_scene, i.e. the native glTF reader.
void BM_NativeRead(benchmark::State& state) {
  if (!have_input(state)) return;
  const auto path = input(state);
  std::size_t triangles = 0;
  for (auto _ : state) {
    auto s = aem::read_scene(path);
    if (!s) state.SkipWithError("read failed");
    triangles = s->triangle_count();
    benchmark::DoNotOptimize(s->meshes.data());
  }
  state.counters["triangles"] = static_cast<double>(triangles);
}

void BM_Flatten(benchmark::State& state) {
  for (auto _ : state) {
    aem::Scene s = aem::flatten_nodes(imported());
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
  aem::WriteOptions as_converted;
  as_converted.normalize_weights = true;
  for (auto _ : state) {
    auto bytes = aem::formats::aem_write(s, as_converted);
    benchmark::DoNotOptimize(bytes->data());
  }
}

void BM_Optimize(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    aem::Scene s = aem::flatten_nodes(imported());
    state.ResumeTiming();
    if (!aem::convert::optimize_meshes(s)) {
      state.SkipWithError("meshoptimizer cannot be loaded");
      break;
    }
    benchmark::DoNotOptimize(s.meshes.data());
  }
}

/// Both inputs (the generated glb and CesiumMan), three repetitions of process CPU time each.
void on_both_inputs(benchmark::internal::Benchmark* b) {
  b->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->Repetitions(3)->ReportAggregatesOnly(true);
}

}  // namespace

BENCHMARK(BM_AssimpImport)->Apply(on_both_inputs);
BENCHMARK(BM_ConvertToAem)->Apply(on_both_inputs);
BENCHMARK(BM_NativeRead)->Apply(on_both_inputs);
BENCHMARK(BM_Flatten)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Conventions)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_WriteAem)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Optimize)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_MAIN();
