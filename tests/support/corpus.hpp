// Access to ../shared/corpus for tests, through the one setting AEM_CORPUS_DIR.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "aem/error.hpp"
#include "aem/scene.hpp"

namespace aem::test {

/// The corpus root, or an empty path when AEM_CORPUS_DIR is unset (callers then GTEST_SKIP).
std::filesystem::path corpus_root();

/// Path of a corpus file. Skips the test (via the macro below) when the corpus is not configured;
/// fails it when the corpus is configured but the file is missing.
#define AEM_CORPUS_FILE(var, relative)                                                    \
  std::filesystem::path var;                                                              \
  do {                                                                                    \
    auto root_ = ::aem::test::corpus_root();                                              \
    if (root_.empty()) GTEST_SKIP() << "AEM_CORPUS_DIR is not set; corpus tests skipped"; \
    var = root_ / (relative);                                                             \
    ASSERT_TRUE(std::filesystem::is_regular_file(var)) << "corpus file missing: " << var; \
  } while (0)

/// Every file under corpus/<folder> with the extension (e.g. ".aem"); same skip/fail rule.
#define AEM_CORPUS_FILES(var, folder, ext)                                                \
  std::vector<std::filesystem::path> var;                                                 \
  do {                                                                                    \
    auto root_ = ::aem::test::corpus_root();                                              \
    if (root_.empty()) GTEST_SKIP() << "AEM_CORPUS_DIR is not set; corpus tests skipped"; \
    var = ::aem::test::files_with_extension(root_ / (folder), ext);                       \
    ASSERT_FALSE(var.empty()) << "no " << ext << " files in " << (root_ / (folder));      \
  } while (0)

std::vector<std::filesystem::path> files_with_extension(const std::filesystem::path& dir, const std::string& ext);

/// The corpus's glTF sample `name`: gltf/<name>/<name>.glb, else its .gltf.
std::filesystem::path gltf_sample(const std::string& name);

/// `path` read; an empty scene and a failed expectation (naming the file and the error) when it cannot be.
Scene read_or_fail(const std::filesystem::path& path);

/// A corpus file that reads into a scene with at least one animation key, and that scene.
struct AnimatedFile {
  std::filesystem::path path;
  Scene scene;
};
/// Every such file under `root` (files that do not read are left out).
std::vector<AnimatedFile> animated_corpus_files(const std::filesystem::path& root);

/// Whole file as bytes (test fails via exception message if unreadable).
std::vector<std::byte> read_bytes(const std::filesystem::path& path);

/// Writes bytes (or text) to a file, replacing it.
void write_file(const std::filesystem::path& path, std::span<const std::byte> bytes);
void write_file(const std::filesystem::path& path, const std::string& text);

/// True when a diagnostic with `code` is among `diagnostics`.
bool has_code(const std::vector<Diagnostic>& diagnostics, const std::string& code);

/// `path` in single quotes, as one word of a shell command line (a path holding a ' is not supported).
std::string shell_quoted(const std::filesystem::path& path);
/// Runs the aem CLI with `args` (shell-quoted by the caller); returns the exit code, output in `out`.
int run_cli(const std::string& args, std::string* out = nullptr);
/// Exit code, standard output and standard error of one run of the aem CLI.
struct CliRun {
  int code = 0;
  std::string out, err;
};
/// Runs the aem CLI with `args` (shell-quoted by the caller), standard output and error kept apart
/// (in files under `dir`).
CliRun run_cli_split(const std::string& args, const std::filesystem::path& dir);
/// Peak resident memory of one run of the aem CLI with `args` (bytes), its output discarded; the run
/// must succeed.
std::uint64_t cli_peak_rss(std::vector<std::string> args);
/// Runs a shell command line; returns its exit code, its standard output in `out`.
int run_shell(const std::string& cmd, std::string* out = nullptr);

/// A fresh empty directory under the system temp dir, unique per call; removed with its contents when the
/// test program exits (kept when AEM_KEEP_TEST_FILES is set).
std::filesystem::path temp_dir(const std::string& tag);

}  // namespace aem::test
