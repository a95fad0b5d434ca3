// The aem tool's manners (issue 15): unknown commands, help, completion, output folders, standard
// streams, usage errors. Models come from `aem example` with small, hand-countable sizes.
#include <gtest/gtest.h>

#include <fstream>

#include "aem/aem_view.hpp"
#include "aem/io.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

using test::CliRun;
using test::run_cli;
using test::run_cli_split;

/// The example tube with 3 rings of 4 (+1 seam) vertices and 2 joints: 15 vertices, 16 triangles.
std::filesystem::path small_tube(const std::filesystem::path& dir) {
  const auto file = dir / "tube.aem";
  EXPECT_EQ(run_cli("example '" + file.string() + "' --rings 3 --segments 4 --joints 2"), 0);
  return file;
}

TEST(Cli, UnknownCommandIsNamed) {
  std::string out;
  EXPECT_EQ(run_cli("bogus", &out), 2);
  EXPECT_NE(out.find("unknown command 'bogus'"), std::string::npos) << out;
}

TEST(Cli, HelpCommandPrintsWhatHelpOptionPrints) {
  for (const std::string command :
       {"info", "validate", "formats", "convert", "pose", "example", "render", "completion", "manpage"}) {
    std::string via_help, via_option;
    EXPECT_EQ(run_cli("help " + command, &via_help), 0);
    EXPECT_EQ(run_cli(command + " --help", &via_option), 0);
    EXPECT_EQ(via_help, via_option) << command;
    EXPECT_NE(via_help.find("Usage: aem " + command), std::string::npos) << via_help;
  }
  std::string top, top_option;
  EXPECT_EQ(run_cli("help", &top), 0);
  EXPECT_EQ(run_cli("--help", &top_option), 0);
  EXPECT_EQ(top, top_option);
  EXPECT_EQ(run_cli("help bogus"), 2);
}

TEST(Cli, EachCommandParsesItsOwnOptionsWhereverItsNameStands) {
  // The tool defines a command's options only when an argument names the command; an option given
  // before the command, or the command named as another command's file, must still find them.
  const auto dir = test::temp_dir("named_command");
  std::string out;
  EXPECT_EQ(run_cli("example '" + (dir / "tube.aem").string() + "' --rings 3 --segments 4 --joints 2"), 0);
  EXPECT_EQ(run_cli("convert '" + (dir / "tube.aem").string() + "' '" + (dir / "tube.glb").string() +
                    "' --anim-error 0 --no-textures"),
            0);
  EXPECT_TRUE(std::filesystem::exists(dir / "tube.glb"));
  // Without a dashed argument `convert` defines its files alone.
  EXPECT_EQ(run_cli("convert '" + (dir / "tube.aem").string() + "' '" + (dir / "plain.glb").string() + "'"), 0);
  EXPECT_TRUE(std::filesystem::exists(dir / "plain.glb"));
  EXPECT_EQ(run_cli("render --help", &out), 0);
  EXPECT_NE(out.find("--uv-checker"), std::string::npos) << out;
  EXPECT_EQ(run_cli("validate --anim-error 0 convert 2>&1", &out), 2);
  EXPECT_NE(out.find("--anim-error"), std::string::npos) << out;
}

/// Sources the generated completion script in bash and completes `line` (the last word is completed).
std::string complete(const std::filesystem::path& dir, const std::string& line) {
  const auto script = dir / "aem.bash";
  EXPECT_EQ(run_cli("completion > '" + script.string() + "'"), 0);
  const std::string cmd = "cd '" + dir.string() + "' && bash -c 'source ./aem.bash; COMP_WORDS=(" + line +
                          "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _aem; echo \"${COMPREPLY[*]}\"'";
  std::string text;
  test::run_shell(cmd, &text);
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

TEST(Cli, BashCompletionOffersCommandsOptionsAndFiles) {
  const auto dir = test::temp_dir("completion");
  test::write_file(dir / "model.iqe", std::string("# iqe\n"));
  EXPECT_EQ(complete(dir, "aem in"), "info");
  EXPECT_EQ(complete(dir, "aem convert --o"), "--output --out-dir --optimize");
  EXPECT_EQ(complete(dir, "aem info mo"), "model.iqe");
  EXPECT_EQ(complete(dir, "aem help val"), "validate");
}

TEST(Cli, PoseOnAFileWithoutAnimationsSaysSo) {
  const auto dir = test::temp_dir("pose-static");
  const auto tube = small_tube(dir);
  // IQE without animation sections: the converted tube keeps its joints but no animation.
  const auto iqe = dir / "tube.iqe";
  ASSERT_EQ(run_cli("convert '" + tube.string() + "' '" + iqe.string() + "' --no-textures"), 0);
  std::string text;
  {
    std::ifstream in(iqe);
    std::string line;
    while (std::getline(in, line))
      if (line.starts_with("animation") || line.starts_with("frame"))
        break;
      else
        text += line + "\n";
  }
  test::write_file(dir / "still.iqe", text);
  std::string out;
  EXPECT_EQ(run_cli("pose '" + (dir / "still.iqe").string() + "' --time 0", &out), 1);
  EXPECT_NE(out.find("has no animations"), std::string::npos) << out;
  // An animation the file does not have, in a file that has one, is a usage error.
  EXPECT_EQ(run_cli("pose '" + tube.string() + "' --time 0 --anim walk", &out), 2);
  EXPECT_NE(out.find("no animation \"walk\""), std::string::npos) << out;
  // The bind pose is still there to ask for.
  EXPECT_EQ(run_cli("pose '" + (dir / "still.iqe").string() + "' --time 0 --anim -1"), 0);
}

// --sync only changes when the bytes reach the disk (the library's counts of fsync calls are in
// io/streamed_write_test.cpp), for single conversions and manifests alike.
TEST(Cli, SyncWritesTheSameFiles) {
  const auto dir = test::temp_dir("convert-sync");
  const auto tube = small_tube(dir);
  ASSERT_EQ(run_cli("convert '" + tube.string() + "' '" + (dir / "plain/model.iqm").string() + "'"), 0);
  ASSERT_EQ(run_cli("convert --sync '" + tube.string() + "' '" + (dir / "synced/model.iqm").string() + "'"), 0);
  test::write_file(dir / "models.json", "[{\"input\": \"" + tube.string() + "\", \"output\": \"" +
                                            (dir / "listed/model.iqm").string() + "\"}]");
  ASSERT_EQ(run_cli("convert --sync --manifest '" + (dir / "models.json").string() + "'"), 0);
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir / "plain")) {
    ++files;
    for (const char* other : {"synced", "listed"})
      EXPECT_TRUE(test::read_bytes(e.path()) == test::read_bytes(dir / other / e.path().filename()))
          << other << " " << e.path();
  }
  EXPECT_EQ(files, 3);  // the model and its two texture files
}

TEST(Cli, ConvertCreatesMissingOutputFoldersForOneFileAndForMany) {
  const auto dir = test::temp_dir("convert-folders");
  const auto tube = small_tube(dir);
  ASSERT_EQ(run_cli("convert '" + tube.string() + "' '" + (dir / "a/b/one.iqm").string() + "'"), 0);
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "a/b/one.iqm"));
  // Two different inputs (one input twice would be two conversions writing one file: refused).
  std::filesystem::copy_file(tube, dir / "other.aem");
  ASSERT_EQ(run_cli("convert '" + tube.string() + "' '" + (dir / "other.aem").string() + "' --out-dir '" +
                    (dir / "c/d").string() + "' --to iqe"),
            0);
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "c/d/tube.iqe"));
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "c/d/other.iqe"));
  // A folder that cannot be made (a file is in the way) fails before any conversion.
  test::write_file(dir / "blocker", std::string("x"));
  std::string out;
  EXPECT_EQ(run_cli("convert '" + tube.string() + "' '" + (dir / "blocker/x.aem").string() + "'", &out), 1);
  EXPECT_NE(out.find("cannot create the output folder"), std::string::npos) << out;
}

TEST(Cli, OutDirWithOneInput) {
  const auto dir = test::temp_dir("convert-outdir");
  const auto tube = small_tube(dir);
  ASSERT_EQ(run_cli("convert '" + tube.string() + "' --out-dir '" + (dir / "out").string() + "' --to iqm"), 0);
  auto scene = read_scene(dir / "out/tube.iqm");
  ASSERT_TRUE(scene.ok());
  EXPECT_EQ(scene->vertex_count(), 15u);
}

TEST(Cli, DashReadsStandardInputAndWritesStandardOutput) {
  const auto dir = test::temp_dir("convert-stdio");
  const auto tube = small_tube(dir);
  const auto piped = dir / "piped.aem";
  ASSERT_EQ(run_cli("convert - - --to aem < '" + tube.string() + "' > '" + piped.string() + "'"), 0);
  auto model = AemModel::load(piped);
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  EXPECT_EQ(model->view().counts().vertices, 15u);
  EXPECT_EQ(model->view().counts().indices, 16u * 3);
  // Without --to, standard output has no extension to name a format: a usage error.
  EXPECT_EQ(run_cli("convert '" + tube.string() + "' -"), 2);
}

TEST(Cli, UnknownOutputExtensionIsAUsageError) {
  const auto dir = test::temp_dir("convert-ext");
  const auto tube = small_tube(dir);
  const CliRun r = run_cli_split("convert '" + tube.string() + "' '" + (dir / "out.bogus").string() + "'", dir);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--to"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "out.bogus"));
}

// `convert IN OUT` skips CLI11 (main.cpp, plain_convert): it must write what the same conversion
// parsed by CLI11 writes, also for files named like commands, which CLI11 takes as files there.
TEST(Cli, PlainConvertWritesWhatTheParsedFormWrites) {
  const auto dir = test::temp_dir("convert-plain");
  std::filesystem::copy_file(small_tube(dir), dir / "info");
  const std::string in_dir = "cd " + test::shell_quoted(dir) + " && " + test::shell_quoted(AEM_CLI_PATH);
  ASSERT_EQ(test::run_shell(in_dir + " convert info help.glb"), 0);
  ASSERT_EQ(test::run_shell(in_dir + " convert info -o parsed.glb"), 0);
  const auto plain = test::read_bytes(dir / "help.glb");
  EXPECT_FALSE(plain.empty());
  EXPECT_TRUE(plain == test::read_bytes(dir / "parsed.glb"));
}

TEST(Cli, ConvertOfAnEmptyFileNameIsAnErrorNotACrash) {
  const auto dir = test::temp_dir("convert-empty-name");
  std::string out;
  EXPECT_EQ(run_cli("convert '' '" + (dir / "out.glb").string() + "'", &out), 1);
  EXPECT_NE(out.find("IO_OPEN_FAILED"), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(dir / "out.glb"));
}

}  // namespace
}  // namespace aem

namespace aem {
namespace {

// `aem info` on a glTF with two morph targets and a weights animation of 3 keys over 1 s: the mesh
// shows its targets and the frames every output but glTF and E3D gets (1 s at 30 fps, both ends: 31),
// the animation its weight keys, and the JSON names the targets.
TEST(Cli, InfoShowsMorphTargetsAndTheFramesTheyBakeInto) {
  const auto dir = test::temp_dir("info-morph-targets");
  Scene scene;
  Mesh& m = scene.meshes.emplace_back();
  m.name = "face";
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.indices = {0, 1, 2};
  m.targets = {{"smile", {{0, 0, 1}, {0, 0, 0}, {0, 0, 0}}, {}}, {"frown", {{0, 0, -1}, {0, 0, 0}, {0, 0, 0}}, {}}};
  m.target_weights = {0, 0};
  scene.nodes.push_back(Node{.name = "face", .meshes = {0}});
  Animation& a = scene.animations.emplace_back();
  a.name = "talk";
  a.duration = 1;
  a.weight_tracks.push_back({.mesh = 0, .times = {0, 0.5f, 1}, .weights = {0, 0, 1, 0, 0, 1}});
  const auto file = dir / "face.glb";
  const Status written = write_scene(file, scene);
  ASSERT_TRUE(written.ok()) << written.error().to_string();

  const CliRun text = run_cli_split("info '" + file.string() + "'", dir);
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("2 morph targets  31 frames"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("0 keys, 3 morph weight keys"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("vertex animation: 31 frames at 30 fps, baked from the morph targets"), std::string::npos)
      << text.out;
  const CliRun json = run_cli_split("info --json '" + file.string() + "'", dir);
  ASSERT_EQ(json.code, 0) << json.err;
  EXPECT_NE(json.out.find("\"morph_targets\":[\"smile\",\"frown\"]"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"weight_key_count\":3"), std::string::npos) << json.out;
}

}  // namespace
}  // namespace aem
