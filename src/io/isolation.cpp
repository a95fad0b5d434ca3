// survives_in_child: the read worker started with posix_spawn (a fork would copy this process's locks
// in whatever state its other threads hold them), the input's bytes sent through a socket that is the
// worker's standard input. The worker never writes to it, so its end of file says the worker has ended
// (the wait can time out); its exit status then says how.
#include "io/isolation.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>

#include "io/read_worker.hpp"

extern char** environ;

namespace aem::detail {
namespace {

using Clock = std::chrono::steady_clock;

/// A file descriptor, closed when this goes.
struct OwnedFd {
  int fd = -1;
  ~OwnedFd() { close(); }
  void close() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

/// True once `fd` is ready for `events` (or in error: the next call on it says which), false when
/// `deadline` passes first.
bool ready(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    pollfd watch{fd, events, 0};
    const int got = ::poll(&watch, 1, static_cast<int>(std::min<long long>(left, INT_MAX)));
    if (got > 0) return true;
    if (got < 0 && errno != EINTR) return false;
  }
}

/// Sends `bytes` to the worker, then waits for its end of the socket to close; false when `deadline`
/// passes first. A worker that ends before it has read everything ends the sending.
bool worker_ended(int socket, std::span<const std::byte> bytes, Clock::time_point deadline) {
  for (std::size_t sent = 0; sent < bytes.size();) {
    if (!ready(socket, POLLOUT, deadline)) return false;
    const ssize_t n = ::send(socket, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
    if (n < 0) break;  // EPIPE, ECONNRESET: the worker has gone, its exit status says how
    sent += static_cast<std::size_t>(n);
  }
  ::shutdown(socket, SHUT_WR);
  for (char ignored;;) {
    if (!ready(socket, POLLIN, deadline)) return false;
    const ssize_t n = ::recv(socket, &ignored, 1, MSG_DONTWAIT);
    if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) return true;
  }
}

/// Starts `worker` with `arguments`, `input` as its standard input, /dev/null as its standard output,
/// no signal blocked and the crash signals at their defaults; the child's id, or -1 with errno set.
pid_t spawn(const std::filesystem::path& worker, const std::vector<std::string>& arguments, int input) {
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO);
  ::posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attributes;
  ::posix_spawnattr_init(&attributes);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (const int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGPIPE}) sigaddset(&defaults, sig);
  ::posix_spawnattr_setsigmask(&attributes, &none);
  ::posix_spawnattr_setsigdefault(&attributes, &defaults);
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> argv{const_cast<char*>(worker.c_str())};
  for (const auto& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t child = -1;
  const int failed = ::posix_spawn(&child, worker.c_str(), &actions, &attributes, argv.data(), environ);
  ::posix_spawnattr_destroy(&attributes);
  ::posix_spawn_file_actions_destroy(&actions);
  if (failed != 0) {
    errno = failed;
    return -1;
  }
  return child;
}

Error worker_failed(const std::string& file, const std::string& why) {
  return Error{.code = "READ_WORKER_FAILED", .file = file, .message = "the isolated read could not run: " + why};
}

}  // namespace

Status survives_in_child(const ReadInput& input, std::string_view format, const std::string& reader) {
  const std::string file = input.path.string();
  auto worker = find_read_worker(input.options, file);
  if (!worker) return worker.error();
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
    return worker_failed(file, std::string("no socket to it: ") + ::strerror(errno));
  OwnedFd ours{ends[0]}, theirs{ends[1]};
  const std::vector<std::string> arguments = read_worker_arguments({std::string(format), input.path, input.options});
  const pid_t child = spawn(worker.value(), arguments, theirs.fd);
  if (child < 0) return worker_failed(file, worker->string() + " did not start: " + ::strerror(errno));
  theirs.close();  // the worker's copy alone keeps its end open
  const double timeout = input.options.third_party_timeout_seconds;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout));
  const bool ended = worker_ended(ours.fd, input.bytes, deadline);
  if (!ended) ::kill(child, SIGKILL);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (!ended)
    return Error{.code = "READER_TIMEOUT",
                 .format = reader,
                 .file = file,
                 .message = "the " + reader + " reader did not finish within " +
                            std::to_string(static_cast<int>(timeout)) + " s and was stopped"};
  if (WIFSIGNALED(status))
    return Error{.code = "READER_CRASHED",
                 .format = reader,
                 .file = file,
                 .message = "the " + reader + " reader crashed (" + ::strsignal(WTERMSIG(status)) +
                            ") on this file: it is malformed or unsupported"};
  if (WIFEXITED(status) && WEXITSTATUS(status) == kReadWorkerUsage)
    return worker_failed(file, worker->string() + " refused its command line (is it another version's?)");
  // The worker exits 0 once the read has returned; any other exit is a crash turned into an exit code
  // by a handler (a sanitizer's, for one).
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
    return Error{.code = "READER_CRASHED",
                 .format = reader,
                 .file = file,
                 .message = "the " + reader + " reader failed hard (its process exited with code " +
                            std::to_string(WEXITSTATUS(status)) + ") on this file: it is malformed or unsupported"};
  return Ok{};
}

}  // namespace aem::detail
