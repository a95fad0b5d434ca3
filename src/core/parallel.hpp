// Independent work items spread over threads, for steps whose items share nothing.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

#include "core/worker_threads.hpp"

namespace aem::detail {

/// Calls work(i) once for every i in [0, count), on at most `threads` threads (0: one per hardware
/// thread), the calling thread included; fewer when the system cannot start more. Items are taken in
/// order from a shared counter, so results written to slot i do not depend on the thread count. The
/// first exception thrown is rethrown.
template <class Work>
void parallel_for(std::size_t count, unsigned threads, Work&& work) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t n = std::min<std::size_t>(threads, count);
  std::atomic<std::size_t> next{0};
  std::vector<std::exception_ptr> errors(std::max<std::size_t>(n, 1));
  auto run = [&](std::size_t part) {
    try {
      for (std::size_t i = next++; i < count; i = next++) work(i);
    } catch (...) {
      errors[part] = std::current_exception();
      next = count;
    }
  };
  WorkerThreads workers;
  for (std::size_t t = 1; t < n; ++t)
    if (!workers.start([&run, t] { run(t); })) break;  // the threads that did start share the rest
  run(0);
  workers.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace aem::detail
