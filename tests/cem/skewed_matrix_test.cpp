// CEM files from the game store child matrices with slight skew (off-diagonal dot products ~2e-4): a
// node nobody edited must write its stored matrix back byte for byte; an edited one gets the matrix
// of its new transform.
#include <gtest/gtest.h>

#include <algorithm>

#include "aem/io.hpp"
#include "cem/cem_builder.hpp"
#include "formats/cem/cem_format.hpp"

namespace aem {
namespace {

/// Row-major child matrix: translation (5, 0, 1); the x and y axes are 2e-4 off perpendicular.
constexpr float kSkewedChild[16] = {1, 2e-4f, 0, 5, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1};

/// One triangle at the root, one child "turret" with one triangle placed by kSkewedChild.
std::vector<std::byte> root_with_skewed_child() {
  test::CemBytes b;
  auto triangle_model = [&](const char* name, std::uint32_t children, const float* matrix) {
    b.header(1, 3, 0, 1, 1, children, 1, name, 0, 0, 0);
    b.one_triangle_and_material();
    b.f32(1).unit_triangle_vertices();
    if (matrix)
      b.raw(matrix, 64);
    else
      b.identity_matrix();
    b.vec3(0, 0, 0).vec3(1, 1, 0);
  };
  triangle_model("Scene Root", 1, nullptr);
  triangle_model("turret", 0, kSkewedChild);
  return b.bytes;
}

TEST(CemStoredMatrix, SkewedChildMatrixWritesBackByteForByte) {
  const auto bytes = root_with_skewed_child();
  auto scene = read_scene(bytes, "skewed.cem");
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  ASSERT_EQ(scene->nodes.size(), 2u);
  auto written = formats::cem_write(scene.value(), {});
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  ASSERT_EQ(written->size(), bytes.size());
  auto diff = std::mismatch(written->begin(), written->end(), bytes.begin());
  EXPECT_TRUE(diff.first == written->end()) << "first difference at byte " << (diff.first - written->begin());
}

TEST(CemStoredMatrix, EditedNodeGetsTheMatrixOfItsNewTransform) {
  auto scene = read_scene(root_with_skewed_child(), "skewed.cem");
  ASSERT_TRUE(scene.ok());
  scene->nodes[1].local.translation = {7, 0, 1};
  auto written = formats::cem_write(scene.value(), {});
  ASSERT_TRUE(written.ok());
  auto back = read_scene(written.value(), "edited.cem");
  ASSERT_TRUE(back.ok());
  const Mat4 expected = compose(scene->nodes[1].local);
  ASSERT_TRUE(back->nodes[1].stored.matrix.has_value());
  for (int k = 0; k < 16; ++k) EXPECT_NEAR(back->nodes[1].stored.matrix->m[k], expected.m[k], 1e-6f) << k;
  EXPECT_EQ(back->nodes[1].local.translation, (Vec3{7, 0, 1}));
}

}  // namespace
}  // namespace aem
