// Starting a thread can fail (no memory for its stack, the process's thread limit reached): std::thread
// then throws std::system_error. The steps that start worker threads must then finish the work with the
// threads they have, the calling one included, and join every thread they started; a joinable
// std::thread destroyed while the exception unwinds would terminate the process.
//
// This executable defines pthread_create, which comes before the C library's in symbol lookup, so
// std::thread calls it: once limited, it lets a set number of threads start, then fails with EAGAIN.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <pthread.h>

#include <atomic>
#include <cerrno>
#include <string>
#include <thread>
#include <vector>

#include "core/parallel.hpp"
#include "formats/iqe/parser.hpp"

namespace {

std::atomic<int> starts_left{-1};  ///< threads that may still start; -1: no limit

/// Lets the next `n` thread starts succeed and fails the ones after, until the scope ends.
class ThreadStartLimit {
 public:
  explicit ThreadStartLimit(int n) { starts_left = n; }
  ~ThreadStartLimit() { starts_left = -1; }
  ThreadStartLimit(const ThreadStartLimit&) = delete;
  ThreadStartLimit& operator=(const ThreadStartLimit&) = delete;
};

}  // namespace

extern "C" int pthread_create(pthread_t* thread, const pthread_attr_t* attr, void* (*start)(void*),
                              void* arg) noexcept {
  using Create = int (*)(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*);
  static const auto next = reinterpret_cast<Create>(::dlsym(RTLD_NEXT, "pthread_create"));
  for (int left = starts_left.load(); left >= 0;) {
    if (left == 0) return EAGAIN;
    if (starts_left.compare_exchange_weak(left, left - 1)) break;
  }
  return next(thread, attr, start, arg);
}

namespace aem {
namespace {

TEST(ThreadStartFailure, TheLimitMakesStdThreadThrow) {
  const ThreadStartLimit limit(0);
  EXPECT_THROW(std::thread([] {}).join(), std::system_error);
}

// Every item is done exactly once whether no thread, some or all of the asked-for threads start.
TEST(ThreadStartFailure, ParallelForDoesTheWorkWithTheThreadsItGets) {
  for (const int starts : {1, 0, 2}) {
    const ThreadStartLimit limit(starts);
    std::vector<std::atomic<int>> done(1000);
    detail::parallel_for(done.size(), 4, [&](std::size_t i) { ++done[i]; });
    for (std::size_t i = 0; i < done.size(); ++i)
      ASSERT_EQ(done[i].load(), 1) << "item " << i << " with " << starts << " thread starts";
  }
}

// An exception from an item still reaches the caller when threads were refused.
TEST(ThreadStartFailure, ParallelForStillRethrowsAnItemsError) {
  const ThreadStartLimit limit(1);
  EXPECT_THROW(detail::parallel_for(100, 4,
                                    [](std::size_t i) {
                                      if (i == 50) throw std::runtime_error("item 50");
                                    }),
               std::runtime_error);
}

// A text of several scan chunks (2 MB each), read with the scan threads refused in part or in whole,
// gives the positions it was written with.
TEST(ThreadStartFailure, IqeParseScansOnTheThreadsItGets) {
  std::string text = "# Inter-Quake Export\nmesh m\n";
  std::vector<Vec3> written;
  while (text.size() < (7u << 20)) {
    const auto v = static_cast<int>(written.size() % 1000);
    text += "vp " + std::to_string(v) + ".25 -1.5 " + std::to_string(v % 7) + "\nvn 0 0 1\n";
    written.push_back({static_cast<float>(v) + 0.25f, -1.5f, static_cast<float>(v % 7)});
  }
  for (const int starts : {1, 0}) {
    const ThreadStartLimit limit(starts);
    const formats::iqe::Document got = formats::iqe::parse(text, 0);
    ASSERT_EQ(got.positions.size(), written.size()) << starts << " thread starts";
    for (std::size_t i = 0; i < written.size(); ++i)
      ASSERT_TRUE(got.positions[i].x == written[i].x && got.positions[i].y == written[i].y &&
                  got.positions[i].z == written[i].z)
          << "position " << i << " with " << starts << " thread starts";
    EXPECT_EQ(got.normals.size(), written.size());
  }
}

}  // namespace
}  // namespace aem
