#include "isolated.hpp"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "aem/build_cache.hpp"
#include "wire.hpp"

namespace aem::python {
namespace {

bool send_all(int fd, const void* data, std::size_t size) {
  const char* bytes = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::send(fd, bytes, size, MSG_NOSIGNAL);  // a dead peer is an error, not SIGPIPE
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes += n, size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool receive_all(int fd, void* data, std::size_t size) {
  char* bytes = static_cast<char*>(data);
  while (size > 0) {
    const ssize_t n = ::recv(fd, bytes, size, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes += n, size -= static_cast<std::size_t>(n);
  }
  return true;
}

/// A message: its length (8 bytes, native order: both ends are one program), then its bytes.
bool send_message(int fd, const std::string& text) {
  const std::uint64_t size = text.size();
  return send_all(fd, &size, sizeof size) && send_all(fd, text.data(), text.size());
}

bool receive_message(int fd, std::string& text) {
  std::uint64_t size = 0;
  if (!receive_all(fd, &size, sizeof size) || size > (1ull << 32)) return false;
  text.resize(size);
  return receive_all(fd, text.data(), size);
}

/// The child: converts each (input, output) request with `options` until the socket closes; ends
/// without running the parent's exit handlers.
[[noreturn]] void serve(int socket, pid_t parent, convert::ConvertOptions options) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);  // the parent died before the line above took effect
  // A crash ends this process by its signal: the interpreter's handlers (faulthandler) are not run here.
  for (const int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) ::signal(sig, SIG_DFL);
  options.read.isolate_third_party = false;  // this process is the isolation
  // Only this socket: a copy of another child's socket held here would keep that child from seeing its
  // end (and the parent waiting for it).
  socket = ::dup2(socket, 3);
  ::close_range(4, ~0u, 0);
  std::string input, output;
  while (receive_message(socket, input) && receive_message(socket, output))
    if (!send_message(socket, encode(convert::convert_file(input, output, options)))) break;
  ::_exit(0);
}

Error crashed(const std::filesystem::path& input, int status) {
  const std::string how = WIFSIGNALED(status)
                              ? std::string("by the signal ") + ::strsignal(WTERMSIG(status))
                              : "with exit code " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return Error{.code = "CONVERT_CRASHED",
               .file = input.string(),
               .message = "the conversion's process ended " + how +
                          " before it finished: the file is malformed or needs more memory than there is"};
}

Error no_process(const std::filesystem::path& input, const char* what) {
  return Error{.code = "INTERNAL_ERROR", .file = input.string(), .message = std::string(what) + ::strerror(errno)};
}

/// One serving child and this end of its socket.
class Child {
 public:
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child() {
    if (pid_ < 0) return;  // ended and waited for by convert()
    ::close(socket_);      // the child's end of the socket reads end-of-file: the child ends
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }

  /// A new child serving `options`, or the error that stopped it.
  static Result<std::unique_ptr<Child>> start(const convert::ConvertOptions& options,
                                              const std::filesystem::path& input) {
    int ends[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
      return no_process(input, "no socket for the conversion's process: ");
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
      ::close(ends[0]);
      ::close(ends[1]);
      return no_process(input, "no process for the conversion: ");
    }
    if (pid == 0) {
      ::close(ends[0]);
      serve(ends[1], parent, options);
    }
    ::close(ends[1]);
    return std::unique_ptr<Child>(new Child(pid, ends[0]));
  }

  /// True while the child has not ended (it may have been killed with the thread that forked it).
  bool alive() {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == 0) return true;
    ::close(socket_);
    pid_ = -1;  // reaped: its number may be another process's now
    return false;
  }

  /// The conversion's result; nullopt when the child ended on the way (its status then in `status`).
  std::optional<Result<convert::ConvertReport>> convert(const std::filesystem::path& input,
                                                        const std::filesystem::path& output, int& status) {
    std::string reply;
    if (send_message(socket_, input.string()) && send_message(socket_, output.string()) &&
        receive_message(socket_, reply))
      if (auto result = decode(reply)) return result;
    ::close(socket_);
    socket_ = -1;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    return std::nullopt;
  }

 private:
  Child(pid_t pid, int socket) : pid_(pid), socket_(socket) {}
  pid_t pid_;
  int socket_;
};

/// Idle children by the options they serve (cache_key's text without real paths names every option a
/// conversion's bytes depend on; sync is added, since it changes what the child does).
std::mutex idle_mutex;
std::map<std::string, std::vector<std::unique_ptr<Child>>> idle;

std::string options_key(const convert::ConvertOptions& options) {
  return convert::cache_key("/", "/", options) + (options.write.sync ? "\nsync" : "");
}

std::unique_ptr<Child> take_idle(const std::string& key) {
  std::lock_guard lock(idle_mutex);
  auto& children = idle[key];
  if (children.empty()) return nullptr;
  std::unique_ptr<Child> child = std::move(children.back());
  children.pop_back();
  return child;
}

}  // namespace

Result<convert::ConvertReport> convert_in_child(const std::filesystem::path& input, const std::filesystem::path& output,
                                                const convert::ConvertOptions& options) {
  const std::string key = options_key(options);
  std::unique_ptr<Child> child;
  while ((child = take_idle(key)) && !child->alive()) {
  }
  if (!child) {
    auto started = Child::start(options, input);
    if (!started) return started.error();
    child = std::move(started.value());
  }
  int status = 0;
  auto result = child->convert(input, output, status);
  if (!result) return crashed(input, status);
  std::lock_guard lock(idle_mutex);
  idle[key].push_back(std::move(child));
  return *std::move(result);
}

}  // namespace aem::python
