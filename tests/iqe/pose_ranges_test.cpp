// Where each pose line lands in the parsed document: the base poses, then each frame's, whatever lies
// between the pose lines of one frame (comments, blank lines) and wherever the text is cut into
// chunks that are scanned apart. The translations written here name their frame and joint.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/iqe/parser.hpp"

namespace aem {
namespace {

using formats::iqe::Document;

// The x translations of `range`'s poses, in order.
std::vector<float> xs(const Document& doc, formats::iqe::PoseRange range) {
  std::vector<float> out;
  for (const Transform& t : doc.poses_of(range)) out.push_back(t.translation.x);
  return out;
}

TEST(IqePoseRanges, CommentsAndBlankLinesDoNotSplitAFrame) {
  const std::string text =
      "# Inter-Quake Export\njoint a -1\njoint b 0\njoint c 1\n"
      "pq 0 0 0\n\npq 1 0 0\n# between\npq 2 0 0\n"
      "animation walk\nframerate 10\n"
      "frame\npq 10 0 0\n# between\npq 11 0 0\n\npq 12 0 0\n"
      "frame\nframe\npq 20 0 0\npq 21 0 0\npq 22 0 0\n" +
      std::string(64, '\n');  // so that the pose lines lie well before the end, where the fast path reads
  const Document doc = formats::iqe::parse(text);
  EXPECT_EQ(xs(doc, doc.base_poses), (std::vector<float>{0, 1, 2}));
  ASSERT_EQ(doc.animations.size(), 1u);
  ASSERT_EQ(doc.animations[0].frames.size(), 2u);  // the empty frame collapses
  EXPECT_EQ(xs(doc, doc.animations[0].frames[0]), (std::vector<float>{10, 11, 12}));
  EXPECT_EQ(xs(doc, doc.animations[0].frames[1]), (std::vector<float>{20, 21, 22}));
}

// A text of several scan chunks (2 MB each), so that frames are cut between chunks and the pose
// array of the first chunk has to take the others'.
TEST(IqePoseRanges, FramesCutBetweenChunksKeepTheirPoses) {
  constexpr int kJoints = 7, kFrames = 50000;
  std::string text = "# Inter-Quake Export\n";
  for (int j = 0; j < kJoints; ++j) text += "joint j" + std::to_string(j) + " " + std::to_string(j - 1) + "\n";
  for (int j = 0; j < kJoints; ++j) text += "pq " + std::to_string(j) + " 0 0 0 0 0 1\n";
  text += "animation a\nframerate 30\n";
  for (int f = 0; f < kFrames; ++f) {
    text += "frame\n";
    for (int j = 0; j < kJoints; ++j) text += "pq " + std::to_string(f) + " " + std::to_string(j) + " 0 0 0 0 1\n";
  }
  ASSERT_GT(text.size(), std::size_t{6} << 20);
  for (const unsigned threads : {1u, 2u}) {
    const Document doc = formats::iqe::parse(text, threads);
    const auto base = doc.poses_of(doc.base_poses);
    ASSERT_EQ(base.size(), std::size_t{kJoints});
    for (int j = 0; j < kJoints; ++j) EXPECT_EQ(base[j].translation, (Vec3{float(j), 0, 0}));
    ASSERT_EQ(doc.animations.size(), 1u);
    const auto& frames = doc.animations[0].frames;
    ASSERT_EQ(frames.size(), std::size_t{kFrames});
    for (int f = 0; f < kFrames; ++f) {
      const auto frame = doc.poses_of(frames[f]);
      ASSERT_EQ(frame.size(), std::size_t{kJoints}) << f;
      for (int j = 0; j < kJoints; ++j) ASSERT_EQ(frame[j].translation, (Vec3{float(f), float(j), 0})) << f << " " << j;
    }
  }
}

}  // namespace
}  // namespace aem
