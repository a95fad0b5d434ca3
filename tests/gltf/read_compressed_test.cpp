// Compressed geometry as real-world files ship it: corpus models packed by Debian's gltfpack with
// EXT_meshopt_compression (-cc; also KHR_mesh_quantization) read to the geometry of their originals,
// within the quantisation gltfpack applies (14-bit positions by default).
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <cstdlib>

#include "aem/io.hpp"
#include "gltf/gltf_read_support.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"

namespace aem {
namespace {

bool have_gltfpack() { return std::system("command -v gltfpack >/dev/null 2>&1") == 0; }

TEST(GltfReadCompressed, MeshoptPackedCorpusFilesKeepTheirGeometry) {
  AEM_CORPUS_OR_FIXTURE_FILES(files, "gltf", ".glb");
  if (!have_gltfpack()) GTEST_SKIP() << "gltfpack not installed (scripts/install-deps.sh --tests)";
  const auto dir = test::temp_dir("gltf-meshopt");
  for (const auto& in : files) {
    SCOPED_TRACE(in.string());
    const auto out = dir / in.filename();
    ASSERT_EQ(
        std::system(fmt::format("gltfpack -cc -i '{}' -o '{}' >/dev/null 2>&1", in.string(), out.string()).c_str()), 0);
    auto original = read_scene(in);
    auto packed = read_scene(out);
    ASSERT_TRUE(original.ok()) << original.error().to_string();
    ASSERT_TRUE(packed.ok()) << packed.error().to_string();
    const auto want = test::scene_posed(*original, -1, 0), got = test::scene_posed(*packed, -1, 0);
    ASSERT_FALSE(got.empty());
    // 14-bit positions: a step of extent / 16383 per axis.
    EXPECT_LT(test::hausdorff(got, want), 2e-4f * std::max(1.0f, test::extent_of(want)));
  }
}

}  // namespace
}  // namespace aem
