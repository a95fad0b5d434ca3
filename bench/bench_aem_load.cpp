// AEM load + validate against simply reading the same bytes into memory (the baseline), on generated
// files: about 150 MB of the example tube with 20000 rings, an 18 MB character and a 26 MB capture
// made of keyframes. Run: scripts/bench.sh bench_aem_load
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "aem/aem.h"

#include "aem/aem_view.hpp"
#include "aem/example.hpp"
#include "aem/io.hpp"
#include "core/file.hpp"
#include "support/mocap_clip.hpp"

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

// The issue-16 row: an 18 MB model (153 600 vertices, 266 joints, like BrainStem's 13.9 MB) through
// the C API, against the reference libaem's load: fopen, malloc (never zero-filled) and fread of the
// data, no validation (libaem/model.c aem_load_model; its current layout differs from ours, so its
// I/O pattern is re-created here rather than linked).
const std::filesystem::path& character_file() {
  static const std::filesystem::path path = [] {
    auto p = std::filesystem::temp_directory_path() / "aem-bench-character.aem";
    aem::ExampleOptions o;
    o.rings = 2400;
    o.segments = 63;
    o.joints = 266;
    if (!aem::write_scene(p, aem::make_example_scene(o)).ok()) std::abort();
    return p;
  }();
  return path;
}

// A keyframe-heavy file: the generated capture (60 joints, a minute at 120 keys a second: 1.3 M keys,
// 26 MB of the file's 26.1 MB), where checking the keys is most of validation's work.
const std::filesystem::path& capture_file() {
  static const std::filesystem::path path = [] {
    auto p = std::filesystem::temp_directory_path() / "aem-bench-capture.aem";
    if (!aem::write_scene(p, aem::test::mocap_clip({.mesh = true})).ok()) std::abort();
    return p;
  }();
  return path;
}

void reference_style_load(benchmark::State& state, const std::filesystem::path& path) {
  for (auto _ : state) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    char header[40];
    if (!f || std::fread(header, sizeof header, 1, f) != 1) return state.SkipWithError("open failed");
    const std::size_t size = std::filesystem::file_size(path) - sizeof header;
    void* data = std::malloc(size);
    if (std::fread(data, size, 1, f) != 1) state.SkipWithError("read failed");
    std::fclose(f);
    benchmark::DoNotOptimize(data);
    std::free(data);
  }
  state.SetBytesProcessed(state.iterations() * std::filesystem::file_size(path));
}

void BM_ReferenceStyleLoad(benchmark::State& state) { reference_style_load(state, character_file()); }
void BM_ReferenceStyleLoadCapture(benchmark::State& state) { reference_style_load(state, capture_file()); }

void load_through_c_api(benchmark::State& state, AEMResult (*load)(const char*, AEMModel**),
                        const std::filesystem::path& path) {
  for (auto _ : state) {
    AEMModel* model = nullptr;
    if (load(path.c_str(), &model) != AEMResult_Success) return state.SkipWithError("load failed");
    benchmark::DoNotOptimize(model);
    aem_free_model(model);
  }
  state.SetBytesProcessed(state.iterations() * std::filesystem::file_size(path));
}

void BM_CApiLoadAndValidate(benchmark::State& state) { load_through_c_api(state, &aem_load_model, character_file()); }
void BM_CApiLoadAndValidateCapture(benchmark::State& state) {
  load_through_c_api(state, &aem_load_model, capture_file());
}
// aem_map_model: the same validation on a mapping of the file instead of a copy.
void BM_CApiMapAndValidate(benchmark::State& state) { load_through_c_api(state, &aem_map_model, character_file()); }

}  // namespace

BENCHMARK(BM_ReferenceStyleLoad)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_CApiLoadAndValidate)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_CApiMapAndValidate)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_ReferenceStyleLoadCapture)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_CApiLoadAndValidateCapture)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_ReadBytes)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_LoadAndValidate)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_MapAndValidate)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_ValidateInMemory)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK_MAIN();
