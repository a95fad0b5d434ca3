// AEM load + validate against simply reading the same bytes into memory (the baseline), on a
// generated file of about 150 MB (the example tube with 20000 rings). Run: scripts/bench.sh bench_aem_load
#include <benchmark/benchmark.h>

#include <filesystem>

#include "aem/aem_view.hpp"
#include "aem/example.hpp"
#include "aem/io.hpp"
#include "core/file.hpp"

namespace {

const std::filesystem::path& large_file() {
  static const std::filesystem::path path = [] {
    auto p = std::filesystem::temp_directory_path() / "aem-bench-large.aem";
    aem::ExampleOptions o;
    o.rings = 20000;
    o.segments = 63;
    o.joints = 60;
    if (!aem::write_scene(p, aem::make_example_scene(o)).ok()) std::abort();
    return p;
  }();
  return path;
}

void BM_ReadBytes(benchmark::State& state) {
  const auto& path = large_file();
  for (auto _ : state) {
    auto bytes = aem::detail::read_file(path);
    benchmark::DoNotOptimize(bytes->data());
  }
  state.SetBytesProcessed(state.iterations() * std::filesystem::file_size(path));
}

void BM_LoadAndValidate(benchmark::State& state) {
  const auto& path = large_file();
  for (auto _ : state) {
    auto model = aem::AemModel::load(path);
    if (!model) state.SkipWithError("load failed");
    benchmark::DoNotOptimize(model->view().counts());
  }
  state.SetBytesProcessed(state.iterations() * std::filesystem::file_size(path));
}

void BM_MapAndValidate(benchmark::State& state) {
  const auto& path = large_file();
  for (auto _ : state) {
    auto model = aem::AemModel::load(path, aem::AemModel::Source::Map);
    if (!model) state.SkipWithError("load failed");
    benchmark::DoNotOptimize(model->view().counts());
  }
  state.SetBytesProcessed(state.iterations() * std::filesystem::file_size(path));
}

void BM_ValidateInMemory(benchmark::State& state) {
  const auto bytes = aem::detail::read_file(large_file());
  for (auto _ : state) {
    auto view = aem::AemView::validate(bytes.value());
    if (!view) state.SkipWithError("invalid");
    benchmark::DoNotOptimize(view->counts());
  }
  state.SetBytesProcessed(state.iterations() * bytes->size());
}

}  // namespace

BENCHMARK(BM_ReadBytes)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_LoadAndValidate)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_MapAndValidate)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_ValidateInMemory)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK_MAIN();
