// survives_in_child: fork, let the child run the probe and _exit, watch it through a pipe that closes
// when the child ends (so the wait can time out), then read its exit status.
#include "io/isolation.hpp"

#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

namespace aem::detail {

Status survives_in_child(const std::function<void()>& probe, double timeout_seconds, const std::string& format,
                         const std::string& file) {
  int pipe_ends[2];
  if (::pipe(pipe_ends) != 0) return Ok{};  // no isolation available: the caller reads in process
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(pipe_ends[0]);
    ::close(pipe_ends[1]);
    return Ok{};
  }
  if (child == 0) {
    ::close(pipe_ends[0]);
    probe();
    ::_exit(0);  // no atexit handlers or static destructors of the parent's state
  }
  ::close(pipe_ends[1]);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  bool timed_out = true;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd watch{pipe_ends[0], POLLIN, 0};
    const int ready = ::poll(&watch, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (ready > 0) {  // the only event is the write end closing: the child has ended
      timed_out = false;
      break;
    }
  }
  ::close(pipe_ends[0]);
  if (timed_out) ::kill(child, SIGKILL);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out)
    return Error{.code = "READER_TIMEOUT", .format = format, .file = file,
                 .message = "the " + format + " reader did not finish within " + std::to_string(static_cast<int>(timeout_seconds)) +
                     " s and was stopped"};
  if (WIFSIGNALED(status))
    return Error{.code = "READER_CRASHED", .format = format, .file = file,
                 .message = "the " + format + " reader crashed (" + ::strsignal(WTERMSIG(status)) +
                     ") on this file: it is malformed or unsupported"};
  // The child ends with _exit(0) after the probe; any other exit is a crash turned into an exit code
  // by a handler (a sanitizer's, for one).
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
    return Error{.code = "READER_CRASHED", .format = format, .file = file,
                 .message = "the " + format + " reader failed hard (its process exited with code " +
                     std::to_string(WEXITSTATUS(status)) + ") on this file: it is malformed or unsupported"};
  return Ok{};
}

}  // namespace aem::detail
