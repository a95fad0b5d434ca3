// aem-viewer driven by synthetic input (--script) under xvfb-run, checked through its state lines
// and screenshots: frame stepping, the wireframe overlay, UI scale, live reload, and the copied
// `aem render` command reproducing the view.
#include <cmath>
#include <filesystem>

#include "viewer_support.hpp"

namespace aem::test {
namespace {

int luminance(const std::uint8_t* p) { return (p[0] * 3 + p[1] * 6 + p[2]) / 10; }

/// Pixels that differ from the image's top-right corner (the background colour there).
std::vector<bool> silhouette(const Png& png) {
  std::vector<bool> mask(std::size_t(png.width) * png.height);
  const std::uint8_t* bg = png.at(png.width - 1, 0);
  for (int y = 0; y < png.height; ++y)
    for (int x = 0; x < png.width; ++x) mask[std::size_t(y) * png.width + x] = difference(png.at(x, y), bg) > 30;
  return mask;
}

class ViewerScript : public ::testing::Test {
 protected:
  void SetUp() override {
    AEM_REQUIRE_XVFB();
    dir_ = temp_dir("viewer-script");
    model_ = dir_ / "tube.aem";
    ASSERT_EQ(run_cli("example '" + model_.string() + "'"), 0);
  }
  /// Runs the viewer on the example with `script`; returns its output.
  std::string run(const std::string& script, const std::string& extra = "",
                  const std::function<void(const std::string&)>& on_line = {}) {
    std::string out;
    const auto path = write_script(dir_, "script.txt", script);
    EXPECT_EQ(run_viewer("'" + model_.string() + "' --width 960 --height 640 --script '" + path.string() + "' " + extra,
                         &out, on_line),
              0)
        << out;
    return out;
  }
  std::filesystem::path dir_, model_;
};

TEST_F(ViewerScript, ArrowKeysStepExactlyOneFrame) {
  // Space pauses, Home goes to the start, each Right/Left press moves one frame of the 30 fps
  // timeline (the example's animation has no frame rate of its own).
  const std::string out =
      run("wait 3\nkey SPACE\nkey HOME\nprint\nkey RIGHT\nprint\nkey RIGHT\nprint\nkey LEFT\nprint\n");
  const double times[] = {std::stod(state_line(out, 0)["time"]), std::stod(state_line(out, 1)["time"]),
                          std::stod(state_line(out, 2)["time"]), std::stod(state_line(out, 3)["time"])};
  EXPECT_EQ(state_line(out, 0)["playing"], "0") << out;
  EXPECT_DOUBLE_EQ(times[0], 0.0);
  EXPECT_NEAR(times[1] - times[0], 1.0 / 30.0, 1e-6);
  EXPECT_NEAR(times[2] - times[1], 1.0 / 30.0, 1e-6);
  EXPECT_NEAR(times[3] - times[2], -1.0 / 30.0, 1e-6);
  EXPECT_EQ(state_line(out, 2)["frame"], "2");
}

TEST_F(ViewerScript, OverlayShowsShadingAndLines) {
  // W cycles shaded -> shaded + wire -> wireframe.
  const auto shaded = dir_ / "shaded.png", overlay = dir_ / "overlay.png", wire = dir_ / "wire.png";
  const std::string out =
      run("wait 3\nkey SPACE\nkey HOME\nscreenshot " + shaded.string() + "\nkey W\nwait 2\nscreenshot " +
          overlay.string() + "\nkey W\nwait 2\nscreenshot " + wire.string() + "\nprint\n");
  const std::string view = state_line(out, 0)["view"];
  const Png s = crop_view(read_png(shaded), view), o = crop_view(read_png(overlay), view),
            w = crop_view(read_png(wire), view);
  ASSERT_FALSE(s.empty() || o.empty() || w.empty()) << out;
  // The lit model: pixels the shaded view shows bright (the example is light grey; grid and
  // background are dark).
  std::size_t model = 0, kept_in_overlay = 0, darkened_in_overlay = 0, kept_in_wire = 0;
  for (int y = 0; y < s.height; ++y)
    for (int x = 0; x < s.width; ++x) {
      if (luminance(s.at(x, y)) < 120) continue;
      ++model;
      if (difference(o.at(x, y), s.at(x, y)) < 20) ++kept_in_overlay;
      if (luminance(o.at(x, y)) < luminance(s.at(x, y)) - 80) ++darkened_in_overlay;
      if (difference(w.at(x, y), s.at(x, y)) < 20) ++kept_in_wire;
    }
  ASSERT_GT(model, 5000u);
  // Overlay: most of the shading stays, and dark edge lines cross a good part of it.
  EXPECT_GT(double(kept_in_overlay) / model, 0.4) << darkened_in_overlay << " " << kept_in_overlay << " of " << model;
  EXPECT_GT(double(darkened_in_overlay) / model, 0.1)
      << darkened_in_overlay << " " << kept_in_overlay << " of " << model;
  // Wireframe alone has no shading left to keep.
  EXPECT_LT(double(kept_in_wire) / model, 0.2) << kept_in_wire << " of " << model;
}

/// Height in pixels of the first run of rows, from the top, with at least 4 near-white pixels within
/// the leftmost `width` columns: the x-height of the panel's title "aem viewer" (the dot of the i,
/// narrower, does not count).
int title_text_height(const Png& shot, int width) {
  int first = -1;
  for (int y = 0; y < shot.height; ++y) {
    int bright = 0;
    for (int x = 0; x < width; ++x) bright += luminance(shot.at(x, y)) > 200;
    const bool text = bright >= 4;
    if (text && first < 0) first = y;
    if (!text && first >= 0) return y - first;
  }
  return -1;
}

TEST_F(ViewerScript, ScaleTwoDoublesTheTextHeight) {
  const auto one = dir_ / "one.png", two = dir_ / "two.png", ctrl = dir_ / "ctrl.png";
  run("wait 3\nscreenshot " + one.string() + "\n", "--scale 1");
  run("wait 3\nscreenshot " + two.string() + "\n", "--scale 2");
  const int h1 = title_text_height(read_png(one), 200), h2 = title_text_height(read_png(two), 400);
  ASSERT_GT(h1, 5);
  EXPECT_GE(h2, 2 * h1 - 1) << h1 << " " << h2;
  EXPECT_LE(h2, 2 * h1 + 1) << h1 << " " << h2;
  // Ctrl + grows the UI by 1.25x, Ctrl 0 returns to the monitor's scale (1 under Xvfb).
  const std::string out = run("wait 2\nkey EQUAL ctrl\nwait 2\nprint\nkey 0 ctrl\nwait 2\nprint\n", "--scale 1");
  EXPECT_EQ(state_line(out, 0)["scale"], "1.25") << out;
  EXPECT_EQ(state_line(out, 1)["scale"], "1") << out;
}

TEST_F(ViewerScript, TouchingTheFileReloadsItKeepingTheView) {
  // Paused at frame 3 and zoomed in; then the file is touched (reload), then replaced by junk
  // (a failed reload keeps the model).
  int readies = 0;
  const std::string out = run(
      "wait 3\nkey SPACE\nkey HOME\nkey RIGHT\nkey RIGHT\nkey RIGHT\nscroll 600 300 2\nwait 2\nprint\ncommand\nready\nwait-reload 30\n"
      "print\ncommand\nready\nwait-reload 30\nprint\n",
      "", [&](const std::string& line) {
        if (line.rfind("ready", 0) != 0) return;
        if (++readies == 1) {
          std::filesystem::last_write_time(model_, std::filesystem::last_write_time(model_) + std::chrono::seconds(5));
        } else {
          write_file(model_, std::string("AEM junk that is not a model at all"));
        }
      });
  auto before = state_line(out, 0), reloaded = state_line(out, 1), failed = state_line(out, 2);
  EXPECT_EQ(before["loads"], "1") << out;
  EXPECT_EQ(reloaded["loads"], "2") << out;
  EXPECT_EQ(reloaded["frame"], "3");
  EXPECT_EQ(reloaded["time"], before["time"]);
  EXPECT_EQ(reloaded["triangles"], before["triangles"]);
  EXPECT_EQ(failed["loads"], "3") << out;
  EXPECT_EQ(failed["triangles"], before["triangles"]);
  EXPECT_NE(out.find("AEM error"), std::string::npos) << out;
  // The camera (target, distance, angles) stayed: the reproducing command is the same.
  std::istringstream lines(out);
  std::vector<std::string> commands;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("command ", 0) == 0) commands.push_back(line);
  ASSERT_EQ(commands.size(), 2u) << out;
  EXPECT_EQ(commands[0], commands[1]);
}

TEST_F(ViewerScript, CopiedCommandRendersTheSamePicture) {
  const auto shot = dir_ / "viewer.png", rendered = dir_ / "rendered.png";
  const std::string out =
      run("wait 3\nkey SPACE\nkey HOME\nkey RIGHT\nkey RIGHT\nkey RIGHT\nkey RIGHT\nkey RIGHT\nkey RIGHT\n"
          "scroll 700 300 3\nkey W\nkey G\nwait 2\ncommand\nscreenshot " +
          shot.string() + "\nprint\n");
  std::string command;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("command aem render ", 0) == 0) command = line.substr(std::string("command aem ").size());
  ASSERT_FALSE(command.empty()) << out;
  // The silhouette is the model's: G turns the grid off, and the command says so.
  EXPECT_NE(command.find("--overlay"), std::string::npos) << command;
  EXPECT_NE(command.find("--no-grid"), std::string::npos) << command;
  const auto o = command.find("-o view.png");
  ASSERT_NE(o, std::string::npos) << command;
  command.replace(o, std::string("-o view.png").size(), "-o '" + rendered.string() + "'");
  std::string cli_out;
  ASSERT_EQ(run_cli(command, &cli_out), 0) << command << "\n" << cli_out;

  const Png view = crop_view(read_png(shot), state_line(out, 0)["view"]), cli = read_png(rendered);
  ASSERT_EQ(view.width, cli.width) << out;
  ASSERT_EQ(view.height, cli.height) << out;
  const auto a = silhouette(view), b = silhouette(cli);
  std::size_t both = 0, either = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    both += a[i] && b[i];
    either += a[i] || b[i];
  }
  ASSERT_GT(either, 1000u);
  EXPECT_GE(double(both) / either, 0.98) << both << " / " << either;
}

}  // namespace
}  // namespace aem::test
