// Animation evaluation, ns per bone: the fast AemAnimator against a faithful re-implementation of
// the reference libaem algorithm (docs/formats/aem.md §5: every bone re-evaluates its whole ancestor chain,
// every channel scans its keys linearly, matrices built by generic 4x4 products), on generated
// 60- and 200-bone characters with 120 keys per channel (4 s at 30 keys/s), played forward at 60 Hz.
// "Smooth" characters move like real animation (each joint sways on a sine, keys a few degrees
// apart); "jittery" ones get a random rotation per key (tens of degrees apart: the worst case).
// BM_Crowd poses 1,000 instances at different times with one evaluate_crowd call per frame (the
// figure: instances per second on one core). The corpus CesiumMan (AEM_CORPUS_DIR) is measured the
// same way, after conversion to AEM in memory.
// Run: scripts/bench.sh bench_animation
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>

#include "aem/aem_view.hpp"
#include "aem/animation.hpp"
#include "aem/io.hpp"
#include "corpus_models.hpp"
#include "formats/aem/aem_format.hpp"

namespace {

using aem::Mat4;

struct Character {
  std::vector<std::byte> bytes;
  aem::AemModel model;
};

Character make_character(int bones, bool smooth) {
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  aem::Scene scene;
  aem::Animation anim;
  anim.name = "walk";
  anim.duration = 4.0f;
  const int keys = 120;
  for (int b = 0; b < bones; ++b) {
    aem::Joint j;
    // A humanoid-like tree: spine chains with limbs branching every few bones (depth ~ 8-15).
    j.parent = b == 0 ? -1 : (b % 5 == 0 ? b / 2 : b - 1);
    j.inverse_bind = aem::translation_matrix({0, -0.1f * b, 0});
    scene.joints.push_back(j);
    aem::Channel ch;
    ch.joint = static_cast<std::uint32_t>(b);
    for (int k = 0; k < keys; ++k) {
      float t = anim.duration * k / (keys - 1);
      ch.translation.push_back({t, {0.01f * u(rng), 0.1f, 0.01f * u(rng)}});
      aem::Quat q = aem::normalize(aem::Quat{0.2f * u(rng), 0.2f * u(rng), 0.2f * u(rng), 1.0f});
      if (smooth) {
        const float angle = 0.6f * std::sin(1.5f * t + 0.3f * b);
        q = aem::Quat{0.0f, 0.0f, std::sin(angle / 2), std::cos(angle / 2)} *
            aem::Quat{std::sin(0.2f * t) * 0.1f, 0.0f, 0.0f, 1.0f};
        q = aem::normalize(q);
      }
      ch.rotation.push_back({t, q});
      ch.scale.push_back({t, {1, 1, 1}});
    }
    anim.channels.push_back(std::move(ch));
  }
  scene.animations.push_back(std::move(anim));
  auto bytes = aem::formats::aem_write(scene, {});
  auto model = aem::AemModel::from_memory(bytes.value());
  if (!model) std::abort();
  return {bytes.value(), std::move(model.value())};
}

// ---- the reference algorithm, re-implemented for comparison -----------------------------------

Mat4 mat_mul(const Mat4& a, const Mat4& b) { return a * b; }  // generic 4x4 product, as glm_mat4_mul

/// Slerp as cglm 0.9.1 computes it for libaem (docs/formats/aem.md §5): acos plus three sines, negating
/// `from` for the shortest path, a plain lerp when sin θ < 0.001.
aem::Quat slerp_ref(aem::Quat from, aem::Quat to, float t) {
  float cos_theta = from.x * to.x + from.y * to.y + from.z * to.z + from.w * to.w;
  if (std::fabs(cos_theta) >= 1.0f) return from;
  if (cos_theta < 0.0f) {
    from = {-from.x, -from.y, -from.z, -from.w};
    cos_theta = -cos_theta;
  }
  const float sin_theta = std::sqrt(1.0f - cos_theta * cos_theta);
  if (std::fabs(sin_theta) < 0.001f)
    return {from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t, from.z + (to.z - from.z) * t,
            from.w + (to.w - from.w) * t};
  const float angle = std::acos(cos_theta);
  const float a = std::sin((1.0f - t) * angle), b = std::sin(t * angle);
  return {(from.x * a + to.x * b) / sin_theta, (from.y * a + to.y * b) / sin_theta, (from.z * a + to.z * b) / sin_theta,
          (from.w * a + to.w * b) / sin_theta};
}

const aem::aem_file::Keyframe* first_at_or_after(const aem::aem_file::Keyframe* k, std::uint32_t n, float t,
                                                 std::uint32_t& i) {
  for (i = 0; i < n; ++i)
    if (k[i].time >= t) return &k[i];
  return nullptr;
}

void sample_ref(const aem::aem_file::Keyframe* k, std::uint32_t n, float t, bool rotation, float out[4]) {
  std::uint32_t i;
  const auto* key = first_at_or_after(k, n, t, i);
  if (!key) key = &k[n - 1];
  if (!key || i == 0 || i == n) {
    for (int c = 0; c < 4; ++c) out[c] = key->value[c];
    return;
  }
  float f = (t - k[i - 1].time) / (k[i].time - k[i - 1].time);
  if (rotation) {
    aem::Quat q = slerp_ref({k[i - 1].value[0], k[i - 1].value[1], k[i - 1].value[2], k[i - 1].value[3]},
                            {k[i].value[0], k[i].value[1], k[i].value[2], k[i].value[3]}, f);
    out[0] = q.x;
    out[1] = q.y;
    out[2] = q.z;
    out[3] = q.w;
  } else {
    for (int c = 0; c < 4; ++c) out[c] = k[i - 1].value[c] + (k[i].value[c] - k[i - 1].value[c]) * f;
  }
}

Mat4 local_ref(const aem::AemView& v, std::uint32_t anim, std::uint32_t b, float t) {
  const auto& s = v.sequence(anim, b);
  const auto* keys = v.keyframes().data();
  float tr[4] = {0, 0, 0, 0}, ro[4] = {0, 0, 0, 1}, sc[4] = {1, 1, 1, 0};
  if (s.position_count) sample_ref(keys + s.first_position, s.position_count, t, false, tr);
  if (s.rotation_count) sample_ref(keys + s.first_rotation, s.rotation_count, t, true, ro);
  if (s.scale_count) sample_ref(keys + s.first_scale, s.scale_count, t, false, sc);
  // translate, then rotate, then scale: three matrix products on identity, as in the reference.
  Mat4 m = aem::translation_matrix({tr[0], tr[1], tr[2]});
  m = mat_mul(m, aem::rotation_matrix({ro[0], ro[1], ro[2], ro[3]}));
  return mat_mul(m, aem::scale_matrix({sc[0], sc[1], sc[2]}));
}

void evaluate_ref(const aem::AemView& v, std::uint32_t anim, float t, Mat4* out) {
  const auto bones = v.bones();
  for (std::uint32_t b = 0; b < bones.size(); ++b) {
    Mat4 global = local_ref(v, anim, b, t);
    for (std::int32_t p = bones[b].parent; p >= 0; p = bones[p].parent)
      global = mat_mul(local_ref(v, anim, p, t), global);
    out[b] = mat_mul(global, *reinterpret_cast<const Mat4*>(bones[b].inverse_bind));
  }
}

// ---- benchmarks ------------------------------------------------------------------------------

/// The corpus CesiumMan (glTF) written as AEM in memory; nullptr without AEM_CORPUS_DIR.
const aem::AemView* cesium_man() {
  static std::optional<Character> loaded = []() -> std::optional<Character> {
    const auto path = aem::bench::corpus_cesium_man();
    if (path.empty()) return std::nullopt;
    auto scene = aem::read_scene(path);
    if (!scene) return std::nullopt;
    auto bytes = aem::formats::aem_write(scene.value(), {});
    if (!bytes) return std::nullopt;
    auto model = aem::AemModel::from_memory(bytes.value());
    if (!model) return std::nullopt;
    return Character{bytes.value(), std::move(model.value())};
  }();
  return loaded ? &loaded->model.view() : nullptr;
}

/// state.range(0) bones (0: the corpus CesiumMan); state.range(1) = 1 for smooth keys, 0 for jittery ones.
const aem::AemView* character(benchmark::State& state) {
  static std::map<std::pair<int, bool>, Character> cache;
  const int bones = static_cast<int>(state.range(0));
  const bool smooth = state.range(1) != 0;
  if (bones == 0) {
    const aem::AemView* v = cesium_man();
    if (!v) state.SkipWithError("set AEM_CORPUS_DIR for CesiumMan");
    return v;
  }
  return &cache.try_emplace({bones, smooth}, make_character(bones, smooth)).first->second.model.view();
}

/// Duration of animation 0: the largest key time.
float duration(const aem::AemView& v) {
  float end = 0.0f;
  for (std::uint32_t b = 0; b < v.counts().bones; ++b) {
    const auto& s = v.sequence(0, b);
    for (std::uint32_t c = 0; c < 3; ++c) {
      const std::uint32_t first[3] = {s.first_position, s.first_rotation, s.first_scale};
      const std::uint32_t count[3] = {s.position_count, s.rotation_count, s.scale_count};
      if (count[c]) end = std::max(end, v.keyframes()[first[c] + count[c] - 1].time);
    }
  }
  return end > 0.0f ? end : 1.0f;
}

/// Runs `evaluate(time, out)` once per iteration, with times from `next_time()`, and reports ns per bone.
template <class Evaluate, class NextTime>
void run(benchmark::State& state, const aem::AemView& v, Evaluate evaluate, NextTime next_time) {
  const int bones = static_cast<int>(v.counts().bones);
  std::vector<Mat4> out(bones);
  for (auto _ : state) {
    evaluate(next_time(), out);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["ns_per_bone"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * bones,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}

/// Forward playback at 60 Hz from `start`, wrapping at the animation's end.
auto playback(const aem::AemView& v, float start = 0.0f) {
  return [t = start, end = duration(v)]() mutable {
    t = t + 1.0f / 60.0f > end ? 0.0f : t + 1.0f / 60.0f;
    return t;
  };
}

void BM_Reference(benchmark::State& state) {
  const aem::AemView* v = character(state);
  if (!v) return;
  run(
      state, *v, [&](float t, std::vector<Mat4>& out) { evaluate_ref(*v, 0, t, out.data()); }, playback(*v));
}

void BM_Fast(benchmark::State& state) {
  const aem::AemView* v = character(state);
  if (!v) return;
  aem::AemAnimator animator(*v);
  run(
      state, *v, [&](float t, std::vector<Mat4>& out) { animator.evaluate(0, t, out); }, playback(*v));
}

void BM_FastRandomTimes(benchmark::State& state) {
  const aem::AemView* v = character(state);
  if (!v) return;
  aem::AemAnimator animator(*v);
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(0.0f, duration(*v));
  // Times jump around: the key lookup binary-searches instead of following the cursor.
  run(
      state, *v, [&](float t, std::vector<Mat4>& out) { animator.evaluate(0, t, out); }, [&] { return u(rng); });
}

/// 1,000 instances spread over the animation, each played forward at 60 Hz, one call per frame.
void BM_Crowd(benchmark::State& state) {
  const aem::AemView* v = character(state);
  if (!v) return;
  constexpr int kInstances = 1000;
  const std::size_t bones = v->counts().bones;
  aem::AemAnimator animator(*v);
  std::vector<decltype(playback(*v))> clocks;
  for (int i = 0; i < kInstances; ++i) clocks.push_back(playback(*v, duration(*v) * i / kInstances));
  std::vector<float> times(kInstances);
  std::vector<Mat4> skins(kInstances * bones);
  for (auto _ : state) {
    for (int i = 0; i < kInstances; ++i) times[i] = clocks[i]();
    animator.evaluate_crowd(0, times, skins);
    benchmark::DoNotOptimize(skins.data());
  }
  const double instances = static_cast<double>(state.iterations()) * kInstances;
  state.counters["instances_per_s"] = benchmark::Counter(instances, benchmark::Counter::kIsRate);
  state.counters["ns_per_bone"] = benchmark::Counter(
      instances * bones, benchmark::Counter::kIsRate | benchmark::Counter::kInvert, benchmark::Counter::kIs1000);
}

}  // namespace

// Bone counts: 0 is the corpus CesiumMan (22 bones); 266 is BrainStem's count; 60 and 200 as before.
BENCHMARK(BM_Reference)->Args({0, 1})->ArgsProduct({{60, 200, 266}, {1, 0}});
BENCHMARK(BM_Fast)->Args({0, 1})->ArgsProduct({{60, 200, 266}, {1, 0}});
BENCHMARK(BM_FastRandomTimes)->Args({0, 1})->ArgsProduct({{60, 200, 266}, {1, 0}});
BENCHMARK(BM_Crowd)->Args({0, 1})->ArgsProduct({{60, 266}, {1, 0}});
BENCHMARK_MAIN();
