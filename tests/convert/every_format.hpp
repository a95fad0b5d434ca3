// Shared check of the convert-path repairs: a source converts to every format aem writes, each output
// reads back and validates, and the conversion reported the repair.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "aem/convert.hpp"
#include "aem/io.hpp"
#include "aem/validate.hpp"

namespace aem::test {

/// Converts `input` into `dir` once per writable format; expects a warning `code` whose message
/// contains `mention`, and an output that reads back and passes validate_scene.
inline void expect_valid_in_every_format(const std::filesystem::path& input, const std::filesystem::path& dir,
                                         const std::string& code, const std::string& mention = "") {
  for (const FormatHandler& f : supported_formats()) {
    if (!f.write) continue;
    SCOPED_TRACE(std::string(f.name));
    const auto output = dir / (std::string("out") + std::string(f.extensions.front()));
    const auto converted = convert::convert_file(input, output, {});
    ASSERT_TRUE(converted.ok()) << converted.error().to_string();
    EXPECT_TRUE(std::any_of(converted.warnings.begin(), converted.warnings.end(), [&](const Warning& w) {
      return w.code == code && w.message.find(mention) != std::string::npos;
    }));
    const auto back = read_scene(output);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    const SceneReport report = validate_scene(back.value());
    EXPECT_TRUE(report.valid()) << (report.errors.empty() ? "" : report.errors.front().to_string());
  }
}

}  // namespace aem::test
