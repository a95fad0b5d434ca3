// A scene whose meshes have vertices no triangle uses (E3D meshes often do) must give an AEM file our
// reader takes without AEM_VERTICES_SHARED: the writer must not produce what the reader warns about.
#include <gtest/gtest.h>

#include "formats/aem/aem_format.hpp"

namespace aem {
namespace {

/// Two meshes; each has an unused vertex before and after the ones its triangle uses.
Scene scene_with_unused_vertices() {
  Scene s;
  for (int k = 0; k < 2; ++k) {
    Mesh m;
    const float x = 10.0f * k;
    m.positions = {{x - 5, 5, 5}, {x, 0, 0}, {x + 1, 0, 0}, {x, 1, 0}, {x + 7, 7, 7}};
    m.normals.assign(5, {0, 0, 1});
    m.uvs = {{{0, 0}, {0.1f, 0.2f}, {0.3f, 0.4f}, {0.5f, 0.6f}, {1, 1}}};
    m.indices = {1, 2, 3};
    s.meshes.push_back(m);
  }
  return s;
}

TEST(AemWriter, UnusedVerticesGiveNoSharedVertexWarningOnRead) {
  const Scene scene = scene_with_unused_vertices();
  auto written = formats::aem_write(scene, {});
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  auto back = formats::aem_read(ReadInput{written.value(), "unused.aem", {}});
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  for (const auto& w : back.warnings) EXPECT_NE(w.code, "AEM_VERTICES_SHARED") << w.to_string("warning");
  // The triangles keep their corners and UVs.
  ASSERT_EQ(back->meshes.size(), 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    const Mesh& in = scene.meshes[k];
    const Mesh& out = back->meshes[k];
    ASSERT_EQ(out.indices.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_EQ(out.positions[out.indices[i]], in.positions[in.indices[i]]);
      EXPECT_EQ(out.uvs[0][out.indices[i]], in.uvs[0][in.indices[i]]);
    }
  }
}

// A mesh without vertices has none unused (the fuzzer found the check handing an empty array's null
// to memchr; tests/data/aem/fuzz-empty-mesh-write.aem is that input, replayed by fuzz_aem).
TEST(AemWriter, AMeshWithoutVerticesHasNoneUnused) {
  Scene s = scene_with_unused_vertices();
  s.meshes.push_back(Mesh{});
  auto written = formats::aem_write(s, {});
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  auto back = formats::aem_read(ReadInput{written.value(), "empty.aem", {}});
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->vertex_count(), 6u);  // the two meshes' used vertices only
}

}  // namespace
}  // namespace aem
