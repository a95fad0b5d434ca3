// The native glTF reader against Assimp (used directly as the independent side) on every corpus glTF:
// mesh, vertex, triangle, material, animation counts and posed positions at five times of every
// animation. Where Assimp is wrong the test says so and why.
#include <gtest/gtest.h>

#include "aem/io.hpp"
#include "convert/assimp_pose.hpp"
#include "gltf/gltf_read_support.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

std::vector<std::filesystem::path> corpus_gltf() {
  auto files = test::files_with_extension(test::corpus_root() / "gltf", ".glb");
  for (const auto& f : test::files_with_extension(test::corpus_root() / "gltf", ".gltf")) files.push_back(f);
  return files;
}

std::size_t assimp_vertices(const aiScene& s) {
  std::size_t n = 0;
  for (unsigned i = 0; i < s.mNumMeshes; ++i) n += s.mMeshes[i]->mNumVertices;
  return n;
}

/// Assimp is wrong here: it leaves glTF's default morph weights (mesh.weights, SimpleMorph: 0.5, 0.5)
/// out of the rest shape. They are applied to its vertices from its own anim meshes (absolute target
/// positions with the default weight) so the rest shapes can be compared.
void apply_default_morph_weights(const aiScene& ai) {
  for (unsigned i = 0; i < ai.mNumMeshes; ++i) {
    aiMesh& m = *ai.mMeshes[i];
    std::vector<aiVector3D> base(m.mVertices, m.mVertices + m.mNumVertices);
    for (unsigned t = 0; t < m.mNumAnimMeshes; ++t)
      for (unsigned v = 0; v < m.mNumVertices && v < m.mAnimMeshes[t]->mNumVertices; ++v)
        m.mVertices[v] += (m.mAnimMeshes[t]->mVertices[v] - base[v]) * m.mAnimMeshes[t]->mWeight;
  }
}

TEST(GltfReadCorpus, AgreesWithAssimp) {
  AEM_CORPUS_FILES(files, "gltf", ".glb");
  files = corpus_gltf();
  ASSERT_GE(files.size(), 11u);
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    auto ours = read_scene(file);
    ASSERT_TRUE(ours.ok()) << ours.error().to_string();
    EXPECT_EQ(ours->source_format, "glTF");
    test::AssimpModel theirs(file.string());
    ASSERT_NE(theirs.scene, nullptr);
    const aiScene& ai = *theirs.scene;
    EXPECT_EQ(ours->meshes.size(), ai.mNumMeshes);
    EXPECT_EQ(ours->vertex_count(), assimp_vertices(ai));
    EXPECT_EQ(ours->animations.size(), ai.mNumAnimations);
    // Assimp 5.2 appends an unnamed default material to every glTF (CesiumMan: 2 for the file's 1).
    ASSERT_GE(ai.mNumMaterials, 1u);
    EXPECT_STREQ(ai.mMaterials[ai.mNumMaterials - 1]->GetName().C_Str(), "");
    EXPECT_EQ(ours->materials.size(), ai.mNumMaterials - 1);
    std::size_t triangles = 0;
    for (const Node& n : ours->nodes)
      for (auto m : n.meshes) triangles += ours->meshes[m].triangle_count();
    EXPECT_EQ(triangles, theirs.instanced_triangles());

    apply_default_morph_weights(ai);
    const auto want_rest = theirs.posed(-1, 0);
    const float tol = 1e-4f * std::max(1.0f, test::extent_of(want_rest));
    EXPECT_LT(test::hausdorff(test::scene_posed(*ours, -1, 0), want_rest), tol) << "rest pose";
    for (std::size_t a = 0; a < ours->animations.size(); ++a)
      for (int step = 0; step <= 4; ++step) {
        const float t = ours->animations[a].duration * static_cast<float>(step) / 4.0f;
        SCOPED_TRACE("animation " + std::to_string(a) + " at " + std::to_string(t) + " s");
        EXPECT_LT(
            test::hausdorff(test::scene_posed(*ours, static_cast<int>(a), t), theirs.posed(static_cast<int>(a), t)),
            tol);
      }
  }
}

TEST(GltfReadCorpus, UnnamedElementsKeepEmptyNames) {
  AEM_CORPUS_FILE(file, "gltf/Box/Box.glb");
  auto scene = read_scene(file);
  ASSERT_TRUE(scene.ok());
  for (const Node& n : scene->nodes) EXPECT_EQ(n.name.find("nodes["), std::string::npos) << n.name;
  ASSERT_EQ(scene->materials.size(), 1u);  // Box.glb has one material; Assimp reports two
}

TEST(GltfReadCorpus, SamplerWrapModesAndDoubleSidedness) {
  AEM_CORPUS_FILE(file, "gltf/TextureSettingsTest/TextureSettingsTest.gltf");
  auto scene = read_scene(file);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  // The file's samplers (read independently above with the JSON): wrapT 33071 clamp, 33648 mirror.
  bool clamp_v = false, mirror_u = false, double_sided = false, single_sided = false;
  for (const Texture& t : scene->textures) {
    clamp_v |= t.wrap_u == TextureWrap::Repeat && t.wrap_v == TextureWrap::ClampToEdge;
    mirror_u |= t.wrap_u == TextureWrap::MirroredRepeat && t.wrap_v == TextureWrap::Repeat;
    EXPECT_FALSE(t.data.empty()) << t.name;
  }
  for (const Material& m : scene->materials) (m.double_sided ? double_sided : single_sided) = true;
  EXPECT_TRUE(clamp_v);
  EXPECT_TRUE(mirror_u);
  EXPECT_TRUE(double_sided);
  EXPECT_TRUE(single_sided);
}

TEST(GltfReadCorpus, MorphWeightsBakeIntoFrames) {
  AEM_CORPUS_FILE(file, "gltf/AnimatedMorphCube/AnimatedMorphCube.gltf");
  auto scene = read_scene(file);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  ASSERT_EQ(scene->meshes.size(), 1u);
  const Mesh& m = scene->meshes[0];
  ASSERT_GE(scene->vertex_animation.frame_count, 2u);
  ASSERT_EQ(m.frames.size(), scene->vertex_animation.frame_count);
  // Default weights are [0, 0]: frame 0 (weights at t = 0) is the base; some frame moves vertices.
  float moved = 0;
  for (const auto& f : m.frames)
    for (std::size_t v = 0; v < m.positions.size(); ++v)
      moved = std::max(moved, length(f.positions[v] - m.positions[v]));
  EXPECT_GT(moved, 0.01f);
}

TEST(GltfReadCorpus, SparseAccessorSubstitutesValues) {
  AEM_CORPUS_FILE(file, "gltf/SimpleSparseAccessor/SimpleSparseAccessor.gltf");
  auto scene = read_scene(file);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  test::AssimpModel theirs(file.string());
  ASSERT_NE(theirs.scene, nullptr);
  // Sparse values lift some vertices to y = 4 (the README's picture); Assimp applies them too.
  float top = -INFINITY;
  for (const Vec3& p : scene->meshes.at(0).positions) top = std::max(top, p.y);
  EXPECT_NEAR(top, 4.0f, 1e-5f);
}

}  // namespace
}  // namespace aem
