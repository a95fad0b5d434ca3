// aem-read-worker: runs one read for an isolated read_scene (io/isolation.cpp) in a process of its own,
// so that a reader that crashes or hangs on a hostile file takes only this process down. Its command
// line is read_worker_arguments'; the file's bytes come on standard input, up to its end. It exits 0
// once the read has returned, whatever the read found: the caller only learns that it survives.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <vector>

#include "io/read_worker.hpp"

namespace {

/// Standard input up to its end; false when reading it fails.
bool read_standard_input(std::vector<std::byte>& bytes) {
  std::byte block[1 << 16];
  for (;;) {
    const ssize_t n = ::read(STDIN_FILENO, block, sizeof block);
    if (n == 0) return true;
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    bytes.insert(bytes.end(), block, block + n);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const auto request = aem::detail::parse_read_worker_arguments({argv + std::min(argc, 1), argv + argc});
  const aem::FormatHandler* format = request ? aem::find_format(request->format) : nullptr;
  std::vector<std::byte> bytes;
  if (!format || !format->read || !read_standard_input(bytes)) return aem::detail::kReadWorkerUsage;
  (void)format->read(aem::ReadInput{bytes, request->path, request->options});
  return 0;
}
