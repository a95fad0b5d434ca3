// Readers, the C API (its per-thread last error) and the animation evaluators called from several
// threads at once give the same results as one thread. Built with -DAEM_TSAN=ON (scripts/test.sh),
// ThreadSanitizer also reports any data race on hidden shared state.
#include <gtest/gtest.h>

#include <thread>

#include "aem/aem.h"
#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/example.hpp"
#include "aem/io.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;
constexpr int kThreads = 4;

template <class F>
void on_threads(F&& body) {
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back([&body, t] { body(t); });
  for (auto& t : threads) t.join();
}

// Every model file of the in-repository test data and, when configured, of the corpus.
std::vector<fs::path> model_files() {
  std::vector<fs::path> roots = {AEM_TEST_DATA_DIR};
  if (!test::corpus_root().empty()) roots.push_back(test::corpus_root());
  std::vector<fs::path> files;
  for (const auto& root : roots)
    for (const auto& e : fs::recursive_directory_iterator(root))
      if (e.is_regular_file() && format_for_extension(e.path(), FormatUse::Read) &&
          e.path().filename() != "crashes_assimp.md5mesh")  // made to crash Assimp; see tests/assimp
        files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// What a read gave, compact enough to compare: the error code, or counts and a position checksum.
std::string fingerprint(const Result<Scene>& r) {
  if (!r.ok()) return "error " + r.error().code;
  double sum = 0;
  for (const auto& m : r->meshes)
    for (const auto& p : m.positions) sum += static_cast<double>(p.x) + 2.0 * p.y + 3.0 * p.z;
  return std::to_string(r->vertex_count()) + " " + std::to_string(r->triangle_count()) + " " +
         std::to_string(r->joints.size()) + " " + std::to_string(r->animations.size()) + " " +
         std::to_string(r->textures.size()) + " " + std::to_string(sum);
}

TEST(Concurrency, ReadersOnDifferentFilesFromFourThreads) {
  // An STL too, so that the Assimp path runs concurrently as well, and an OBJ (ufbx's OBJ parser).
  const auto dir = test::temp_dir("threads-obj");
  test::write_file(
      dir / "tri.stl",
      "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n");
  test::write_file(dir / "tri.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
  auto files = model_files();
  files.push_back(dir / "tri.stl");
  files.push_back(dir / "tri.obj");
  std::vector<std::string> expected;
  // In process, no child per Assimp read: forking from a multithreaded process under ThreadSanitizer
  // crashes the child, and what is under test here is the readers' shared state, not the isolation.
  ReadOptions in_process;
  in_process.isolate_third_party = false;
  for (const auto& f : files) expected.push_back(fingerprint(read_scene(f, in_process)));
  std::vector<std::vector<std::string>> got(kThreads, std::vector<std::string>(files.size()));
  on_threads([&](int t) {
    // Each thread starts at a different file, so that different files are read at the same time.
    for (std::size_t k = 0; k < files.size(); ++k) {
      const std::size_t i = (k + t * files.size() / kThreads) % files.size();
      got[t][i] = fingerprint(read_scene(files[i], in_process));
    }
  });
  for (int t = 0; t < kThreads; ++t)
    for (std::size_t i = 0; i < files.size(); ++i) EXPECT_EQ(got[t][i], expected[i]) << files[i] << " on thread " << t;
  EXPECT_GE(files.size(), 8u);
}

TEST(Concurrency, CApiLastErrorBelongsToItsThread) {
  const auto dir = test::temp_dir("threads-capi");
  ASSERT_TRUE(write_scene(dir / "good.aem", make_example_scene()).ok());
  for (int t = 0; t < kThreads; ++t)
    test::write_file(dir / ("bad" + std::to_string(t) + ".aem"), std::string("AEM\x01 not really"));
  std::vector<int> mismatches(kThreads, 0);
  on_threads([&](int t) {
    const std::string bad = (dir / ("bad" + std::to_string(t) + ".aem")).string(), good = (dir / "good.aem").string();
    for (int k = 0; k < 40; ++k) {
      AEMModel* model = nullptr;
      const bool fail = (k + t) % 2 == 0;
      const AEMResult r = aem_load_model((fail ? bad : good).c_str(), &model);
      const std::string error = aem_get_last_error();
      if (fail)
        mismatches[t] += r == AEMResult_Success || error.find(bad) == std::string::npos;
      else
        mismatches[t] += r != AEMResult_Success || !error.empty();
      aem_free_model(model);
    }
  });
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
}

TEST(Concurrency, AnimationsEvaluateConcurrently) {
  const auto dir = test::temp_dir("threads-anim");
  const Scene scene = make_example_scene();
  ASSERT_FALSE(scene.animations.empty());
  ASSERT_TRUE(write_scene(dir / "tube.aem", scene).ok());
  AEMModel* model = nullptr;
  ASSERT_EQ(aem_load_model((dir / "tube.aem").string().c_str(), &model), AEMResult_Success);
  std::uint32_t bones = 0;
  aem_get_model_bones(model, &bones);
  const float duration = scene.animations[0].duration;
  auto time_of = [&](int t, int k) { return duration * static_cast<float>((k * 7 + t * 13) % 50) / 50.0f; };

  // One thread first: the reference values.
  constexpr int kSteps = 50;
  std::vector<std::vector<float>> c_expected(kSteps * kThreads, std::vector<float>(16 * bones));
  std::vector<std::vector<Mat4>> scene_expected(kSteps * kThreads, std::vector<Mat4>(scene.joints.size()));
  SceneAnimator reference(scene);
  for (int t = 0; t < kThreads; ++t)
    for (int k = 0; k < kSteps; ++k) {
      aem_evaluate_model_animation(model, 0, time_of(t, k), c_expected[t * kSteps + k].data());
      reference.evaluate(0, time_of(t, k), scene_expected[t * kSteps + k]);
    }
  // Then all at once: one shared C model, and one SceneAnimator per thread over the shared scene.
  std::vector<int> mismatches(kThreads, 0);
  on_threads([&](int t) {
    SceneAnimator animator(scene);
    std::vector<float> c_skin(16 * bones);
    std::vector<Mat4> skin(scene.joints.size());
    for (int k = 0; k < kSteps; ++k) {
      aem_evaluate_model_animation(model, 0, time_of(t, k), c_skin.data());
      animator.evaluate(0, time_of(t, k), skin);
      mismatches[t] += c_skin != c_expected[t * kSteps + k];
      mismatches[t] += skin != scene_expected[t * kSteps + k];
    }
  });
  aem_free_model(model);
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
}

}  // namespace
}  // namespace aem
