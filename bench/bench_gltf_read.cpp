// Reading glTF: the native reader against Assimp's import of the same file (the baseline, through
// our Assimp adapter so both produce the same scene), on CesiumMan.glb (from AEM_CORPUS_DIR) and on a
// generated skinned, animated GLB over 100 MB. Run: scripts/bench.sh bench_gltf_read
#include <benchmark/benchmark.h>

#include "aem/io.hpp"
#include "core/file.hpp"
#include "corpus_models.hpp"
#include "formats/gltf/gltf_format.hpp"
#include "glb_writer.hpp"
#include "import/assimp/assimp_reader.hpp"

namespace {

const std::filesystem::path& large_glb() {
  static const std::filesystem::path path = aem::bench::write_generated_tube_glb("aem-bench-gltf-read.glb", 14000);
  return path;
}

template <class Read>
void run(benchmark::State& state, const std::filesystem::path& path, Read read) {
  if (path.empty() || !std::filesystem::exists(path)) {
    state.SkipWithError("file missing (set AEM_CORPUS_DIR)");
    return;
  }
  for (auto _ : state) {
    auto bytes = aem::detail::read_file_uninitialized(path);  // as read_scene reads files
    auto scene = read(aem::ReadInput{bytes->bytes(), path, {}});
    if (!scene) state.SkipWithError(scene.error().to_string().c_str());
    benchmark::DoNotOptimize(scene);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * std::filesystem::file_size(path)));
}

void BM_CesiumMan_Assimp(benchmark::State& s) { run(s, aem::bench::corpus_cesium_man(), aem::formats::assimp_read); }
void BM_CesiumMan_Native(benchmark::State& s) { run(s, aem::bench::corpus_cesium_man(), aem::formats::gltf_read); }
void BM_Large_Assimp(benchmark::State& s) { run(s, large_glb(), aem::formats::assimp_read); }
void BM_Large_Native(benchmark::State& s) { run(s, large_glb(), aem::formats::gltf_read); }

}  // namespace

BENCHMARK(BM_CesiumMan_Assimp)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CesiumMan_Native)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Large_Assimp)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Large_Native)->Unit(benchmark::kMillisecond)->Iterations(3);

BENCHMARK_MAIN();
