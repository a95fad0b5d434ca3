// The FBX reader gives its input back (ReadInput::release) once ufbx has copied what it keeps, so that
// a mapped file's pages are not in memory beside the scene being built.
#include <gtest/gtest.h>

#include <vector>

#include "formats/fbx/fbx_format.hpp"
#include "support/fbx_builder.hpp"
#include "support/fbx_samples.hpp"

namespace aem::test {
namespace {

TEST(FbxRelease, TheWholeInputIsReleasedAndTheSceneIsTheSame) {
  const auto bytes = fbx::write_fbx(fbx::sample_document(), fbx::Encoding::Binary, 7400);
  std::vector<std::span<const std::byte>> released;
  const ReadInput input{bytes, "sample.fbx", {}, [&](std::span<const std::byte> r) { released.push_back(r); }};
  const Result<Scene> with_release = formats::fbx_read(input);
  const Result<Scene> without = formats::fbx_read(ReadInput{bytes, "sample.fbx", {}});
  ASSERT_TRUE(with_release.ok()) << with_release.error().to_string();
  ASSERT_TRUE(without.ok()) << without.error().to_string();
  ASSERT_EQ(released.size(), 1u);
  EXPECT_EQ(released[0].data(), bytes.data());
  EXPECT_EQ(released[0].size(), bytes.size());
  // The read does not look at the bytes again: what it built matches a read that keeps them.
  EXPECT_EQ(with_release.value().triangle_count(), without.value().triangle_count());
  EXPECT_EQ(with_release.value().animations.size(), without.value().animations.size());
  EXPECT_EQ(with_release.value().nodes.size(), without.value().nodes.size());
}

}  // namespace
}  // namespace aem::test
