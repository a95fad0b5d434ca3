// Helpers for the renderer tests: running `aem render`, reading PNGs, comparing with golden images.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/image.hpp"
#include "render/camera.hpp"
#include "render/headless/egl_context.hpp"
#include "render/offscreen.hpp"
#include "render/renderer.hpp"
#include "support/corpus.hpp"

namespace aem::test {

using Png = Image;

/// The PNG at `path` as RGBA, or an empty image when it is missing or cannot be decoded.
inline Png read_png(const std::filesystem::path& path) {
  if (!std::filesystem::is_regular_file(path)) return {};
  const std::vector<std::byte> bytes = read_bytes(path);
  return decode_image({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
}

/// Whether `aem render` can get an OpenGL context here; the reason in `why` when it cannot. Probed
/// once per test program with the built-in example.
inline bool render_available(std::string& why) {
  static const std::string reason = [] {
    const auto dir = temp_dir("render-probe");
    run_cli("example " + (dir / "probe.aem").string());
    std::string out;
    const int code = run_cli(
        "render " + (dir / "probe.aem").string() + " -o " + (dir / "probe.png").string() + " --size 16x16", &out);
    std::filesystem::remove_all(dir);
    return code == 0 ? std::string() : out;
  }();
  why = reason;
  return reason.empty();
}

#define AEM_REQUIRE_RENDER()                                                                  \
  do {                                                                                        \
    std::string why_;                                                                         \
    if (!::aem::test::render_available(why_)) GTEST_SKIP() << "no headless OpenGL: " << why_; \
  } while (0)

/// Fixture for tests that render in-process: a headless context for each test (skipped without one).
class HeadlessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto context = render::HeadlessContext::create();
    if (!context) GTEST_SKIP() << "no headless OpenGL: " << context.error().message;
    context_ = std::move(context.value());
  }
  std::unique_ptr<render::HeadlessContext> context_;
};

/// The scene loaded in `renderer` seen through `camera`, drawn in-process into a width x height image
/// without the grid, on `background` (default: transparent, so the opaque pixels are the model).
inline Png draw_offscreen(render::Renderer& renderer, const render::Camera& camera, int width, int height,
                          Vec4 background = {0, 0, 0, 0}) {
  render::OffscreenTarget target(width, height);
  target.bind();
  render::DrawOptions options;
  options.grid = false;
  options.background = background;
  renderer.draw(camera, width, height, options);
  return {width, height, target.read()};
}

/// Renders `model` with `options` into `png` through the CLI; fails the test on a non-zero exit.
inline void render_to(const std::filesystem::path& model, const std::filesystem::path& png,
                      const std::string& options) {
  std::string out;
  const int code = run_cli("render '" + model.string() + "' -o '" + png.string() + "' " + options, &out);
  ASSERT_EQ(code, 0) << out;
}

struct ImageDifference {
  double mean = 0;       ///< mean absolute difference per channel (0..255)
  double differing = 0;  ///< fraction of pixels with a channel differing by more than 24
};

inline ImageDifference compare(const Png& a, const Png& b) {
  ImageDifference d;
  if (a.width != b.width || a.height != b.height || a.rgba.empty()) return {255, 1};
  std::size_t differing = 0;
  double sum = 0;
  for (std::size_t p = 0; p < a.rgba.size(); p += 4) {
    int worst = 0;
    for (int c = 0; c < 4; ++c) {
      const int diff = std::abs(int(a.rgba[p + c]) - int(b.rgba[p + c]));
      sum += diff;
      worst = std::max(worst, diff);
    }
    if (worst > 24) ++differing;
  }
  d.mean = sum / double(a.rgba.size());
  d.differing = double(differing) / double(a.rgba.size() / 4);
  return d;
}

/// Compares a rendered image with tests/data/render/<golden>: mean difference under 1.5 per channel
/// and under 1% of pixels differing visibly, which tolerates rasteriser rounding (other Mesa versions,
/// antialiasing) but not a moved, missing or differently lit model. AEM_UPDATE_GOLDEN=1 rewrites
/// the golden image instead (look at it before committing).
inline void expect_matches_golden(const std::filesystem::path& rendered, const std::string& golden) {
  const auto golden_path = std::filesystem::path(AEM_TEST_DATA_DIR) / "render" / golden;
  if (std::getenv("AEM_UPDATE_GOLDEN")) {
    std::filesystem::copy_file(rendered, golden_path, std::filesystem::copy_options::overwrite_existing);
    return;
  }
  const Png expected = read_png(golden_path), actual = read_png(rendered);
  ASSERT_FALSE(expected.rgba.empty()) << "missing golden image " << golden_path;
  ASSERT_FALSE(actual.rgba.empty()) << "unreadable render " << rendered;
  const ImageDifference d = compare(expected, actual);
  EXPECT_LT(d.mean, 1.5) << golden << ": mean difference per channel";
  EXPECT_LT(d.differing, 0.01) << golden << ": fraction of visibly different pixels";
}

/// Largest channel difference over the pixels that are opaque, with all eight neighbours, in both images
/// (edges aside, where antialiasing may round apart); `compared` gets how many there are. Same sizes.
inline int interior_difference(const Png& a, const Png& b, int& compared) {
  int worst = 0;
  compared = 0;
  for (int y = 1; y + 1 < a.height; ++y)
    for (int x = 1; x + 1 < a.width; ++x) {
      bool inside = true;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          inside = inside && a.at(x + dx, y + dy)[3] == 255 && b.at(x + dx, y + dy)[3] == 255;
      if (!inside) continue;
      ++compared;
      for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(int(a.at(x, y)[c]) - int(b.at(x, y)[c])));
    }
  return worst;
}

/// Box of the pixels whose alpha is not zero: [x0, x1] x [y0, y1]; x0 > x1 when there are none.
struct PixelBox {
  int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
};
inline PixelBox opaque_box(const Png& png) {
  PixelBox b;
  for (int y = 0; y < png.height; ++y)
    for (int x = 0; x < png.width; ++x)
      if (png.at(x, y)[3] != 0) {
        b.x0 = std::min(b.x0, x), b.x1 = std::max(b.x1, x);
        b.y0 = std::min(b.y0, y), b.y1 = std::max(b.y1, y);
      }
  return b;
}

}  // namespace aem::test
