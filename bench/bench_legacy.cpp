// Legacy (2022) AEM against the current layout holding the same model (the upgrade of the legacy
// file): validation, animation evaluation and reading into the scene. The legacy numbers are the
// measured ones; the current-layout runs are the baseline of the ratios in docs/performance.md.
#include <benchmark/benchmark.h>

#include <cmath>

#include "../tests/aem_legacy/legacy_builder.hpp"
#include "aem/aem_view.hpp"
#include "aem/animation.hpp"
#include "aem/io.hpp"
#include "aem/legacy.hpp"

namespace {

constexpr std::uint32_t kBones = 64, kKeys = 100, kVertices = 20000;

/// A skinned tube of kVertices vertices on a chain of kBones bones, kKeys keyframes 2 frames apart.
const std::vector<std::byte>& legacy_bytes() {
  static const std::vector<std::byte> bytes = [] {
    aem::test::LegacyFile f;
    for (std::uint32_t i = 0; i < kVertices; ++i) {
      aem::test::LegacyVertex v;
      const float a = 0.1f * static_cast<float>(i % 63);
      v.position = {std::cos(a), std::sin(a), 0.01f * static_cast<float>(i)};
      v.normal = {std::cos(a), std::sin(a), 0};
      v.bones[0] = i % kBones;
      v.bones[1] = (i + 1) % kBones;
      v.weights[0] = 0.75f;
      v.weights[1] = 0.25f;
      f.vertices.push_back(v);
    }
    for (std::uint32_t i = 0; i + 2 < kVertices; ++i) f.indices.insert(f.indices.end(), {i, i + 1, i + 2});
    f.mesh_triangles = {kVertices - 2};
    for (std::uint32_t b = 0; b < kBones; ++b) {
      aem::Mat4 ib;
      ib(2, 3) = -0.5f * static_cast<float>(b);
      f.bones.push_back({ib, static_cast<std::int32_t>(b) - 1});
    }
    for (std::uint32_t k = 0; k < kKeys; ++k) {
      aem::test::LegacyKey key{2.0f * static_cast<float>(k), {}};
      for (std::uint32_t b = 0; b < kBones; ++b) {
        const float angle = 0.02f * static_cast<float>((k + b) % 17);
        key.matrices.push_back(aem::compose({{0, 0, 0.5f}, {std::sin(angle), 0, 0, std::cos(angle)}, {1, 1, 1}}));
      }
      f.keys.push_back(std::move(key));
    }
    return f.bytes();
  }();
  return bytes;
}

/// The same model upgraded to the current layout (read_scene -> aem writer).
const std::vector<std::byte>& current_bytes() {
  static const std::vector<std::byte> bytes = [] {
    auto scene = aem::read_scene(legacy_bytes(), "bench.aem");
    return aem::find_format("aem")->write(scene.value(), {}).value();
  }();
  return bytes;
}

void BM_ValidateLegacy(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(aem::LegacyView::validate(legacy_bytes()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * legacy_bytes().size()));
}

void BM_ValidateCurrent(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(aem::AemView::validate(current_bytes()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * current_bytes().size()));
}

void BM_EvaluateLegacy(benchmark::State& state) {
  auto view = aem::LegacyView::validate(legacy_bytes());
  aem::LegacyAnimator animator(view.value());
  std::vector<aem::Mat4> skin(kBones);
  float frame = 0;
  for (auto _ : state) {
    animator.evaluate(frame, skin);
    frame = frame > 190 ? 0 : frame + 0.5f;
    benchmark::DoNotOptimize(skin.data());
  }
  state.counters["ns/bone"] = benchmark::Counter(static_cast<double>(state.iterations()) * kBones,
                                                 benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_EvaluateCurrent(benchmark::State& state) {
  auto model = aem::AemModel::from_memory(current_bytes());
  aem::AemAnimator animator(model->view());
  std::vector<aem::Mat4> skin(kBones);
  float seconds = 0;
  for (auto _ : state) {
    animator.evaluate(0, seconds, skin);
    seconds = seconds > 190 / 24.0f ? 0 : seconds + 0.5f / 24.0f;
    benchmark::DoNotOptimize(skin.data());
  }
  state.counters["ns/bone"] = benchmark::Counter(static_cast<double>(state.iterations()) * kBones,
                                                 benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_ReadSceneLegacy(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(aem::read_scene(legacy_bytes(), "bench.aem"));
}

void BM_ReadSceneCurrent(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(aem::read_scene(current_bytes(), "bench.aem"));
}

}  // namespace

BENCHMARK(BM_ValidateCurrent);
BENCHMARK(BM_ValidateLegacy);
BENCHMARK(BM_EvaluateCurrent);
BENCHMARK(BM_EvaluateLegacy);
BENCHMARK(BM_ReadSceneCurrent);
BENCHMARK(BM_ReadSceneLegacy);
BENCHMARK_MAIN();
