// The glTF writer bakes a node's placement into the vertices of a skinned mesh it places (glTF draws
// skinned meshes where their joints put them), and writes the scene as it is when no node moves one.
#include <gtest/gtest.h>

#include "aem/example.hpp"
#include "formats/gltf/gltf_format.hpp"
#include "gltf/gltf_write_support.hpp"

namespace aem {
namespace {

Scene through_glb(const Scene& scene) {
  WriteOptions options;
  options.output_name = "placed.glb";
  auto out = formats::gltf_write_files(scene, options);
  EXPECT_TRUE(out.ok());
  auto back = formats::gltf_read(ReadInput{out->main, "placed.glb", {}});
  EXPECT_TRUE(back.ok()) << (back.ok() ? "" : back.error().to_string());
  return back.ok() ? std::move(back.value()) : Scene{};
}

void expect_same_bind_pose(const Scene& want, const Scene& got) {
  const auto w = test::posed_scene(want, -1, 0.0f), g = test::posed_scene(got, -1, 0.0f);
  ASSERT_EQ(g.size(), w.size());
  for (std::size_t v = 0; v < w.size(); ++v) ASSERT_LT(length(g[v] - w[v]), 1e-5f) << "vertex " << v;
}

Scene tube_placed_by(std::vector<Transform> placements) {
  Scene s = make_example_scene({.segments = 8, .rings = 4, .joints = 2});
  s.nodes.clear();
  for (std::size_t i = 0; i < placements.size(); ++i)
    s.nodes.push_back(Node{"n" + std::to_string(i), -1, placements[i], {0}});
  return s;
}

TEST(GltfWritePlacement, AMovedSkinnedInstanceIsBakedAndTheUnmovedOneKept) {
  const Scene s = tube_placed_by({Transform{}, Transform{{3.0f, 0.0f, -1.0f}}});
  const Scene back = through_glb(s);
  EXPECT_EQ(back.meshes.size(), 2u);  // the moved instance gets its own baked copy
  expect_same_bind_pose(s, back);
}

TEST(GltfWritePlacement, UnmovedSkinnedInstancesAreWrittenAsTheyAre) {
  const Scene s = tube_placed_by({Transform{}});
  const Scene back = through_glb(s);
  EXPECT_EQ(back.meshes.size(), 1u);
  expect_same_bind_pose(s, back);
}

}  // namespace
}  // namespace aem
