// glTF corpus models (without the corpus, the skinned quad fixture) converted through E3D (glTF -> E3D -> AEM)
// pose like the same models converted straight to AEM: skins, animations, node transforms and the axis
// change all survive the round trip.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "aem/aem_view.hpp"
#include "aem/animation.hpp"
#include "support/aem_pose.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"
#include "support/point_sets.hpp"

namespace aem {
namespace {

std::filesystem::path convert(const std::filesystem::path& in, const std::filesystem::path& out,
                              const std::string& extra = "") {
  std::string text;
  EXPECT_EQ(test::run_cli("convert " + extra + " " + in.string() + " " + out.string(), &text), 0) << text;
  return out;
}

TEST(E3dCorpus, GltfThroughE3dPosesLikeGltfStraightToAem) {
  auto dir = test::temp_dir("e3d-corpus");
  for (const auto& in : test::corpus_files_or_fixtures(
           {"gltf/RiggedSimple/RiggedSimple.glb", "gltf/CesiumMan/CesiumMan.glb", "gltf/BoxAnimated/BoxAnimated.glb"},
           {"gltf/skinned_quad.glb"})) {
    SCOPED_TRACE(in.string());
    ASSERT_TRUE(std::filesystem::is_regular_file(in)) << "missing: " << in;
    const std::string stem = in.stem().string();
    auto direct = AemModel::load(convert(in, dir / (stem + "_direct.aem")));
    convert(in, dir / (stem + ".e3d"), "--compress");
    auto via = AemModel::load(convert(dir / (stem + ".e3d"), dir / (stem + "_via_e3d.aem")));
    ASSERT_TRUE(direct.ok());
    ASSERT_TRUE(via.ok());
    ASSERT_EQ(via->view().counts().vertices, direct->view().counts().vertices);
    const float duration = direct->view().animations()[0].duration;
    EXPECT_NEAR(via->view().animations()[0].duration, duration, 1.0f / 30.0f);  // E3D keeps whole frames at 30 fps
    for (float f : {0.0f, 0.3f, 0.65f, 1.0f}) {
      const float t = f * duration;
      const auto want = test::aem_posed(direct->view(), 0, t), got = test::aem_posed(via->view(), 0, t);
      Bounds b;
      for (const auto& p : want) b.add(p);
      const float size = std::max({b.max.x - b.min.x, b.max.y - b.min.y, b.max.z - b.min.z});
      // As point sets: the E3D node tree may list BoxAnimated's two instances in the other order.
      const float worst = test::hausdorff(got, want);
      // Key times rounded to 1/30 s and weights to 1/255 move vertices a little; a lost axis change,
      // mirror or skin would move them by the model's size.
      EXPECT_LT(worst, 0.02f * size) << "t = " << t << ", worst " << worst << " of " << size;
    }
  }
}

}  // namespace
}  // namespace aem
