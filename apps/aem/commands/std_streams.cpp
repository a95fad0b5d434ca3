#include "commands/std_streams.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>

namespace aem::cli {

StagingDir::StagingDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "aem-XXXXXX").string();
  if (::mkdtemp(pattern.data())) path_ = pattern;
}

StagingDir::~StagingDir() {
  std::error_code ec;
  if (!path_.empty()) std::filesystem::remove_all(path_, ec);
}

bool save_stdin(const std::filesystem::path& file) {
  std::ofstream out(file, std::ios::binary);
  out << std::cin.rdbuf();
  if (!out.flush() || std::cin.bad()) {
    fmt::print(stderr, "error: cannot read standard input\n");
    return false;
  }
  return true;
}

bool send_to_stdout(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::fflush(stdout);
  if (!in || !(std::cout << in.rdbuf()) || !std::cout.flush()) {
    fmt::print(stderr, "error: cannot write standard output\n");
    return false;
  }
  return true;
}

}  // namespace aem::cli
