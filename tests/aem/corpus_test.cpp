// Every corpus AEM file loads and matches the reference libaem dump beside it, number by number:
// header counts, meshes, materials, texture names, bones and inverse bind matrices, animation
// durations, and the bone matrices at the five dumped times of every animation.
#include <gtest/gtest.h>

#include "aem/aem_view.hpp"
#include "aem/animation.hpp"
#include "support/aem_dump.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

std::filesystem::path dump_for(const std::filesystem::path& p) {
  auto d = p;
  d.replace_extension(".dump.txt");
  return d;
}

TEST(AemCorpus, CountsMeshesMaterialsBonesMatchReferenceDump) {
  AEM_CORPUS_FILES(files, "aem", ".aem");
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    auto model = AemModel::load(file);
    ASSERT_TRUE(model.ok()) << model.error().to_string();
    const AemView& v = model->view();
    auto dump = test::parse_aem_dump(dump_for(file));
    const auto& c = v.counts();
    EXPECT_EQ(c.vertices, dump.header.at("vertex_count"));
    EXPECT_EQ(c.indices, dump.header.at("index_count"));
    EXPECT_EQ(c.textures, dump.header.at("texture_count"));
    EXPECT_EQ(c.meshes, dump.header.at("mesh_count"));
    EXPECT_EQ(c.materials, dump.header.at("material_count"));
    EXPECT_EQ(c.bones, dump.header.at("bone_count"));
    EXPECT_EQ(c.animations, dump.header.at("animation_count"));
    EXPECT_EQ(c.sequences, dump.header.at("sequence_count"));
    EXPECT_EQ(c.keyframes, dump.header.at("keyframe_count"));
    ASSERT_EQ(dump.textures.size(), c.textures);
    for (std::uint32_t t = 0; t < c.textures; ++t) EXPECT_EQ(v.texture_name(t), dump.textures[t]);
    ASSERT_EQ(dump.meshes.size(), c.meshes);
    for (std::uint32_t m = 0; m < c.meshes; ++m) {
      EXPECT_EQ(v.meshes()[m].first_index, dump.meshes[m].first_index);
      EXPECT_EQ(v.meshes()[m].index_count, dump.meshes[m].index_count);
      EXPECT_EQ(v.meshes()[m].material_index, dump.meshes[m].material_index);
    }
    ASSERT_EQ(dump.materials.size(), c.materials);
    for (std::uint32_t m = 0; m < c.materials; ++m) {
      EXPECT_EQ(v.materials()[m].base_color, dump.materials[m].base_color);
      EXPECT_EQ(v.materials()[m].normal, dump.materials[m].normal);
      EXPECT_EQ(v.materials()[m].orm, dump.materials[m].orm);
    }
    ASSERT_EQ(dump.bones.size(), c.bones);
    for (std::uint32_t b = 0; b < c.bones; ++b) {
      EXPECT_EQ(v.bones()[b].parent, dump.bones[b].parent);
      for (int k = 0; k < 16; ++k)
        EXPECT_TRUE(test::close_enough(v.bones()[b].inverse_bind[k], dump.bones[b].inverse_bind[k]))
            << "bone " << b << " element " << k << ": " << v.bones()[b].inverse_bind[k] << " vs "
            << dump.bones[b].inverse_bind[k];
    }
    ASSERT_EQ(dump.animations.size(), c.animations);
    for (std::uint32_t a = 0; a < c.animations; ++a) {
      EXPECT_EQ(v.animation_name(a), dump.animations[a].name);
      EXPECT_TRUE(test::close_enough(v.animations()[a].duration, dump.animations[a].duration));
      EXPECT_EQ(v.animations()[a].sequence_index, dump.animations[a].sequence_index);
    }
    // Bounding box of the vertex positions.
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    for (const auto& vx : v.vertices())
      for (int k = 0; k < 3; ++k) {
        lo[k] = std::min(lo[k], vx.position[k]);
        hi[k] = std::max(hi[k], vx.position[k]);
      }
    for (int k = 0; k < 3; ++k) {
      EXPECT_TRUE(test::close_enough(lo[k], dump.bbox_min[k]));
      EXPECT_TRUE(test::close_enough(hi[k], dump.bbox_max[k]));
    }
  }
}

TEST(AemCorpus, BoneMatricesMatchReferenceAtDumpedTimes) {
  AEM_CORPUS_FILES(files, "aem", ".aem");
  std::size_t compared = 0;
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    auto model = AemModel::load(file);
    ASSERT_TRUE(model.ok()) << model.error().to_string();
    auto dump = test::parse_aem_dump(dump_for(file));
    AemAnimator animator(model->view());
    std::vector<Mat4> skin(model->view().counts().bones);
    for (const auto& e : dump.evals) {
      // The dump prints t with 6 digits; the reference evaluated at frac * duration.
      const float t = e.frac * model->view().animations()[e.animation].duration;
      animator.evaluate(e.animation, t, skin);
      ASSERT_EQ(e.bones.size(), skin.size());
      for (std::size_t b = 0; b < skin.size(); ++b)
        for (int k = 0; k < 16; ++k) {
          EXPECT_TRUE(test::close_enough(skin[b].m[k], e.bones[b][k]))
              << "anim " << e.animation << " t=" << e.time << " bone " << b << " element " << k << ": " << skin[b].m[k]
              << " vs reference " << e.bones[b][k];
          ++compared;
        }
    }
  }
  EXPECT_GT(compared, 0u);
}

}  // namespace
}  // namespace aem
