// Skin weights in AEM output. The format wants each vertex's bone weights to sum to 1 with its used
// slots first (the reference viewer skips the skin when slot 0 is -1). The writer does that when
// WriteOptions::normalize_weights asks, which conversion does; otherwise it writes the scene's weights
// as they are, so that a file read and written back keeps its bytes. Checked on the vertex records.
#include <gtest/gtest.h>

#include <array>

#include "aem/aem_file.hpp"
#include "aem/aem_view.hpp"
#include "aem/convert.hpp"
#include "aem/example.hpp"
#include "aem/io.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

/// One triangle skinned to two joints. Vertex 0 has a gap (slot 0 unused) and weights summing to 0.8;
/// vertex 1 six influences; vertex 2 one influence of weight 0.5.
Scene skinned_triangle() {
  Scene s;
  s.joints.resize(2);
  s.joints[0].name = "root";
  s.joints[1].name = "tip";
  s.joints[1].parent = 0;
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.indices = {0, 1, 2};
  m.skin.resize(3);
  m.skin[0].joints = {-1, 1, 0, -1, -1, -1, -1, -1};
  m.skin[0].weights = {0.5f, 0.6f, 0.2f, 0, 0, 0, 0, 0};
  m.skin[1].joints = {0, 1, 0, 1, 0, 1, -1, -1};
  m.skin[1].weights = {0.1f, 0.2f, 0.3f, 0.05f, 0.25f, 0.1f, 0, 0};
  m.skin[2].joints = {1, -1, -1, -1, -1, -1, -1, -1};
  m.skin[2].weights = {0.5f, 0, 0, 0, 0, 0, 0, 0};
  s.meshes.push_back(std::move(m));
  return s;
}

/// The vertex records as the file holds them, through the runtime's zero-copy view.
std::vector<aem_file::Vertex> vertices_of(std::span<const std::byte> file) {
  auto view = AemView::validate(file);
  EXPECT_TRUE(view.ok()) << view.error().to_string();
  return view.ok() ? std::vector<aem_file::Vertex>(view->vertices().begin(), view->vertices().end())
                   : std::vector<aem_file::Vertex>{};
}

void expect_influences(const aem_file::Vertex& v, std::array<std::int32_t, 4> joints, std::array<float, 4> weights) {
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(v.bone_indices[k], joints[k]) << "slot " << k;
    EXPECT_FLOAT_EQ(v.bone_weights[k], weights[k]) << "slot " << k;
  }
}

TEST(AemWeights, NormalisedUsedSlotsFirstSummingToOne) {
  WriteOptions options;
  options.normalize_weights = true;
  auto bytes = find_format("aem")->write(skinned_triangle(), options);
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  EXPECT_TRUE(test::has_code(bytes.warnings, "AEM_INFLUENCES_REDUCED"));
  const auto v = vertices_of(*bytes);
  expect_influences(v[0], {1, 0, -1, -1}, {0.75f, 0.25f, 0, 0});
  // Six influences: the four largest (0.3, 0.25, 0.2, then the first 0.1), largest first.
  expect_influences(v[1], {0, 0, 1, 0}, {0.3f / 0.85f, 0.25f / 0.85f, 0.2f / 0.85f, 0.1f / 0.85f});
  expect_influences(v[2], {1, -1, -1, -1}, {1, 0, 0, 0});
}

TEST(AemWeights, WithoutTheOptionFourOrFewerAreWrittenAsTheSceneHasThem) {
  auto bytes = find_format("aem")->write(skinned_triangle(), {});
  ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
  const auto v = vertices_of(*bytes);
  expect_influences(v[0], {-1, 1, 0, -1}, {0.5f, 0.6f, 0.2f, 0});
  // More than four still become the four largest, renormalised: AEM has four slots.
  expect_influences(v[1], {0, 0, 1, 0}, {0.3f / 0.85f, 0.25f / 0.85f, 0.2f / 0.85f, 0.1f / 0.85f});
  EXPECT_TRUE(test::has_code(bytes.warnings, "AEM_INFLUENCES_REDUCED"));
  expect_influences(v[2], {1, -1, -1, -1}, {0.5f, 0, 0, 0});
}

TEST(AemWeights, ConversionToAemNormalises) {
  const auto dir = test::temp_dir("aem-weights");
  Scene source = make_example_scene();
  for (auto& s : source.meshes[0].skin)
    for (float& w : s.weights) w *= 0.5f;  // every vertex's weights now sum to 0.5
  // AEM in too: its reader keeps weights as they are, where glTF's writer would renormalise them.
  ASSERT_TRUE(write_scene(dir / "half.aem", source).ok());
  const auto written = test::read_bytes(dir / "half.aem");
  const auto first = vertices_of(written).at(0);
  ASSERT_FLOAT_EQ(first.bone_weights[0] + first.bone_weights[1], 0.5f);
  auto report = convert::convert_file(dir / "half.aem", dir / "converted.aem", {});
  ASSERT_TRUE(report.ok()) << report.error().to_string();
  const auto file = test::read_bytes(dir / "converted.aem");
  const auto v = vertices_of(file);
  for (std::size_t i = 0; i < v.size(); ++i) {
    float sum = 0;
    for (float w : v[i].bone_weights) sum += w;
    ASSERT_NEAR(sum, 1.0f, 1e-6f) << "vertex " << i;
    ASSERT_GE(v[i].bone_indices[0], 0) << "vertex " << i;
  }
}

}  // namespace
}  // namespace aem
