// Blend shapes through the converter to outputs with no place for vertex animation (AEM, IQE, IQM):
// they get the rest shape, each channel at the weight the file stores, and one DATA_DROPPED warning
// for the animation, whether the reader kept a channel as a target or baked its in-betweens.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "aem/convert.hpp"
#include "support/corpus.hpp"
#include "fbx/blend_quads.hpp"
#include "support/posed_geometry.hpp"

namespace aem::test {
namespace {

/// quad_with_in_betweens with both channels animated over the take "talk": "lift" (one shape: a target
/// when kept) from 0 to 100 %, "wide" (in-betweens: always baked) from 100 % to 0.
fbx::Document blended_quad() {
  fbx::Document doc = quad_with_in_betweens();
  fbx::Track wide{.node = 0, .channel = fbx::Channel::DeformPercent, .blend_channel = 1};
  wide.components[0] = {{0.0, 100.0}, {2.0, 0.0}};
  doc.takes[0].tracks.push_back(wide);
  return doc;
}

TEST(FbxConvertBlend, OutputsWithoutVertexAnimationGetTheRestShapeAndOneWarning) {
  const auto dir = temp_dir("fbx-convert-blend");
  const auto input = dir / "quad.fbx";
  fbx::write_fbx_file(input, blended_quad(), fbx::Encoding::Binary, 7400);
  // At rest: corner 2 up 25 % of 10 cm; corner 1 out halfway between the in-betweens, 12.5 cm.
  const std::vector<Vec3> rest = {{0, 0, 0}, {0.225f, 0, 0}, {0.1f, 0.1f, 0.025f}, {0, 0.1f, 0}};
  for (const char* ext : {".aem", ".iqm", ".iqe"}) {
    const auto output = dir / (std::string("quad") + ext);
    const auto report = convert::convert_file(input, output, {});
    ASSERT_TRUE(report.ok()) << ext << ": " << report.error().to_string();
    const auto dropped = std::count_if(report.warnings.begin(), report.warnings.end(), [](const Warning& w) {
      return w.code == "DATA_DROPPED" && w.message.starts_with("vertex-animation frames");
    });
    EXPECT_EQ(dropped, 1) << ext;
    const auto back = read_scene(output);
    ASSERT_TRUE(back.ok()) << ext << ": " << back.error().to_string();
    const auto cmp = compare_frame(rest, posed_vertices(back.value(), PoseAt::rest()), 1e-5);
    EXPECT_TRUE(cmp.matched()) << ext << ": " << cmp.distance.larger() << " > " << cmp.limit;
  }
}

}  // namespace
}  // namespace aem::test
