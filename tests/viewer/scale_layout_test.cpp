// aem-viewer at UI scale 2 on a 1600x1000 screen (under xvfb-run): the window grows with the scale
// as far as the screen allows, the panel's and the timeline's controls all fit (none cut at the
// window's edge, also in a window kept at 1280x800), key marks of a 60 fps animation stay apart, and
// the skeleton shows over the wire overlay. The screenshots stay in the test's temporary folder
// (aem-test-viewer-scale-*), to be looked at.
#include <cstdlib>
#include <filesystem>
#include <map>

#include "viewer_support.hpp"

namespace aem::test {
namespace {

/// Length of the longest run of `colour`-like pixels along the image row with the most of them,
/// among rows `first_row`.. the bottom; `runs` gets how many runs that row has.
int longest_run_of(const Png& shot, int first_row, const std::uint8_t colour[3], int& runs) {
  int best_row = -1, best_count = 0;
  const auto like = [&](int x, int y) { return difference(shot.at(x, y), colour) < 60; };
  for (int y = std::max(first_row, 0); y < shot.height; ++y) {
    int count = 0;
    for (int x = 0; x < shot.width; ++x) count += like(x, y);
    if (count > best_count) best_count = count, best_row = y;
  }
  runs = 0;
  int longest = 0, run = 0;
  for (int x = 0; best_row >= 0 && x <= shot.width; ++x) {
    if (x < shot.width && like(x, best_row)) {
      ++run;
      continue;
    }
    if (run > 0) ++runs;
    longest = std::max(longest, run);
    run = 0;
  }
  return longest;
}

/// Pixels of the 3D view (`view` from a state line) that differ visibly between two screenshots.
std::size_t changed_in_view(const Png& a, const Png& b, const std::string& view) {
  const Png va = crop_view(a, view), vb = crop_view(b, view);
  if (va.empty() || vb.empty()) return 0;
  std::size_t changed = 0;
  for (int y = 0; y < va.height; ++y)
    for (int x = 0; x < va.width; ++x) changed += difference(va.at(x, y), vb.at(x, y)) > 60;
  return changed;
}

/// Checks the key marks along the timeline's track in `shot`: separate diamonds at most an em wide
/// (merged, they make bars as long as the gaps between the major ticks), and still many of them.
void expect_separate_key_marks(const Png& shot, std::map<std::string, std::string> state) {
  int view_x = 0, view_y = 0;
  ASSERT_EQ(std::sscanf(state["view"].c_str(), "%d,%d", &view_x, &view_y), 2);
  const std::uint8_t key_colour[3] = {240, 200, 60};  // no joint selected
  int runs = 0;
  const int longest = longest_run_of(shot, shot.height - view_y, key_colour, runs);
  const double em = std::atof(state["font"].c_str());
  EXPECT_GT(longest, 0);
  EXPECT_LE(longest, em) << runs << " runs";
  EXPECT_GE(runs, 20) << "longest " << longest;
}

class ViewerScale : public ::testing::Test {
 protected:
  void SetUp() override {
    AEM_REQUIRE_XVFB();
    dir_ = temp_dir("viewer-scale");
    // The example tube resampled at 60 fps: a key per frame for every joint.
    ASSERT_EQ(run_cli("example '" + (dir_ / "tube.aem").string() + "'"), 0);
    model_ = dir_ / "tube60.iqe";
    std::string out;
    ASSERT_EQ(run_cli("convert '" + (dir_ / "tube.aem").string() + "' '" + model_.string() + "' --fps 60", &out), 0)
        << out;
  }
  std::string shot(const char* name) const { return (dir_ / name).string(); }
  /// Runs the viewer at UI scale 2 on a 1600x1000 screen with `script` (then "print"); returns the
  /// state line's fields.
  std::map<std::string, std::string> run(const std::string& script, const std::string& extra = "") {
    const auto path = write_script(dir_, "script.txt", script + "print\n");
    std::string out;
    EXPECT_EQ(run_viewer("'" + model_.string() + "' --scale 2 --script '" + path.string() + "' " + extra, &out, {},
                         "1600x1000"),
              0)
        << out;
    auto state = state_line(out, 0);
    EXPECT_EQ(state["fps"], "60") << out;
    return state;
  }
  std::filesystem::path dir_, model_;
};

TEST_F(ViewerScale, WindowFollowsTheScaleAndTheSkeletonShowsOverTheWires) {
  // Paused at the start; shaded, then with the skeleton (K), then the wire overlay (W) with and
  // without it.
  auto state = run("wait 3\nkey SPACE\nkey HOME\nwait 2\nscreenshot " + shot("shaded.png") +
                   "\nkey K\nwait 2\nscreenshot " + shot("shaded-skeleton.png") + "\nkey W\nwait 2\nscreenshot " +
                   shot("overlay-skeleton.png") + "\nkey K\nwait 2\nscreenshot " + shot("overlay.png") + "\n");
  ASSERT_FALSE(state.empty());
  // 1280x800 times 2 does not fit: the window takes the whole screen (Xvfb has no panels).
  const Png overlay = read_png(shot("overlay.png"));
  EXPECT_EQ(overlay.width, 1600);
  EXPECT_EQ(overlay.height, 1000);
  // No control reaches past the panel's or the timeline's right edge.
  EXPECT_EQ(state["overflow"], "0,0");
  expect_separate_key_marks(overlay, state);
  // The skeleton changes as many pixels over the wire overlay as over the shaded model (drawn under
  // the overlay, a quarter of it was lost to the edges crossing it).
  const std::size_t over_shaded =
      changed_in_view(read_png(shot("shaded.png")), read_png(shot("shaded-skeleton.png")), state["view"]);
  const std::size_t over_overlay = changed_in_view(overlay, read_png(shot("overlay-skeleton.png")), state["view"]);
  EXPECT_GT(over_shaded, 100u);
  EXPECT_GE(double(over_overlay), 0.95 * double(over_shaded)) << over_overlay << " vs " << over_shaded;
}

TEST_F(ViewerScale, InA1280x800WindowNothingIsCutAndKeyMarksStayApart) {
  // The window the viewer used to open at any scale: the panel and the timeline wrap their rows.
  auto state = run("wait 3\nkey SPACE\nkey HOME\nwait 2\nscreenshot " + shot("1280x800.png") + "\n",
                   "--width 1280 --height 800");
  ASSERT_FALSE(state.empty());
  const Png window = read_png(shot("1280x800.png"));
  EXPECT_EQ(window.width, 1280);
  EXPECT_EQ(state["overflow"], "0,0");
  expect_separate_key_marks(window, state);
}

}  // namespace
}  // namespace aem::test
