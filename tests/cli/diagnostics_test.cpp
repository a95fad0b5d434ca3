// How the tool passes the library's diagnostics on: the line and column of a text file in its text and
// its JSON, and a hint naming its own flag or command where the library's message names none (a
// library user has no command line to type them on).
#include <gtest/gtest.h>

#include <limits>

#include "aem/convert.hpp"
#include "aem/io.hpp"
#include "core/side_files.hpp"
#include "support/corpus.hpp"
#include "support/fbx_builder.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;
using test::CliRun;
using test::run_cli_split;

/// True when `text` names a flag of the tool ("--to") or one of its commands ("`aem formats`").
bool names_the_tool(const std::string& text) {
  return text.find("--") != std::string::npos || text.find("`aem ") != std::string::npos;
}

// Line 2 is `  "meshes": [1, 2,, 3]}`; the second comma, where a value should start, is its 19th
// character (tests/gltf/read_json_position_test.cpp counts it out).
TEST(CliDiagnostics, TheLineAndColumnOfATextFileReachTextAndJson) {
  const auto dir = test::temp_dir("cli-column");
  test::write_file(dir / "bad.gltf", std::string("{\"asset\": {\"version\": \"2.0\"},\n  \"meshes\": [1, 2,, 3]}"));
  const CliRun r = run_cli_split("info --json " + test::shell_quoted(dir / "bad.gltf"), dir);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(R"("line":2,"column":19)"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("GLTF_JSON at line 2, column 19"), std::string::npos) << r.err;
}

/// The library's `r` fails with `code` and names no flag or command of the tool, while the tool, run
/// with `args` on the same file, prints each of `expected` on standard error.
template <class T>
void expect_hint_from_the_tool_alone(const Result<T>& r, const char* code, const std::string& args, const fs::path& dir,
                                     std::initializer_list<const char*> expected) {
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, code);
  EXPECT_FALSE(names_the_tool(r.error().to_string())) << r.error().to_string();
  const CliRun run = run_cli_split(args, dir);
  for (const char* text : expected) EXPECT_NE(run.err.find(text), std::string::npos) << text << " not in:\n" << run.err;
}

TEST(CliDiagnostics, AnUnknownOutputFormatIsHintedAtByTheToolAlone) {
  const auto dir = test::temp_dir("cli-hint-output");
  const auto tube = dir / "tube.aem";
  ASSERT_EQ(test::run_cli("example " + test::shell_quoted(tube) + " --rings 3 --segments 4 --joints 2"), 0);
  const auto out = dir / "out.bogus";
  expect_hint_from_the_tool_alone(convert::convert_file(tube, out, {}), "CONVERT_UNKNOWN_OUTPUT",
                                  "convert " + test::shell_quoted(tube) + " " + test::shell_quoted(out), dir,
                                  {"use --to"});
}

TEST(CliDiagnostics, AnUnknownInputFormatIsHintedAtByTheToolAlone) {
  const auto dir = test::temp_dir("cli-hint-input");
  const auto notes = dir / "notes.unknownext";
  test::write_file(notes, std::string("neither a model nor anything else\n"));
  expect_hint_from_the_tool_alone(read_scene(notes), "UNKNOWN_FORMAT", "info " + test::shell_quoted(notes), dir,
                                  {"UNKNOWN_FORMAT", "\nhint: `aem formats`"});
}

TEST(CliDiagnostics, AHintIsGivenOnceForManyFilesWithItsCode) {
  const auto dir = test::temp_dir("cli-hint-once");
  for (const char* name : {"a.unknownext", "b.unknownext", "c.unknownext"})
    test::write_file(dir / name, std::string("neither a model nor anything else\n"));
  const CliRun run =
      run_cli_split("validate " + test::shell_quoted(dir / "a.unknownext") + " " +
                        test::shell_quoted(dir / "b.unknownext") + " " + test::shell_quoted(dir / "c.unknownext"),
                    dir);
  const std::string all = run.out + run.err;
  const auto count = [&](const std::string& text) {
    std::size_t n = 0;
    for (auto at = all.find(text); at != std::string::npos; at = all.find(text, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("UNKNOWN_FORMAT"), 3u) << all;
  EXPECT_EQ(count("hint: `aem formats`"), 1u) << all;
}

// models/escape.obj names ../evil.mtl: outside the model's folder, refused unless --asset-root allows it.
TEST(CliDiagnostics, ARefusedSideFileIsHintedAtByTheToolAlone) {
  const auto dir = test::temp_dir("cli-hint-side-file");
  fs::create_directories(dir / "models");
  test::write_file(dir / "evil.mtl", std::string("newmtl m\nKd 1 0 0\n"));
  test::write_file(dir / "models/escape.obj",
                   std::string("mtllib ../evil.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl m\nf 1 2 3\n"));
  expect_hint_from_the_tool_alone(detail::resolve_side_file(dir / "models", "../evil.mtl", {}), "SIDE_FILE_REFUSED",
                                  "info " + test::shell_quoted(dir / "models/escape.obj"), dir,
                                  {"SIDE_FILE_REFUSED", "\nhint: --asset-root DIR"});
}

// A triangle with a NaN corner: FBX stores doubles as they are, and only the write refuses them.
TEST(CliDiagnostics, ANumberThatIsNotFiniteIsHintedAtByTheToolAlone) {
  const auto dir = test::temp_dir("cli-hint-not-finite");
  test::fbx::Document doc;
  auto& node = doc.nodes.emplace_back();
  node.name = "triangle", node.type = test::fbx::NodeType::Mesh;
  node.mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, std::numeric_limits<double>::quiet_NaN(), 0}};
  node.mesh.polygons = {{0, 1, 2}};
  const auto fbx = dir / "nan.fbx", out = dir / "out.aem";
  test::fbx::write_fbx_file(fbx, doc, test::fbx::Encoding::Binary, 7400);
  expect_hint_from_the_tool_alone(convert::convert_file(fbx, out, {}), "SCENE_NOT_FINITE",
                                  "convert " + test::shell_quoted(fbx) + " " + test::shell_quoted(out), dir,
                                  {"SCENE_NOT_FINITE", "\nhint: `aem validate "});
}

}  // namespace
}  // namespace aem
