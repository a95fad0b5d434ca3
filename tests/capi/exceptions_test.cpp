// The C API's promise: no exception leaves it, whatever fails below it; each failure is a result code
// and a message. Allocations are where failures start inside these calls, so this executable
// replaces operator new with one that, once armed on the calling thread, throws at a chosen
// allocation: std::bad_alloc, or (standing for any other exception a bug could raise) a
// std::runtime_error.
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "aem/aem.h"
#include "aem/example.hpp"
#include "aem/io.hpp"
#include "support/corpus.hpp"

namespace {

enum class Injected { BadAlloc, Foreign };
thread_local long allocations_before_failure = -1;  ///< -1: none fails
thread_local Injected injected = Injected::BadAlloc;

}  // namespace

void* operator new(std::size_t size) {
  if (allocations_before_failure >= 0 && allocations_before_failure-- == 0) {
    if (injected == Injected::Foreign) throw std::runtime_error("injected failure");
    throw std::bad_alloc();
  }
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace aem {
namespace {

/// Runs `call` with the allocation numbered `n` (from 0) on this thread failing as `kind`.
template <class F>
auto with_failure_at(long n, Injected kind, F&& call) {
  struct Disarm {
    ~Disarm() { allocations_before_failure = -1; }
  } disarm;
  injected = kind;
  allocations_before_failure = n;
  return call();
}

std::filesystem::path example_file(const char* name) {
  auto path = test::temp_dir(name) / "tube.aem";
  EXPECT_TRUE(write_scene(path, make_example_scene()).ok());
  return path;
}

// Every allocation of a load fails in turn, until the load needs fewer: each failure is its result
// code with the model NULL, never an exception.
void expect_every_failure_is_a_result(const std::filesystem::path& path, Injected kind, AEMResult expected,
                                      const char* message) {
  for (long n = 0;; ++n) {
    ASSERT_LT(n, 100000) << "the load never got through";
    AEMModel* model = reinterpret_cast<AEMModel*>(0x1);
    AEMResult result = AEMResult_Success;
    EXPECT_NO_THROW(result = with_failure_at(n, kind, [&] { return aem_load_model(path.c_str(), &model); }))
        << "allocation " << n;
    if (result == AEMResult_Success) {
      EXPECT_GT(n, 0);
      aem_free_model(model);
      return;
    }
    ASSERT_EQ(result, expected) << "allocation " << n;
    EXPECT_EQ(model, nullptr);
    EXPECT_NE(std::string(aem_get_last_error()).find(message), std::string::npos) << aem_get_last_error();
  }
}

TEST(CApiFailures, AnyExceptionInALoadIsAnInternalError) {
  expect_every_failure_is_a_result(example_file("capi-foreign"), Injected::Foreign, AEMResult_InternalError,
                                   "injected failure");
}

TEST(CApiFailures, MemoryRunningOutInALoadIsOutOfMemory) {
  expect_every_failure_is_a_result(example_file("capi-oom"), Injected::BadAlloc, AEMResult_OutOfMemory,
                                   "out of memory");
}

// An animation is prepared on its first evaluation, which allocates: when that fails the caller gets
// the bind pose (identity matrices) and a message, and the next call that can allocate poses it.
TEST(CApiFailures, EvaluationThatCannotAllocateGivesTheBindPose) {
  const auto path = example_file("capi-eval");
  AEMModel* model = nullptr;
  ASSERT_EQ(aem_load_model(path.c_str(), &model), AEMResult_Success) << aem_get_last_error();
  uint32_t bones = 0;
  aem_get_model_bones(model, &bones);
  ASSERT_GT(bones, 0u);
  const float time = 0.5f * aem_get_model_animation_duration(model, 0);
  for (const Injected kind : {Injected::BadAlloc, Injected::Foreign}) {
    std::vector<float> out(16 * bones, -7.0f);
    EXPECT_NO_THROW(with_failure_at(0, kind, [&] {
      aem_evaluate_model_animation(model, 0, time, out.data());
      return 0;
    }));
    for (uint32_t b = 0; b < bones; ++b)
      for (int k = 0; k < 16; ++k)
        ASSERT_EQ(out[16 * b + k], k % 5 == 0 ? 1.0f : 0.0f) << "bone " << b << " element " << k;
    EXPECT_NE(std::string(aem_get_last_error()).find(kind == Injected::BadAlloc ? "out of memory" : "injected failure"),
              std::string::npos)
        << aem_get_last_error();
  }

  // Without the failure the same call poses the bones, as on a model that never failed.
  AEMModel* fresh = nullptr;
  ASSERT_EQ(aem_load_model(path.c_str(), &fresh), AEMResult_Success);
  std::vector<float> posed(16 * bones), want(16 * bones);
  aem_evaluate_model_animation(model, 0, time, posed.data());
  aem_evaluate_model_animation(fresh, 0, time, want.data());
  EXPECT_EQ(posed, want);
  std::vector<float> identity(16 * bones);
  for (uint32_t b = 0; b < bones; ++b)
    for (int k = 0; k < 16; k += 5) identity[16 * b + k] = 1.0f;
  EXPECT_NE(posed, identity)
      << "the animation does not move the bones at this time: the bind pose above proves nothing";
  aem_free_model(fresh);
  aem_free_model(model);
}

}  // namespace
}  // namespace aem
