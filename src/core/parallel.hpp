// Independent work items spread over threads, for steps whose items share nothing.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace aem::detail {

/// Calls work(i) once for every i in [0, count), on at most `threads` threads (0: one per hardware
/// thread), the calling thread included. Items are taken in order from a shared counter, so results
/// written to slot i do not depend on the thread count. The first exception thrown is rethrown.
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
  std::vector<std::thread> workers;
  for (std::size_t t = 1; t < n; ++t) workers.emplace_back(run, t);
  run(0);
  for (auto& w : workers) w.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace aem::detail
