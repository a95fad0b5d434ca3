// The glTF reader's skin: every positive weight with its joint, and no joint in a slot whose weight is
// zero (glTF files fill unused slots with joint 0). Checked on scenes written as .glb from known skins.
#include <gtest/gtest.h>

#include "aem/example.hpp"
#include "aem/io.hpp"
#include "gltf/gltf_read_support.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

void expect_skin_read_back(const Scene& scene, const std::string& tag) {
  const auto path = test::temp_dir("gltf-skin-" + tag) / "skin.glb";
  auto written = write_scene(path, scene);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  auto read = read_scene(path);
  ASSERT_TRUE(read.ok()) << read.error().to_string();
  ASSERT_EQ(read->meshes.size(), scene.meshes.size());
  for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
    const auto& want = scene.meshes[m].skin;
    const auto& got = read->meshes[m].skin;
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t v = 0; v < want.size(); ++v) {
      auto w = test::influences(want[v]), g = test::influences(got[v]);
      ASSERT_EQ(g.size(), w.size()) << "mesh " << m << " vertex " << v;
      for (std::size_t i = 0; i < w.size(); ++i) {
        EXPECT_EQ(g[i].first, w[i].first) << "mesh " << m << " vertex " << v;
        EXPECT_NEAR(g[i].second, w[i].second, 1e-6f) << "mesh " << m << " vertex " << v;
      }
      for (int k = 0; k < kMaxInfluences; ++k)
        if (!(got[v].weights[k] > 0))
          EXPECT_EQ(got[v].joints[k], -1) << "mesh " << m << " vertex " << v << " slot " << k;
    }
  }
}

TEST(GltfReadSkin, TwoInfluencesOfFour) { expect_skin_read_back(make_example_scene(), "four"); }

TEST(GltfReadSkin, SixInfluencesInTwoSets) {
  ExampleOptions o;
  o.joints = 8;
  Scene scene = make_example_scene(o);
  // Each vertex gets six equal influences: the second JOINTS/WEIGHTS set is half used.
  for (auto& s : scene.meshes[0].skin)
    for (int k = 0; k < kMaxInfluences; ++k) {
      s.joints[k] = k < 6 ? (k * 3 + 1) % 8 : -1;
      s.weights[k] = k < 6 ? 1.0f / 6 : 0.0f;
    }
  expect_skin_read_back(scene, "six");
}

// The skin is read a block of about 1 MB of accessor bytes at a time: a mesh of 300 000 vertices spans
// several blocks of joints and of weights, and every vertex has its own influences, so a block put in
// the wrong place, or a vertex at a block's edge dropped, shows.
TEST(GltfReadSkin, AManyBlockSkinKeepsEveryVertexsInfluences) {
  ExampleOptions o;
  o.rings = 2344;
  o.segments = 127;
  o.joints = 60;
  Scene scene = make_example_scene(o);
  ASSERT_GT(scene.meshes[0].skin.size(), 300000u);
  std::uint32_t state = 12345;
  const auto next = [&] { return state = state * 1664525u + 1013904223u; };
  for (auto& s : scene.meshes[0].skin) {
    s = SkinInfluences{};
    const int used = 1 + static_cast<int>(next() % 4);
    float sum = 0;
    for (int k = 0; k < used; ++k) {
      s.joints[k] = static_cast<std::int32_t>((next() >> 8) % 60);
      s.weights[k] = 1.0f + static_cast<float>(next() % 1000);
      for (int j = 0; j < k; ++j)
        if (s.joints[j] == s.joints[k]) s.joints[k] = (s.joints[k] + 1 + j) % 60;
      sum += s.weights[k];
    }
    for (int k = 0; k < used; ++k) s.weights[k] /= sum;
  }
  expect_skin_read_back(scene, "blocks");
}

}  // namespace
}  // namespace aem
