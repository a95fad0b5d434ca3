// Formats read through Assimp: the list comes from the Assimp this build compiles against, files
// without a telling extension are recognised by content, a file that crashes Assimp is an error of an
// isolated read and of every command instead of a crash, and Assimp is loaded only when a file needs it.
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
  // Our own readers keep their formats, OBJ among them (the FBX reader's, through ufbx).
  EXPECT_EQ(format_for_extension("a.iqm", FormatUse::Read)->name, "iqm");
  EXPECT_EQ(format_for_extension("a.obj", FormatUse::Read)->name, "obj");
  EXPECT_EQ(std::find(assimp->extensions.begin(), assimp->extensions.end(), ".obj"), assimp->extensions.end());
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

TEST(ThirdPartyFormats, CrashInsideAssimpIsAnErrorOfAnIsolatedRead) {
  auto scene = read_scene(kData / "crashes_assimp.md5mesh", ReadOptions{.isolate_third_party = true});
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
  const auto fifo = dir / "model.ply";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const ReadOptions options{.isolate_third_party = true, .third_party_timeout_seconds = 1.0};
  const std::vector<std::byte> no_bytes;
  auto scene = read_scene(no_bytes, fifo, options);
  ASSERT_FALSE(scene);
  EXPECT_EQ(scene.error().code, "READER_TIMEOUT");
}

/// An ASCII PLY of the triangle (0,0,0) (1,0,0) (0,1,0) and the given faces (Assimp takes a face of
/// two corners as a line).
std::string ply(const std::string& faces, int count) {
  return "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face " +
         std::to_string(count) + "\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n" + faces;
}

TEST(ThirdPartyFormats, PointsAndLinesAreNamedWhenDroppedAndNeverLeaveAnEmptyModel) {
  const auto dir = test::temp_dir("lines");
  test::write_file(dir / "mixed.ply", ply("3 0 1 2\n2 0 1\n2 1 2\n", 3));
  auto mixed = read_scene(dir / "mixed.ply");
  ASSERT_TRUE(mixed) << mixed.error().to_string();
  EXPECT_EQ(mixed->triangle_count(), 1u);
  EXPECT_TRUE(test::has_code(mixed.warnings, "ASSIMP_PRIMITIVES_DROPPED"));

  test::write_file(dir / "lines.ply", ply("2 0 1\n2 1 2\n", 2));
  auto lines = read_scene(dir / "lines.ply");
  ASSERT_FALSE(lines);
  EXPECT_EQ(lines.error().code, "ASSIMP_NO_TRIANGLES");
  std::string out;
  EXPECT_EQ(
      test::run_cli("convert '" + (dir / "lines.ply").string() + "' '" + (dir / "lines.aem").string() + "'", &out), 1);
  EXPECT_FALSE(std::filesystem::exists(dir / "lines.aem")) << "no empty file written";
}

// How one CLI run with `env` before it went: exit code and both streams together.
int run_cli_with(const std::string& env, const std::string& args, std::string* out) {
  return test::run_shell(env + " '" + std::string(AEM_CLI_PATH) + "' " + args + " 2>&1", out);
}

/// An ASCII STL of one triangle.
const std::string kTriangleStl =
    "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n";
const std::string kTriangleObj = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";

TEST(ThirdPartyFormats, AssimpIsLoadedOnlyWhenAFileNeedsIt) {
  const auto dir = test::temp_dir("lazy-assimp");
  test::write_file(dir / "tri.stl", kTriangleStl);
  test::write_file(dir / "tri.obj", kTriangleObj);
  ASSERT_EQ(test::run_cli("example '" + (dir / "example.aem").string() + "'"), 0);
  // The dynamic loader names every library it initialises, those dlopen loads included. An OBJ is
  // ours: converting one needs no Assimp, and no child process either.
  for (const std::string command :
       {"info '" + (dir / "example.aem").string() + "'", "info '" + (dir / "tri.obj").string() + "'",
        "convert '" + (dir / "tri.obj").string() + "' '" + (dir / "tri.aem").string() + "'"}) {
    std::string native;
    EXPECT_EQ(run_cli_with("LD_DEBUG=libs", command, &native), 0) << native;
    EXPECT_EQ(native.find("libassimp"), std::string::npos) << command << ": " << native;
  }
  std::string stl;
  EXPECT_EQ(run_cli_with("LD_DEBUG=libs", "info '" + (dir / "tri.stl").string() + "'", &stl), 0) << stl;
  EXPECT_NE(stl.find("libassimp"), std::string::npos) << stl;
}

TEST(ThirdPartyFormats, WithoutAssimpItsFormatsFailByNameAndOursStillRead) {
  const auto dir = test::temp_dir("no-assimp");
  test::write_file(dir / "tri.stl", kTriangleStl);
  test::write_file(dir / "tri.obj", kTriangleObj);
  ASSERT_EQ(test::run_cli("example '" + (dir / "example.aem").string() + "'"), 0);
  const std::string missing = "AEM_ASSIMP_LIBRARY=/nonexistent/libassimp.so.5";
  std::string out;
  EXPECT_NE(run_cli_with(missing, "info '" + (dir / "tri.stl").string() + "'", &out), 0);
  EXPECT_NE(out.find("ASSIMP_UNAVAILABLE"), std::string::npos) << out;
  EXPECT_NE(out.find("/nonexistent/libassimp.so.5"), std::string::npos) << out;
  // A library that is not Assimp: the first function it lacks is named.
  EXPECT_NE(run_cli_with("AEM_ASSIMP_LIBRARY=libz.so.1", "info '" + (dir / "tri.stl").string() + "'", &out), 0);
  EXPECT_NE(out.find("has no aiImportFileExWithProperties"), std::string::npos) << out;
  // Our own formats, OBJ among them, and the list of Assimp's (known at build time), need no Assimp.
  EXPECT_EQ(run_cli_with(missing, "info '" + (dir / "example.aem").string() + "'", &out), 0) << out;
  EXPECT_EQ(run_cli_with(missing, "info '" + (dir / "tri.obj").string() + "'", &out), 0) << out;
  EXPECT_EQ(run_cli_with(missing, "formats", &out), 0) << out;
  EXPECT_NE(out.find(".fbx"), std::string::npos) << out;
}

}  // namespace
}  // namespace aem
