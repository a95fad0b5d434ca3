// What a read does besides reading: with default options it starts no thread and no process; an
// isolated read runs its reader in a process of its own (the read worker, started with posix_spawn), so
// that a lock another thread of the caller holds at that moment cannot hang it (a reader that crashes
// on a hostile file: tests/assimp/third_party_formats_test.cpp).
//
// This executable defines pthread_create, fork and posix_spawn, which come before the C library's in
// symbol lookup: each counts its calls and passes them on.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <pthread.h>
#include <spawn.h>
#include <unistd.h>

#include <atomic>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <thread>

#include "aem/io.hpp"
#include "import/assimp/assimp_reader.hpp"
#include "support/corpus.hpp"

namespace {

std::atomic<int> threads_started{0}, processes_started{0};
std::mutex hook_lock;
std::function<void()> after_next_process_start;  ///< run once, by the starting thread, in the parent

void process_started() {
  ++processes_started;
  std::function<void()> hook;
  {
    const std::lock_guard<std::mutex> guard(hook_lock);
    hook = std::exchange(after_next_process_start, nullptr);
  }
  if (hook) hook();
}

using Start = void* (*)(void*);
using Actions = const posix_spawn_file_actions_t*;
using Attributes = const posix_spawnattr_t*;

/// The C library's definition of `name`, which this program's stands in front of.
template <class F>
F next_definition(const char* name) {
  return reinterpret_cast<F>(::dlsym(RTLD_NEXT, name));
}

}  // namespace

extern "C" int pthread_create(pthread_t* thread, const pthread_attr_t* attr, Start start, void* arg) noexcept {
  static const auto next = next_definition<int (*)(pthread_t*, const pthread_attr_t*, Start, void*)>("pthread_create");
  ++threads_started;
  return next(thread, attr, start, arg);
}

extern "C" pid_t fork() noexcept {
  static const auto next = next_definition<pid_t (*)()>("fork");
  const pid_t child = next();
  if (child > 0) process_started();
  return child;
}

extern "C" int posix_spawn(pid_t* child, const char* path, Actions actions, Attributes attributes, char* const argv[],
                           char* const envp[]) {
  static const auto next =
      next_definition<int (*)(pid_t*, const char*, Actions, Attributes, char* const*, char* const*)>("posix_spawn");
  const int failed = next(child, path, actions, attributes, argv, envp);
  if (failed == 0) process_started();
  return failed;
}

namespace aem {
namespace {

const std::filesystem::path kAssimpData = std::filesystem::path(AEM_TEST_DATA_DIR) / "assimp";

/// An IQE file of about 7 MB (several of the parser's 2 MB scan chunks, which it may scan on threads).
std::filesystem::path large_iqe() {
  const auto path = test::temp_dir("side_effects") / "large.iqe";
  std::string text = "# Inter-Quake Export\nmesh m\n";
  for (int v = 0; text.size() < (7u << 20); ++v) text += "vp " + std::to_string(v % 1000) + ".5 -1.5 2\nvn 0 0 1\n";
  test::write_file(path, text);
  return path;
}

TEST(ReadSideEffects, DefaultReadStartsNoThreadAndNoProcess) {
  const auto iqe = large_iqe();
  const int threads = threads_started, processes = processes_started;
  const auto text = read_scene(iqe);
  ASSERT_TRUE(text) << text.error().to_string();
  const auto amf = read_scene(kAssimpData / "triangle.amf");  // read by Assimp
  ASSERT_TRUE(amf) << amf.error().to_string();
  EXPECT_EQ(threads_started - threads, 0);
  EXPECT_EQ(processes_started - processes, 0);

  // The counts see what the options allow: threads for the IQE scan, a process for Assimp's read.
  ASSERT_TRUE(read_scene(iqe, ReadOptions{.threads = 2}));
  EXPECT_GT(threads_started - threads, 0);
  ASSERT_TRUE(read_scene(kAssimpData / "triangle.amf", ReadOptions{.isolate_third_party = true}));
  EXPECT_EQ(processes_started - processes, 1);
}

TEST(ReadSideEffects, IsolatedReadFinishesWhileAnotherThreadHoldsTheImportLock) {
  // Another thread holds the lock around Assimp's imports when the isolated read starts its child and
  // lets go of it just after. A forked child would have copied the lock held and waited for it until
  // the timeout; the worker is a new program, with a lock of its own.
  std::promise<void> locked, child_started;
  std::thread holder([&] {
    const std::lock_guard<std::mutex> hold(formats::assimp_import_lock());
    locked.set_value();
    child_started.get_future().wait();
  });
  locked.get_future().wait();
  {
    const std::lock_guard<std::mutex> guard(hook_lock);
    after_next_process_start = [&] { child_started.set_value(); };
  }
  const ReadOptions isolated{.isolate_third_party = true, .third_party_timeout_seconds = 30};
  const auto scene = read_scene(kAssimpData / "triangle.amf", isolated);
  holder.join();
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_EQ(scene->triangle_count(), 1u);
}

TEST(ReadSideEffects, IsolatedReadWithoutItsWorkerSaysWhereItLooked) {
  const auto missing = test::temp_dir("side_effects") / "no-such-worker";
  const ReadOptions isolated{.isolate_third_party = true, .read_worker = missing};
  const auto scene = read_scene(kAssimpData / "triangle.amf", isolated);
  ASSERT_FALSE(scene);
  EXPECT_EQ(scene.error().code, "READ_WORKER_MISSING");
  EXPECT_NE(scene.error().message.find(missing.string()), std::string::npos) << scene.error().message;
}

}  // namespace
}  // namespace aem
