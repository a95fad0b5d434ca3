// `-` as a file name: standard input or output, staged through a private temporary folder because
// readers and writers work on files (side files, atomic renames).
#pragma once

#include <filesystem>
#include <optional>

namespace aem::cli {

/// A temporary folder removed with the object.
class StagingDir {
 public:
  StagingDir();
  ~StagingDir();
  StagingDir(const StagingDir&) = delete;
  StagingDir& operator=(const StagingDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// Copies all of standard input into `file`; false (with a message) when it cannot.
bool save_stdin(const std::filesystem::path& file);
/// Copies `file` to standard output; false (with a message) when it cannot.
bool send_to_stdout(const std::filesystem::path& file);

}  // namespace aem::cli
