#include "support/corpus.hpp"

#include "aem/io.hpp"
#include "core/file.hpp"

#include "support/source_tree.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace aem::test {

std::filesystem::path corpus_root() {
  const char* dir = std::getenv("AEM_CORPUS_DIR");
  return dir && *dir ? std::filesystem::path(dir) : std::filesystem::path();
}

std::vector<std::filesystem::path> files_with_extension(const std::filesystem::path& dir, const std::string& ext) {
  return tree_files(dir, {ext});
}

std::vector<std::byte> read_bytes(const std::filesystem::path& path) {
  auto bytes = detail::read_file(path);
  if (!bytes) throw std::runtime_error(bytes.error().to_string());
  return std::move(bytes).value();
}

void write_file(const std::filesystem::path& path, std::span<const std::byte> bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  write_file(path, std::as_bytes(std::span(text)));
}

bool has_code(const std::vector<Diagnostic>& diagnostics, const std::string& code) {
  return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) { return d.code == code; });
}

std::string shell_quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

int run_cli(const std::string& args, std::string* out) {
  return run_shell(std::string(AEM_CLI_PATH) + " " + args + " 2>&1", out);
}

CliRun run_cli_split(const std::string& args, const std::filesystem::path& dir) {
  const auto out = dir / "stdout.txt", err = dir / "stderr.txt";
  const std::string cmd = std::string(AEM_CLI_PATH) + " " + args + " >'" + out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(cmd.c_str());
  auto slurp = [](const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

int run_shell(const std::string& cmd, std::string* out) {
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return -1;
  std::array<char, 4096> buf;
  std::string text;
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) text.append(buf.data(), n);
  int status = ::pclose(p);
  if (out) *out = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::uint64_t cli_peak_rss(std::vector<std::string> args) {
  args.insert(args.begin(), AEM_CLI_PATH);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  EXPECT_EQ(wait4(pid, &status, 0, &usage), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  return std::uint64_t(usage.ru_maxrss) * 1024;
}

namespace {

/// The folders temp_dir made, removed when the test program ends: a suite run thousands of times (CI,
/// developers) must not fill the temp folder. Only the process that made them removes them, since tests
/// fork children that may exit normally; AEM_KEEP_TEST_FILES keeps them for looking at what a test wrote.
class MadeFolders {
 public:
  ~MadeFolders() {
    if (::getpid() != owner_ || std::getenv("AEM_KEEP_TEST_FILES")) return;
    std::error_code ignored;
    for (const auto& dir : folders_) std::filesystem::remove_all(dir, ignored);
  }

  void add(const std::filesystem::path& dir) {
    const std::lock_guard lock(mutex_);
    folders_.push_back(dir);
  }

 private:
  const pid_t owner_ = ::getpid();
  std::mutex mutex_;
  std::vector<std::filesystem::path> folders_;
};

}  // namespace

std::filesystem::path temp_dir(const std::string& tag) {
  static std::atomic<int> counter{0};
  static MadeFolders made;
  auto dir = std::filesystem::temp_directory_path() /
             ("aem-test-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  made.add(dir);
  return dir;
}

std::filesystem::path gltf_sample(const std::string& name) {
  const std::filesystem::path dir = corpus_root() / "gltf" / name;
  return std::filesystem::exists(dir / (name + ".glb")) ? dir / (name + ".glb") : dir / (name + ".gltf");
}

std::vector<AnimatedFile> animated_corpus_files(const std::filesystem::path& root) {
  std::vector<AnimatedFile> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    auto read = read_scene(entry.path());
    if (!read) continue;
    const bool keys = std::any_of(read->animations.begin(), read->animations.end(), [](const Animation& a) {
      return std::any_of(a.channels.begin(), a.channels.end(), [](const Channel& ch) {
        return !ch.translation.empty() || !ch.rotation.empty() || !ch.scale.empty();
      });
    });
    if (keys) out.push_back({entry.path(), std::move(read.value())});
  }
  return out;
}

Scene read_or_fail(const std::filesystem::path& path) {
  auto scene = read_scene(path);
  if (!scene) {
    ADD_FAILURE() << path << ": " << scene.error().to_string();
    return {};
  }
  return std::move(*scene);
}

}  // namespace aem::test
