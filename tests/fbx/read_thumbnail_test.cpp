// Thumbnails (the preview images MotionBuilder and the FBX SDK write into the header and each take,
// 64 K numbers apiece in ASCII) are skipped unread: aem keeps no thumbnail, and reading their pixels
// took most of an ASCII file's parse (third_party/ufbx/patches/0003). A thumbnail whose pixels are
// damaged therefore does not stop the read.
#include <gtest/gtest.h>

#include <string>

#include "aem/io.hpp"
#include "support/fbx_builder.hpp"
#include "support/fbx_samples.hpp"

namespace aem::test {
namespace {

/// A thumbnail record at `depth` tabs whose pixel array holds `pixels` (the text between its braces).
std::string thumbnail(int depth, const std::string& pixels) {
  const std::string t(static_cast<std::size_t>(depth), '\t');
  return t + "Thumbnail:  {\n" + t + "\tVersion: 100\n" + t + "\tFormat: 1\n" + t + "\tSize: 1\n" + t +
         "\tImageEncoding: 0\n" + t + "\tImageData: *4 {\n" + t + "\t\ta: " + pixels + "\n" + t + "\t}\n" + t + "}\n";
}

/// The sample document in ASCII FBX 7.4 with a thumbnail in its header (as SceneInfo) and in its take.
std::string with_thumbnails(const std::string& pixels) {
  const auto bytes = fbx::write_fbx(fbx::sample_document(), fbx::Encoding::Ascii, 7400);
  std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const auto after_line = [&text](const std::string& start) {
    const std::size_t at = text.find(start);
    return at == std::string::npos ? at : text.find('\n', at) + 1;
  };
  const std::size_t take = after_line("\tTake: ");
  EXPECT_NE(take, std::string::npos) << "the sample document has a take";
  if (take != std::string::npos) text.insert(take, thumbnail(2, pixels));
  const std::size_t header = after_line("FBXHeaderExtension:");
  EXPECT_NE(header, std::string::npos);
  if (header != std::string::npos)
    text.insert(header, "\tSceneInfo: \"SceneInfo::GlobalInfo\", \"UserData\" {\n\t\tType: \"UserData\"\n" +
                            thumbnail(2, pixels) + "\t}\n");
  return text;
}

Result<Scene> read_text(const std::string& text) {
  return read_scene(std::span(reinterpret_cast<const std::byte*>(text.data()), text.size()), "thumbnail.fbx");
}

TEST(FbxThumbnail, AFileWithThumbnailsReadsAsWithout) {
  const auto plain = fbx::write_fbx(fbx::sample_document(), fbx::Encoding::Ascii, 7400);
  const Result<Scene> without = read_scene(plain, "plain.fbx");
  const Result<Scene> with = read_text(with_thumbnails("10,20,30,255"));
  ASSERT_TRUE(without.ok()) << without.error().to_string();
  ASSERT_TRUE(with.ok()) << with.error().to_string();
  EXPECT_EQ(with.value().meshes.size(), without.value().meshes.size());
  EXPECT_EQ(with.value().triangle_count(), without.value().triangle_count());
  EXPECT_EQ(with.value().animations.size(), without.value().animations.size());
}

TEST(FbxThumbnail, DamagedThumbnailPixelsAreNotRead) {
  // "1-2" is no number: parsed, it fails the file (FBX_INVALID); skipped, it is never looked at.
  const Result<Scene> r = read_text(with_thumbnails("10,1-2,30,255"));
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_GT(r.value().triangle_count(), 0u);
}

}  // namespace
}  // namespace aem::test
