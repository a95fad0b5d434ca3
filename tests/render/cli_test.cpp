// `aem render` errors: unreadable input, bad options.
#include "render/render_support.hpp"

namespace aem::test {
namespace {

TEST(RenderCli, HostileFileIsAnErrorNotACrash) {
  const auto dir = temp_dir("render-cli");
  std::vector<std::byte> junk(4096);
  for (std::size_t i = 0; i < junk.size(); ++i) junk[i] = std::byte(i * 2654435761u >> 13);
  write_file(dir / "x.aem", junk);
  std::string out;
  EXPECT_EQ(run_cli("render '" + (dir / "x.aem").string() + "' -o '" + (dir / "x.png").string() + "'", &out), 1) << out;
  EXPECT_NE(out.find("error"), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(dir / "x.png"));
}

TEST(RenderCli, MissingFileIsAnError) {
  std::string out;
  EXPECT_EQ(run_cli("render /nonexistent/model.aem -o /tmp/never.png", &out), 1) << out;
}

// glvnd finds no EGL vendor through a missing vendor file: as on a machine without Mesa's EGL.
TEST(RenderCli, NoOpenGlIsAClearError) {
  const auto dir = temp_dir("render-cli");
  const auto model = (dir / "tube.aem").string();
  ASSERT_EQ(run_cli("example " + model), 0);
  ::setenv("__EGL_VENDOR_LIBRARY_FILENAMES", "/nonexistent/egl_vendor.json", 1);
  std::string out;
  const int code = run_cli("render " + model + " -o " + (dir / "x.png").string(), &out);
  ::unsetenv("__EGL_VENDOR_LIBRARY_FILENAMES");
  EXPECT_EQ(code, 1) << out;
  EXPECT_NE(out.find("no OpenGL 3.3 core context"), std::string::npos) << out;
}

TEST(RenderCli, BadOptionsAreUsageErrors) {
  const auto dir = temp_dir("render-cli");
  const auto model = (dir / "tube.aem").string();
  ASSERT_EQ(run_cli("example " + model), 0);
  std::string out;
  EXPECT_EQ(run_cli("render " + model + " -o x.png --size 0x10", &out), 2) << out;
  EXPECT_EQ(run_cli("render " + model + " -o x.png --size big", &out), 2) << out;
  EXPECT_EQ(run_cli("render " + model + " -o x.png --background red", &out), 2) << out;
  EXPECT_EQ(run_cli("render " + model + " -o x.png --anim nosuch", &out), 2) << out;
  EXPECT_EQ(run_cli("render " + model + " -o x.png --time nan", &out), 2) << out;
  EXPECT_EQ(run_cli("render " + model + " -o x.png --yaw inf", &out), 2) << out;
}

}  // namespace
}  // namespace aem::test
