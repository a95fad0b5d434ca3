// Key reduction (issue 32): per model, the reduction step at the default bound (keys per second, the
// check included), the AEM animation bytes before and after with the largest error measured, and the
// AemAnimator's ns per bone on the dense and on the reduced AEM (forward playback at 60 Hz). Models:
// CesiumMan (AEM_CORPUS_DIR), Fox and BrainStem (AEM_KHRONOS_DIR: a folder holding Fox.glb and
// BrainStem.glb, the Khronos samples, outside the tree) and a generated 60 s, 60-joint, 120 fps
// capture-like clip without a mesh. Models are prepared as `aem convert` prepares them for AEM (node
// instances flattened) and reduced with the bound it would use.
// Run: scripts/bench.sh bench_keys
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>

#include "aem/animation.hpp"
#include "aem/aem_view.hpp"
#include "aem/io.hpp"
#include "convert/key_reduction.hpp"
#include "convert/stored_keys.hpp"
#include "core/flatten.hpp"
#include "corpus_models.hpp"
#include "formats/aem/aem_format.hpp"
#include "support/mocap_clip.hpp"

namespace {

struct Model {
  aem::Scene dense, reduced;
  aem::convert::KeyReductionReport report;
  std::vector<std::byte> dense_aem, reduced_aem;
};

std::optional<aem::Scene> scene_of(int which) {
  const char* khronos = std::getenv("AEM_KHRONOS_DIR");
  std::filesystem::path path;
  switch (which) {
    case 0:
      path = aem::bench::corpus_cesium_man();
      break;
    case 1:
      path = khronos ? std::filesystem::path(khronos) / "Fox.glb" : "";
      break;
    case 2:
      path = khronos ? std::filesystem::path(khronos) / "BrainStem.glb" : "";
      break;
    default:
      return aem::test::mocap_clip({60, 60.0f, 120.0f, true});
  }
  if (path.empty()) return std::nullopt;
  auto scene = aem::read_scene(path);
  if (!scene) return std::nullopt;
  return aem::flatten_nodes(std::move(scene.value()));
}

/// The bound `aem convert` uses for the model: glTF files are in metres.
float bound_for(const aem::Scene& s, int which) { return aem::convert::default_max_error(s, which < 3 ? 1.0f : 0.0f); }

const Model* model(benchmark::State& state) {
  static std::map<int, std::optional<Model>> cache;
  const int which = static_cast<int>(state.range(0));
  auto [it, fresh] = cache.try_emplace(which);
  if (fresh) {
    if (auto scene = scene_of(which)) {
      Model m{*scene, *scene, {}, {}, {}};
      m.report = aem::convert::reduce_keys(m.reduced, {bound_for(m.dense, which), false, false});
      m.dense_aem = aem::formats::aem_write(m.dense, {}).value();
      m.reduced_aem = aem::formats::aem_write(m.reduced, {}).value();
      it->second = std::move(m);
    }
  }
  if (!it->second)
    state.SkipWithError(which == 0 ? "set AEM_CORPUS_DIR" : "set AEM_KHRONOS_DIR (Fox.glb, BrainStem.glb)");
  return it->second ? &*it->second : nullptr;
}

void BM_Reduce(benchmark::State& state) {
  const Model* m = model(state);
  if (!m) return;
  const float bound = bound_for(m->dense, static_cast<int>(state.range(0)));
  aem::convert::KeyReductionReport report;
  for (auto _ : state) {
    state.PauseTiming();
    aem::Scene scene = m->dense;
    state.ResumeTiming();
    report = aem::convert::reduce_keys(scene, {bound, false, false});
    benchmark::DoNotOptimize(scene.animations.data());
  }
  const auto dense = aem::convert::stored_keys(m->dense, "aem"), reduced = aem::convert::stored_keys(m->reduced, "aem");
  state.counters["keys_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * report.keys_before, benchmark::Counter::kIsRate);
  state.counters["keys_before"] = static_cast<double>(report.keys_before);
  state.counters["keys_after"] = static_cast<double>(report.keys_after);
  state.counters["aem_bytes_before"] = static_cast<double>(dense.bytes);
  state.counters["aem_bytes_after"] = static_cast<double>(reduced.bytes);
  state.counters["largest_error"] = report.largest_error;
  // Keys per second of choosing alone, and the exhaustive check's share of the step.
  state.counters["choose_keys_per_s"] = report.keys_before / (report.choose_ms * 1e-3);
  state.counters["check_ms"] = report.check_ms;
  state.counters["points_measured"] = static_cast<double>(report.points_measured);
  state.counters["bound"] = report.bound;
}

/// Forward playback at 60 Hz over the first animation, ns per bone (as bench_animation's BM_Fast).
void animate(benchmark::State& state, const std::vector<std::byte>& bytes) {
  auto loaded = aem::AemModel::from_memory(bytes);
  if (!loaded) return state.SkipWithError("AEM did not load");
  const aem::AemView& v = loaded->view();
  const std::uint32_t bones = v.counts().bones;
  aem::AemAnimator animator(v);
  std::vector<aem::Mat4> skin(bones);
  const float end = v.animations().empty() ? 1.0f : std::max(v.animations()[0].duration, 1.0f / 60.0f);
  float t = 0.0f;
  for (auto _ : state) {
    t = t + 1.0f / 60.0f > end ? 0.0f : t + 1.0f / 60.0f;
    animator.evaluate(0, t, skin);
    benchmark::DoNotOptimize(skin.data());
  }
  state.counters["ns_per_bone"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * bones,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}

void BM_AnimateDense(benchmark::State& state) {
  if (const Model* m = model(state)) animate(state, m->dense_aem);
}

void BM_AnimateReduced(benchmark::State& state) {
  if (const Model* m = model(state)) animate(state, m->reduced_aem);
}

}  // namespace

// 0 CesiumMan, 1 Fox, 2 BrainStem, 3 the generated capture-like clip.
BENCHMARK(BM_Reduce)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnimateDense)->DenseRange(0, 3);
BENCHMARK(BM_AnimateReduced)->DenseRange(0, 3);
BENCHMARK_MAIN();
