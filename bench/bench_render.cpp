// Frame time of the OpenGL renderer headless (EGL, Mesa llvmpipe on the standard machine) at
// 1280x720 with 4x multisampling, glFinish after every frame so the GPU work is counted:
// - BM_ClearOnly (baseline): clear colour and depth, nothing drawn;
// - BM_CesiumMan: the corpus CesiumMan (glTF, 4.7 k triangles, 22 joints, textured), animated;
// - BM_Generated1M: the generated example tube with 1 000 x 500 quads (1 M triangles, 4 joints),
//   animated (skinned on the GPU).
// Each animated frame re-poses (CPU animator + skin-matrix upload) and draws with the grid.
// CesiumMan needs AEM_CORPUS_DIR (the benchmark reports an error without it).
// Run: scripts/bench.sh bench_render
#include <benchmark/benchmark.h>

#include <memory>

#include "aem/example.hpp"
#include "aem/io.hpp"
#include "corpus_models.hpp"
#include "render/headless/egl_context.hpp"
#include "render/offscreen.hpp"
#include "render/renderer.hpp"

namespace {

constexpr int kWidth = 1280, kHeight = 720;

/// One context, renderer and target for the whole program.
struct Gl {
  std::unique_ptr<aem::render::HeadlessContext> context;
  std::unique_ptr<aem::render::Renderer> renderer;
  std::unique_ptr<aem::render::OffscreenTarget> target;
  std::string error;
};

Gl& gl() {
  static Gl g = [] {
    Gl g;
    auto context = aem::render::HeadlessContext::create();
    if (!context) {
      g.error = context.error().message;
      return g;
    }
    g.context = std::move(context.value());
    auto renderer = aem::render::Renderer::create();
    if (!renderer) {
      g.error = renderer.error().to_string();
      return g;
    }
    g.renderer = std::move(renderer.value());
    g.target = std::make_unique<aem::render::OffscreenTarget>(kWidth, kHeight);
    return g;
  }();
  return g;
}

/// Draws `scene` animated at 60 Hz until the benchmark has enough frames.
void draw_frames(benchmark::State& state, const aem::Scene& scene) {
  Gl& g = gl();
  if (!g.error.empty()) {
    state.SkipWithError(g.error.c_str());
    return;
  }
  g.renderer->load(scene, {});
  const std::int32_t animation = scene.animations.empty() ? -1 : 0;
  g.renderer->set_pose(animation, 0.0f);
  const auto camera = aem::render::orbit_camera(g.renderer->rest_bounds(), 30.0f, 20.0f, float(kWidth) / kHeight);
  g.target->bind();
  float time = 0.0f;
  for (auto _ : state) {
    g.renderer->set_pose(animation, time);
    g.renderer->draw(camera, kWidth, kHeight, {});
    glFinish();
    time += 1.0f / 60.0f;
  }
  state.counters["triangles"] = static_cast<double>(scene.triangle_count());
  state.counters["fps"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_ClearOnly(benchmark::State& state) {
  Gl& g = gl();
  if (!g.error.empty()) {
    state.SkipWithError(g.error.c_str());
    return;
  }
  g.target->bind();
  for (auto _ : state) {
    glClearColor(0.2f, 0.2f, 0.2f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glFinish();
  }
  state.counters["fps"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_CesiumMan(benchmark::State& state) {
  const auto path = aem::bench::corpus_cesium_man();
  if (path.empty()) {
    state.SkipWithError("AEM_CORPUS_DIR is not set");
    return;
  }
  auto scene = aem::read_scene(path);
  if (!scene) {
    state.SkipWithError(scene.error().to_string().c_str());
    return;
  }
  // Textures are embedded, so the empty model folder passed by draw_frames does not matter.
  draw_frames(state, scene.value());
}

void BM_Generated1M(benchmark::State& state) {
  aem::ExampleOptions options;
  options.segments = 1000;
  options.rings = 501;
  draw_frames(state, aem::make_example_scene(options));
}

}  // namespace

BENCHMARK(BM_ClearOnly)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CesiumMan)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Generated1M)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(4.0);
BENCHMARK_MAIN();
