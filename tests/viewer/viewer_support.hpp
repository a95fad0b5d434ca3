// Helpers for driving aem-viewer under xvfb-run: running it (with a --script of synthetic input),
// reading its "state ..." lines, comparing screenshots.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <sstream>
#include <string>

#include "render/render_support.hpp"

namespace aem::test {

#define AEM_REQUIRE_XVFB()                                                                                    \
  do {                                                                                                        \
    if (std::system("command -v xvfb-run >/dev/null 2>&1") != 0) GTEST_SKIP() << "xvfb-run is not installed"; \
  } while (0)

/// Runs aem-viewer with `args` under a virtual X server and returns its exit code, its output in
/// `out`. `on_line` (optional) sees each output line as it arrives, while the viewer runs.
inline int run_viewer(const std::string& args, std::string* out, const std::function<void(const std::string&)>& on_line = {}) {
  const std::string cmd = "xvfb-run -a -s '-screen 0 1600x1200x24' " + std::string(AEM_VIEWER_PATH) + " " + args + " 2>&1";
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return -1;
  char buf[4096];
  std::string text;
  while (std::fgets(buf, sizeof buf, p)) {
    text += buf;
    if (on_line) on_line(buf);
  }
  const int status = ::pclose(p);
  if (out) *out = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/// The key=value fields of the `n`th (0-based) "state ..." line of the viewer's output; empty when
/// there is no such line.
inline std::map<std::string, std::string> state_line(const std::string& out, int n) {
  std::istringstream lines(out);
  std::map<std::string, std::string> fields;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("state ", 0) != 0 || n-- > 0) continue;
    std::istringstream words(line.substr(6));
    for (std::string w; words >> w;)
      if (const auto eq = w.find('='); eq != std::string::npos) fields[w.substr(0, eq)] = w.substr(eq + 1);
    break;
  }
  return fields;
}

/// Writes `text` as a script file and returns its path.
inline std::filesystem::path write_script(const std::filesystem::path& dir, const std::string& name, const std::string& text) {
  const auto path = dir / name;
  write_file(path, text);
  return path;
}

}  // namespace aem::test
