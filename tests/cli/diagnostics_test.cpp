// How the tool passes the library's diagnostics on: the line and column of a text file in its text and
// its JSON.
#include <gtest/gtest.h>

#include "aem/io.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;
using test::CliRun;
using test::run_cli_split;

// Line 2 is `  "meshes": [1, 2,, 3]}`; the second comma, where a value should start, is its 19th
// character (tests/gltf/gltf_read_json_position_test.cpp counts it out).
TEST(CliDiagnostics, TheLineAndColumnOfATextFileReachTextAndJson) {
  const auto dir = test::temp_dir("cli-column");
  test::write_file(dir / "bad.gltf", std::string("{\"asset\": {\"version\": \"2.0\"},\n  \"meshes\": [1, 2,, 3]}"));
  const CliRun r = run_cli_split("info --json " + test::shell_quoted(dir / "bad.gltf"), dir);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(R"("line":2,"column":19)"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("GLTF_JSON at line 2, column 19"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace aem
