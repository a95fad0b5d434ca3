// IQE parse throughput and IQE -> IQM conversion on a generated skinned, animated IQE of about 50 MB
// (a 400 000-vertex grid weighted to a 64-joint chain, 800 animation frames). Baselines measured in
// the same run: counting the lines (the memory floor) and a strtof-per-number pass, which is how the
// reference compiler reads numbers. Run: scripts/bench.sh bench_iqe
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "aem/io.hpp"
#include "formats/iqe/parser.hpp"

namespace {

constexpr int kJoints = 64, kFrames = 800, kGrid = 632;  // 632^2 ~ 400 000 vertices

void append_float(std::string& s, float v) {
  char buf[32];
  const int n = std::snprintf(buf, sizeof buf, " %.6g", static_cast<double>(v));
  s.append(buf, static_cast<std::size_t>(n));
}

const std::vector<std::byte>& iqe_bytes() {
  static const std::vector<std::byte> bytes = [] {
    std::string s = "# Inter-Quake Export\n";
    for (int j = 0; j < kJoints; ++j) s += "joint \"bone" + std::to_string(j) + "\" " + std::to_string(j - 1) + "\n";
    for (int j = 0; j < kJoints; ++j) s += j ? "pq 0 0 1 0 0 0 -1\n" : "pq 0 0 0 0 0 0 -1\n";
    s += "mesh grid\nmaterial grid.png\n";
    for (int y = 0; y < kGrid; ++y)
      for (int x = 0; x < kGrid; ++x) {
        const float z = static_cast<float>(y) * kJoints / kGrid;
        s += "vp", append_float(s, x * 0.01f), append_float(s, 0.0f), append_float(s, z), s += "\n";
        s += "vt", append_float(s, x / float(kGrid)), append_float(s, y / float(kGrid)), s += "\n";
        s += "vn 0 -1 0\n";
        const int j = std::min(static_cast<int>(z), kJoints - 2);
        const float f = z - static_cast<float>(j);
        s += "vb " + std::to_string(j), append_float(s, 1.0f - f), s += " " + std::to_string(j + 1), append_float(s, f), s += "\n";
      }
    for (int y = 0; y + 1 < kGrid; ++y)
      for (int x = 0; x + 1 < kGrid; ++x) {
        const int a = y * kGrid + x;
        s += "fm " + std::to_string(a) + " " + std::to_string(a + kGrid) + " " + std::to_string(a + 1) + "\n";
        s += "fm " + std::to_string(a + 1) + " " + std::to_string(a + kGrid) + " " + std::to_string(a + kGrid + 1) + "\n";
      }
    s += "animation bend\nframerate 30\nloop\n";
    for (int f = 0; f < kFrames; ++f) {
      s += "frame\n";
      for (int j = 0; j < kJoints; ++j) {
        const float angle = 0.3f * std::sin(f * 0.05f + j * 0.1f);
        s += "pq 0 0", append_float(s, j ? 1.0f : 0.0f), append_float(s, std::sin(angle / 2)), s += " 0 0",
            append_float(s, -std::cos(angle / 2)), s += "\n";
      }
    }
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
    for (const char* p = reinterpret_cast<const char*>(b.data()), *end = p + b.size();
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
      if (next == p) ++p;
      else sum += v, p = next;
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
    auto doc = aem::formats::iqe::parse(text);
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

}  // namespace

BENCHMARK(BM_CountLines)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_StrtofBaseline)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ParseIqe)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadIqe)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_IqeToIqm)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
