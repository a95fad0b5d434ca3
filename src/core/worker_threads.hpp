// Threads started for one step's work, joined however the step ends.
#pragma once

#include <new>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace aem::detail {

/// Threads joined when this goes out of scope (declare it after everything they use). A thread the
/// system cannot start (std::thread throws: no memory for its stack, the thread limit reached) is no
/// error: start() returns false, and the caller does that share of the work on the threads it has.
class WorkerThreads {
 public:
  WorkerThreads() = default;
  ~WorkerThreads() { join(); }
  WorkerThreads(const WorkerThreads&) = delete;
  WorkerThreads& operator=(const WorkerThreads&) = delete;

  /// Runs `f` on a new thread; false when none could be started.
  template <class F>
  bool start(F&& f) {
    try {
      threads_.emplace_back(std::forward<F>(f));
      return true;
    } catch (const std::system_error&) {
      return false;
    } catch (const std::bad_alloc&) {
      return false;
    }
  }
  /// Waits for every started thread to finish.
  void join() {
    for (auto& t : threads_) t.join();
    threads_.clear();
  }
  bool empty() const { return threads_.empty(); }

 private:
  std::vector<std::thread> threads_;
};

}  // namespace aem::detail
