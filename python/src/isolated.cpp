#include "isolated.hpp"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "wire.hpp"

namespace aem::python {
namespace {

bool write_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::string read_all(int fd) {
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return bytes;
    bytes.append(buffer, static_cast<std::size_t>(n));
  }
}

/// The child: convert, send the result, end without running the parent's exit handlers.
[[noreturn]] void run_child(int out, pid_t parent, const std::filesystem::path& input, const std::filesystem::path& output,
                            convert::ConvertOptions options) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);  // the parent died before the line above took effect
  // A crash ends this process by its signal: the interpreter's handlers (faulthandler) are not run here.
  for (const int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) ::signal(sig, SIG_DFL);
  options.read.isolate_third_party = false;  // this process is the isolation
  const bool sent = write_all(out, encode(convert::convert_file(input, output, options)));
  ::_exit(sent ? 0 : 1);
}

Error crashed(const std::filesystem::path& input, int status) {
  const std::string how = WIFSIGNALED(status) ? std::string("by the signal ") + ::strsignal(WTERMSIG(status))
                                              : "with exit code " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return Error{"CONVERT_CRASHED", {}, input.string(), {}, {}, {},
               "the conversion's process ended " + how + " before it finished: the file is malformed or needs more memory than there is"};
}

}  // namespace

Result<convert::ConvertReport> convert_in_child(const std::filesystem::path& input, const std::filesystem::path& output,
                                                const convert::ConvertOptions& options) {
  int ends[2];
  if (::pipe2(ends, O_CLOEXEC) != 0)
    return Error{"INTERNAL_ERROR", {}, input.string(), {}, {}, {}, std::string("no pipe for the conversion's process: ") + ::strerror(errno)};
  const pid_t parent = ::getpid();
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(ends[0]);
    ::close(ends[1]);
    return Error{"INTERNAL_ERROR", {}, input.string(), {}, {}, {}, std::string("no process for the conversion: ") + ::strerror(errno)};
  }
  if (child == 0) {
    ::close(ends[0]);
    run_child(ends[1], parent, input, output, options);
  }
  ::close(ends[1]);
  const std::string bytes = read_all(ends[0]);
  ::close(ends[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  auto result = decode(bytes);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !result) return crashed(input, status);
  return *std::move(result);
}

}  // namespace aem::python
