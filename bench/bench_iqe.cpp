// IQE parse throughput and IQE -> IQM conversion on a generated skinned, animated IQE of about 50 MB
// (a 400 000-vertex grid weighted to a 64-joint chain, 800 animation frames). Baselines measured in
// the same run: counting the lines (the memory floor) and a strtof-per-number pass, which is how the
// reference compiler reads numbers. Run: scripts/bench.sh bench_iqe
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "aem/io.hpp"
#include "formats/iqe/export_model.hpp"
#include "formats/iqe/parser.hpp"
#include "formats/iqm/frame_bounds.hpp"
#include "iqe_generator.hpp"

namespace {

const std::vector<std::byte>& iqe_bytes() {
  static const std::vector<std::byte> bytes = [] {
    const std::string s = aem::bench::make_grid_iqe();
    std::vector<std::byte> b(s.size());
    std::memcpy(b.data(), s.data(), s.size());
    return b;
  }();
  return bytes;
}

void BM_CountLines(benchmark::State& state) {
  const auto& b = iqe_bytes();
  for (auto _ : state) {
    std::size_t lines = 0;
    for (const char *p = reinterpret_cast<const char*>(b.data()), *end = p + b.size();
         (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)))) != nullptr; ++p)
      ++lines;
    benchmark::DoNotOptimize(lines);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * b.size()));
}

// Every number through strtof, as the reference compiler's parser does (no structure built).
void BM_StrtofBaseline(benchmark::State& state) {
  const std::string text(reinterpret_cast<const char*>(iqe_bytes().data()), iqe_bytes().size());
  for (auto _ : state) {
    double sum = 0;
    const char* p = text.c_str();
    while (*p) {
      char* next;
      const float v = std::strtof(p, &next);
      if (next == p)
        ++p;
      else
        sum += v, p = next;
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}

// The text to the parsed document only (no scene built).
void BM_ParseIqe(benchmark::State& state) {
  const auto& b = iqe_bytes();
  const std::string_view text(reinterpret_cast<const char*>(b.data()), b.size());
  for (auto _ : state) {
    auto doc = aem::formats::iqe::parse(text, 0);
    benchmark::DoNotOptimize(doc.positions.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * b.size()));
}

void BM_ReadIqe(benchmark::State& state) {
  const auto& b = iqe_bytes();
  for (auto _ : state) {
    auto scene = aem::read_scene(b, "bench.iqe");
    if (!scene.ok()) state.SkipWithError(scene.error().to_string().c_str());
    benchmark::DoNotOptimize(scene.ok());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * b.size()));
  state.counters["MB"] = static_cast<double>(b.size()) / 1e6;
}

void BM_IqeToIqm(benchmark::State& state) {
  const auto& b = iqe_bytes();
  const aem::FormatHandler* iqm = aem::find_format("iqm");
  for (auto _ : state) {
    auto scene = aem::read_scene(b, "bench.iqe");
    auto out = iqm->write(scene.value(), {});
    benchmark::DoNotOptimize(out->data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * b.size()));
}

// The per-frame bounds of the IQM writer alone (every vertex posed for every frame), on all threads:
// process CPU time.
void BM_IqmFrameBounds(benchmark::State& state) {
  const auto scene = aem::read_scene(iqe_bytes(), "bench.iqe");
  std::vector<aem::Warning> warnings;
  const auto model = aem::formats::iqe::prepare_export(scene.value(), 30.0f, "IQM", warnings);
  double poses = 0;
  for (const auto& mesh : model.meshes)
    for (const auto& anim : model.animations) poses += static_cast<double>(mesh.positions.size() * anim.frames.size());
  for (auto _ : state) benchmark::DoNotOptimize(aem::formats::iqm::compute_frame_bounds(model, 0).data());
  state.counters["poses/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * poses, benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(BM_CountLines)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StrtofBaseline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseIqe)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_ReadIqe)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_IqeToIqm)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_IqmFrameBounds)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK_MAIN();
