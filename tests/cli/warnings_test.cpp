// Warnings as the tool prints them: one line per fact. Repeats that differ only in the element they
// name are folded into one line naming a few (every one with -v); a fact two steps meet is told once;
// every line names the file it is about.
#include <gtest/gtest.h>

#include <sstream>

#include "aem/io.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> lines_with(const std::string& text, const std::string& what) {
  std::vector<std::string> found;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.find(what) != std::string::npos) found.push_back(line);
  return found;
}

Mesh triangle(const std::string& name, bool with_uvs) {
  Mesh m;
  m.name = name;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
  if (with_uvs) m.uvs = {{{0, 0}, {1, 0}, {0, 1}}};
  m.indices = {0, 1, 2};
  return m;
}

// IQM's vertex arrays span every mesh: m1-m4, without the UVs m0 has, each get UVs filled in.
TEST(CliWarnings, RepeatsThatDifferOnlyInTheMeshAreToldOnce) {
  const auto dir = test::temp_dir("cli-warnings-fold");
  Scene scene;
  scene.meshes.push_back(triangle("m0", true));
  for (const char* name : {"m1", "m2", "m3", "m4"}) scene.meshes.push_back(triangle(name, false));
  const auto input = dir / "meshes.glb", output = dir / "meshes.iqm";
  ASSERT_TRUE(write_scene(input, scene).ok());
  const std::string args = "convert " + test::shell_quoted(input) + " " + test::shell_quoted(output);

  const test::CliRun folded = test::run_cli_split(args, dir);
  ASSERT_EQ(folded.code, 0) << folded.err;
  const auto filled = lines_with(folded.err, "CONVERT_ARRAY_FILLED");
  ASSERT_EQ(filled.size(), 1u) << folded.err;
  EXPECT_NE(filled[0].find(R"((mesh "m1", mesh "m2", mesh "m3" and 1 more))"), std::string::npos) << filled[0];
  EXPECT_EQ(filled[0].rfind(output.string() + ": ", 0), 0u) << filled[0];

  const test::CliRun every = test::run_cli_split(args + " -v", dir);
  ASSERT_EQ(every.code, 0) << every.err;
  const auto each = lines_with(every.err, "CONVERT_ARRAY_FILLED");
  ASSERT_EQ(each.size(), 4u) << every.err;
  for (std::size_t i = 0; i < each.size(); ++i)
    EXPECT_NE(each[i].find("(mesh \"m" + std::to_string(i + 1) + "\")"), std::string::npos) << each[i];
}

// models/m.obj's material names ../tex.png, outside the model's folder: the reader refuses it, and
// so would the converter's own look for texture files.
TEST(CliWarnings, ARefusedTextureIsToldOnceAndEveryLineNamesItsFile) {
  const auto dir = test::temp_dir("cli-warnings-refused");
  fs::create_directories(dir / "models");
  test::write_file(dir / "models/m.mtl", std::string("newmtl m\nKd 1 1 1\nmap_Kd ../tex.png\n"));
  test::write_file(dir / "models/m.obj", std::string("mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\n"
                                                     "vt 0 1\nusemtl m\nf 1/1 2/2 3/3\n"));
  const auto input = dir / "models/m.obj", output = dir / "m.aem";
  const test::CliRun run =
      test::run_cli_split("convert " + test::shell_quoted(input) + " " + test::shell_quoted(output), dir);
  ASSERT_EQ(run.code, 0) << run.err;
  const auto refused = lines_with(run.err, "SIDE_FILE_REFUSED");
  ASSERT_EQ(refused.size(), 1u) << run.err;
  EXPECT_EQ(refused[0].rfind(input.string() + ": ", 0), 0u) << refused[0];
  const auto missing = lines_with(run.err, "CONVERT_TEXTURE_MISSING");
  ASSERT_EQ(missing.size(), 1u) << run.err;
  EXPECT_EQ(missing[0].rfind(output.string() + ": ", 0), 0u) << missing[0];
}

}  // namespace
}  // namespace aem
