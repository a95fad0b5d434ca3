// `aem convert --weld` (ConvertOptions::weld): corners equal in everything but normals that differ by
// rounding become one vertex; corners of a real crease stay apart; without it a conversion keeps the
// source's vertices.
#include <gtest/gtest.h>

#include <fmt/core.h>

#include "aem/convert.hpp"
#include "support/corpus.hpp"
#include "support/distinct_corners.hpp"

namespace aem {
namespace {

Vec3 unit(Vec3 v) { return v * (1.0f / length(v)); }

/// Three triangles as nine corners: the second shares two corners of the first, their normals off by
/// 2e-5 (rounding); the third shares two positions of the first across a crease (normals 0.6 apart).
Scene split_corners() {
  Mesh m;
  m.name = "split";
  const Vec3 up{0, 0, 1}, rounded = unit({2e-5f, 0, 1}), creased = unit({0.6f, 0, 1});
  m.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 0, 0}, {1, 1, 0}, {0, 1, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}};
  m.normals = {up, up, up, rounded, rounded, up, creased, creased, creased};
  m.uvs = {{{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}, {1, 0}, {2, 0}, {1, 1}}};
  m.indices = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  Scene s;
  s.meshes.push_back(std::move(m));
  return s;
}

std::size_t converted_vertices(const Scene& scene, bool weld) {
  const auto out = test::temp_dir("weld_option") / "split.glb";
  convert::ConvertOptions options;
  options.weld = weld;
  auto report = convert::convert_scene(scene, {}, out, options);
  EXPECT_TRUE(report.ok()) << report.error().to_string();
  return test::read_or_fail(out).vertex_count();
}

TEST(WeldOption, MergesCornersSplitByRoundingOnly) {
  // Corners 3 and 4 join 0 and 2; the crease's 6 and 8 stay apart from 1 and 2.
  EXPECT_EQ(converted_vertices(split_corners(), true), 7u);
  EXPECT_EQ(converted_vertices(split_corners(), false), 9u);
}

TEST(WeldOption, CesiumManConvertsWithItsWeldedVertexCount) {
  AEM_CORPUS_FILE(input, "gltf/CesiumMan/CesiumMan.glb");
  const Scene original = test::read_or_fail(input);
  const std::size_t welded = test::distinct_corners(original);
  ASSERT_LT(welded, original.vertex_count()) << "COLLADA2GLTF split corners by the rounding of their normals";
  const auto dir = test::temp_dir("weld_option");
  std::string text;
  ASSERT_EQ(
      test::run_cli(fmt::format("convert '{}' '{}' --weld -v", input.string(), (dir / "welded.cem").string()), &text),
      0)
      << text;
  EXPECT_NE(text.find(fmt::format("{} vertices merged by --weld", original.vertex_count() - welded)), std::string::npos)
      << text;
  EXPECT_EQ(test::read_or_fail(dir / "welded.cem").vertex_count(), welded);
  ASSERT_EQ(test::run_cli(fmt::format("convert '{}' '{}'", input.string(), (dir / "plain.cem").string()), &text), 0)
      << text;
  EXPECT_EQ(test::read_or_fail(dir / "plain.cem").vertex_count(), original.vertex_count());
}

}  // namespace
}  // namespace aem
