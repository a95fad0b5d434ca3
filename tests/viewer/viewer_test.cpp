// aem-viewer driven under xvfb-run: it opens a model, draws, saves a screenshot and exits 0; a file
// it cannot read is shown as an error (and printed), and the viewer still exits 0.
#include <cstdlib>

#include "viewer_support.hpp"

namespace aem::test {
namespace {

/// Fraction of pixels that differ from the top-right corner's colour (the background there).
double non_background_fraction(const Png& png) {
  const std::uint8_t* bg = png.at(png.width - 1, 0);
  std::size_t count = 0;
  for (int y = 0; y < png.height; ++y)
    for (int x = 0; x < png.width; ++x) {
      const std::uint8_t* p = png.at(x, y);
      if (std::abs(p[0] - bg[0]) + std::abs(p[1] - bg[1]) + std::abs(p[2] - bg[2]) > 30) ++count;
    }
  return double(count) / (double(png.width) * png.height);
}

TEST(Viewer, OpensTheExampleAndSavesAScreenshot) {
  AEM_REQUIRE_XVFB();
  const auto dir = temp_dir("viewer");
  ASSERT_EQ(run_cli("example '" + (dir / "tube.aem").string() + "'"), 0);
  std::string out;
  ASSERT_EQ(run_viewer("'" + (dir / "tube.aem").string() + "' --screenshot '" + (dir / "shot.png").string() +
                           "' --frames 5 --width 640 --height 480",
                       &out),
            0)
      << out;
  const Png shot = read_png(dir / "shot.png");
  ASSERT_EQ(shot.width, 640) << out;
  ASSERT_EQ(shot.height, 480);
  // The panel and the model cover a good part of the window; an empty window would not.
  EXPECT_GT(non_background_fraction(shot), 0.1);
}

TEST(Viewer, OpensCesiumMan) {
  AEM_REQUIRE_XVFB();
  AEM_CORPUS_FILE(model, "gltf/CesiumMan/CesiumMan.glb");
  const auto dir = temp_dir("viewer");
  std::string out;
  ASSERT_EQ(run_viewer("'" + model.string() + "' --screenshot '" + (dir / "shot.png").string() + "' --frames 3", &out),
            0)
      << out;
  EXPECT_GT(non_background_fraction(read_png(dir / "shot.png")), 0.1);
}

TEST(Viewer, HostileFileShowsAnErrorAndExitsCleanly) {
  AEM_REQUIRE_XVFB();
  const auto dir = temp_dir("viewer");
  std::vector<std::byte> junk(4096);
  for (std::size_t i = 0; i < junk.size(); ++i) junk[i] = std::byte(i * 2654435761u >> 11);
  write_file(dir / "x.aem", junk);
  std::string out;
  ASSERT_EQ(
      run_viewer("'" + (dir / "x.aem").string() + "' --screenshot '" + (dir / "shot.png").string() + "' --frames 3",
                 &out),
      0)
      << out;
  EXPECT_NE(out.find("AEM error"), std::string::npos) << out;
  // The error window sits in the middle of the window with its message in red.
  const Png shot = read_png(dir / "shot.png");
  ASSERT_FALSE(shot.rgba.empty());
  int red = 0;
  for (int y = shot.height / 3; y < shot.height * 2 / 3; ++y)
    for (int x = shot.width / 4; x < shot.width * 3 / 4; ++x) {
      const std::uint8_t* p = shot.at(x, y);
      if (p[0] > 180 && p[1] < 150 && p[2] < 150) ++red;
    }
  EXPECT_GT(red, 50) << "no red error text in the middle of the screenshot";
}

}  // namespace
}  // namespace aem::test
