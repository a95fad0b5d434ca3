// Helpers for driving aem-viewer under xvfb-run: running it (with a --script of synthetic input),
// reading its "state ..." lines, comparing screenshots.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
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

/// Runs aem-viewer with `args` under a virtual X server whose screen is `screen` (WIDTHxHEIGHT) and
/// returns its exit code, its output in `out`. `on_line` (optional) sees each output line as it
/// arrives, while the viewer runs.
inline int run_viewer(const std::string& args, std::string* out,
                      const std::function<void(const std::string&)>& on_line = {},
                      const std::string& screen = "1600x1200") {
  const std::string cmd =
      "xvfb-run -a -s '-screen 0 " + screen + "x24' " + std::string(AEM_VIEWER_PATH) + " " + args + " 2>&1";
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

/// The 3D view's pixels in a screenshot: "view=x,y,w,h" of a state line is in GL coordinates
/// (origin bottom left).
inline Png crop_view(const Png& shot, const std::string& view) {
  int x = 0, y = 0, w = 0, h = 0;
  if (std::sscanf(view.c_str(), "%d,%d,%d,%d", &x, &y, &w, &h) != 4 || shot.empty() || x < 0 || y < 0 ||
      x + w > shot.width || y + h > shot.height)
    return {};
  Png out{w, h, std::vector<std::uint8_t>(std::size_t(w) * h * 4)};
  const int top = shot.height - y - h;
  for (int row = 0; row < h; ++row)
    std::copy_n(shot.at(x, top + row), std::size_t(w) * 4, &out.rgba[std::size_t(row) * w * 4]);
  return out;
}

/// Sum of the RGB channels' absolute differences between two pixels.
inline int difference(const std::uint8_t* a, const std::uint8_t* b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

/// Writes `text` as a script file and returns its path.
inline std::filesystem::path write_script(const std::filesystem::path& dir, const std::string& name,
                                          const std::string& text) {
  const auto path = dir / name;
  write_file(path, text);
  return path;
}

}  // namespace aem::test
