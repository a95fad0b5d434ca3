// Formats read through Assimp: the list comes from the Assimp this build compiles against, files
// without a telling extension are recognised by content, a file that crashes Assimp is an error in
// every command instead of a crash, and Assimp is loaded only when a file needs it.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>

#include "aem/io.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

const std::filesystem::path kData = std::filesystem::path(AEM_TEST_DATA_DIR) / "assimp";

TEST(ThirdPartyFormats, ExtensionsAreTheOnesAssimpReports) {
  const FormatHandler* assimp = find_format("assimp");
  ASSERT_NE(assimp, nullptr);
  // Formats Assimp 5.2 reads that a fixed list of 40 once refused.
  for (std::string_view ext : {".amf", ".x3d", ".zae", ".dxf", ".ac3d", ".lxo", ".md5camera", ".xml"}) {
    SCOPED_TRACE(ext);
    EXPECT_NE(std::find(assimp->extensions.begin(), assimp->extensions.end(), ext), assimp->extensions.end());
    EXPECT_EQ(format_for_extension("model" + std::string(ext), FormatUse::Read), assimp);
  }
  EXPECT_GT(assimp->extensions.size(), 60u);
  // Our own readers keep their formats.
  EXPECT_EQ(format_for_extension("a.iqm", FormatUse::Read)->name, "iqm");
}

TEST(ThirdPartyFormats, AmfReadsByExtension) {
  auto scene = read_scene(kData / "triangle.amf");
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_EQ(scene->vertex_count(), 3u);
  EXPECT_EQ(scene->triangle_count(), 1u);
}

TEST(ThirdPartyFormats, FileWithoutExtensionIsRecognisedByContent) {
  const auto dir = test::temp_dir("noext");
  test::write_file(dir / "model", std::string("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\nf 2 4 3\n"));
  auto scene = read_scene(dir / "model");
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_EQ(scene->triangle_count(), 2u);

  test::write_file(dir / "noise", std::string("this is no model at all\n"));
  auto noise = read_scene(dir / "noise");
  ASSERT_FALSE(noise);
  EXPECT_EQ(noise.error().code, "UNKNOWN_FORMAT");
}

TEST(ThirdPartyFormats, CrashInsideAssimpIsAnErrorOfTheLibrary) {
  auto scene = read_scene(kData / "crashes_assimp.md5mesh");
  ASSERT_FALSE(scene);
  EXPECT_EQ(scene.error().code, "READER_CRASHED");
  EXPECT_NE(scene.error().file.find("crashes_assimp.md5mesh"), std::string::npos);
}

TEST(ThirdPartyFormats, CrashInsideAssimpIsAnErrorOfEveryCommand) {
  const auto file = "'" + (kData / "crashes_assimp.md5mesh").string() + "'";
  const auto dir = test::temp_dir("crash");
  for (const std::string command : {"info " + file, "info --json " + file, "validate " + file, "pose --time 0 " + file,
                                    "render -o '" + (dir / "x.png").string() + "' " + file,
                                    "convert " + file + " '" + (dir / "x.aem").string() + "'"}) {
    SCOPED_TRACE(command);
    std::string out;
    EXPECT_EQ(test::run_cli(command, &out), 1) << out;  // an error exit, not a signal (128 + n)
    EXPECT_TRUE(out.find("READER_CRASHED") != std::string::npos || out.find("crashed") != std::string::npos) << out;
  }
}

TEST(ThirdPartyFormats, HangingReaderIsStoppedAtTheTimeout) {
  // A FIFO nobody writes: Assimp blocks reading it forever; the child is killed at the timeout.
  const auto dir = test::temp_dir("hang");
  const auto fifo = dir / "model.obj";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ReadOptions options;
  options.third_party_timeout_seconds = 1.0;
  const std::vector<std::byte> no_bytes;
  auto scene = read_scene(no_bytes, fifo, options);
  ASSERT_FALSE(scene);
  EXPECT_EQ(scene.error().code, "READER_TIMEOUT");
}

TEST(ThirdPartyFormats, PointsAndLinesAreNamedWhenDroppedAndNeverLeaveAnEmptyModel) {
  const auto dir = test::temp_dir("lines");
  test::write_file(dir / "mixed.obj", std::string("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nl 1 2\nl 2 3\n"));
  auto mixed = read_scene(dir / "mixed.obj");
  ASSERT_TRUE(mixed) << mixed.error().to_string();
  EXPECT_EQ(mixed->triangle_count(), 1u);
  EXPECT_TRUE(test::has_code(mixed.warnings, "ASSIMP_PRIMITIVES_DROPPED"));

  test::write_file(dir / "lines.obj", std::string("v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nl 2 3\n"));
  auto lines = read_scene(dir / "lines.obj");
  ASSERT_FALSE(lines);
  EXPECT_EQ(lines.error().code, "ASSIMP_NO_TRIANGLES");
  std::string out;
  EXPECT_EQ(test::run_cli("convert '" + (dir / "lines.obj").string() + "' '" + (dir / "lines.aem").string() + "'", &out), 1);
  EXPECT_FALSE(std::filesystem::exists(dir / "lines.aem")) << "no empty file written";
}

// How one CLI run with `env` before it went: exit code and both streams together.
int run_cli_with(const std::string& env, const std::string& args, std::string* out) {
  return test::run_shell(env + " '" + std::string(AEM_CLI_PATH) + "' " + args + " 2>&1", out);
}

TEST(ThirdPartyFormats, AssimpIsLoadedOnlyWhenAFileNeedsIt) {
  const auto dir = test::temp_dir("lazy-assimp");
  test::write_file(dir / "tri.obj", std::string("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"));
  ASSERT_EQ(test::run_cli("example '" + (dir / "example.aem").string() + "'"), 0);
  // The dynamic loader names every library it initialises, those dlopen loads included.
  std::string native, obj;
  EXPECT_EQ(run_cli_with("LD_DEBUG=libs", "info '" + (dir / "example.aem").string() + "'", &native), 0) << native;
  EXPECT_EQ(native.find("libassimp"), std::string::npos) << native;
  EXPECT_EQ(run_cli_with("LD_DEBUG=libs", "info '" + (dir / "tri.obj").string() + "'", &obj), 0) << obj;
  EXPECT_NE(obj.find("libassimp"), std::string::npos) << obj;
}

TEST(ThirdPartyFormats, WithoutAssimpItsFormatsFailByNameAndOursStillRead) {
  const auto dir = test::temp_dir("no-assimp");
  test::write_file(dir / "tri.obj", std::string("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"));
  ASSERT_EQ(test::run_cli("example '" + (dir / "example.aem").string() + "'"), 0);
  const std::string missing = "AEM_ASSIMP_LIBRARY=/nonexistent/libassimp.so.5";
  std::string out;
  EXPECT_NE(run_cli_with(missing, "info '" + (dir / "tri.obj").string() + "'", &out), 0);
  EXPECT_NE(out.find("ASSIMP_UNAVAILABLE"), std::string::npos) << out;
  EXPECT_NE(out.find("/nonexistent/libassimp.so.5"), std::string::npos) << out;
  // A library that is not Assimp: the first function it lacks is named.
  EXPECT_NE(run_cli_with("AEM_ASSIMP_LIBRARY=libz.so.1", "info '" + (dir / "tri.obj").string() + "'", &out), 0);
  EXPECT_NE(out.find("has no aiImportFileExWithProperties"), std::string::npos) << out;
  // Our own formats, and the list of Assimp's (known at build time), need no Assimp.
  EXPECT_EQ(run_cli_with(missing, "info '" + (dir / "example.aem").string() + "'", &out), 0) << out;
  EXPECT_EQ(run_cli_with(missing, "formats", &out), 0) << out;
  EXPECT_NE(out.find(".fbx"), std::string::npos) << out;
}

}  // namespace
}  // namespace aem
