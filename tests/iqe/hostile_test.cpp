// IQE text that lies or is cut short gives an error with its line, never a crash or a hang.
#include <gtest/gtest.h>

#include "iqe/iqe_support.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

const std::string kAnimated =
    "# Inter-Quake Export\n"
    "joint root -1\njoint \"arm bone\" 0\npq 0 0 0 0 0 0 -1\npq 0 0 1 0 0 0.38 -0.92 1 1 1\n"
    "mesh body\nmaterial skin\n"
    "vp 0 0 0\nvt 0 0\nvb 0 1\nvp 1 0 0\nvt 1 0\nvb 0 0.5 1 0.5\nvp 0 1 1\nvt 0 1\nvb 1 1\n"
    "fm 0 1 2\nfa -1 -2 -3\n"
    "animation wave\nframerate 10\nloop\nframe\npq 0 0 0 0 0 0 -1\npq 0 0 1 0.2 0 0\nframe\npq 1 0 0 0 0 0 -1\npq 0 0 1 0.4 0 0\n"
    "comment\nmade by hand\n";

TEST(IqeHostile, EveryTruncationReadsOrFailsWithALine) {
  ASSERT_TRUE(test::read_iqe(kAnimated, false).ok());
  for (std::size_t len = 0; len <= kAnimated.size(); ++len) {
    auto r = test::read_iqe(kAnimated.substr(0, len), false);
    if (!r.ok()) {
      EXPECT_EQ(r.error().format, "IQE");
      EXPECT_TRUE(r.error().line.has_value()) << r.error().to_string();
    }
  }
}

TEST(IqeHostile, EveryCharacterReplacedReadsOrFailsWithALine) {
  for (std::size_t i = 0; i < kAnimated.size(); ++i)
    for (char c : {'-', '9', '\n', '"', ' ', 'x', '\0', '.'}) {
      std::string text = kAnimated;
      text[i] = c;
      auto r = test::read_iqe(text, false);
      if (r.ok()) {
        for (const char* format : {"iqe", "iqm", "aem"}) {
          auto again = test::round_trip(r.value(), format);
          if (!again.ok()) EXPECT_EQ(again.error().code, "IQM_JOINT_INDEX_TOO_LARGE") << again.error().to_string();
        }
      } else {
        EXPECT_TRUE(r.error().line.has_value()) << r.error().to_string();
      }
    }
}

TEST(IqeHostile, ManyCornersAtOnePositionSmoothInLinearTime) {
  // 3000 triangles fanned around one point with a smoothing angle: 3000 corners share a position.
  std::string text = "smoothangle 10\nvp 0 0 0\n";
  for (int i = 0; i < 3001; ++i)
    text += "vp " + std::to_string(std::cos(i * 0.002)) + " " + std::to_string(std::sin(i * 0.002)) + " 0.1\n";
  for (int i = 1; i <= 3000; ++i) text += "fa 0 " + std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  auto r = test::read_iqe(text);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->meshes[0].triangle_count(), 3000u);
  EXPECT_EQ(r->meshes[0].normals.size(), r->meshes[0].vertex_count());
}

TEST(IqeHostile, HugeInfluenceListsAndPolygonsStayFast) {
  std::string vb = "vb", fa = "fa";
  for (int i = 0; i < 200000; ++i) vb += " 0 " + std::to_string(0.5 + (i % 1000) * 1e-4);
  for (int i = 0; i < 200000; ++i) fa += " " + std::to_string(i % 3);
  auto r = test::read_iqe("joint a -1\nvp 0 0 0\n" + vb + "\nvp 1 0 0\nvb 0 1\nvp 0 1 0\nvb 0 1\n" + fa + "\n");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->meshes[0].skin[0].joints[0], 0);
  EXPECT_EQ(r->meshes[0].triangle_count(), 199998u);
}

TEST(IqeHostile, CliNamesFileFormatAndLine) {
  const auto dir = test::temp_dir("iqe-hostile");
  test::write_file(dir / "bad.iqe", std::string("# Inter-Quake Export\nvp 0 0 0\nfa 0 0 7\n"));
  std::string out;
  EXPECT_EQ(test::run_cli("validate '" + (dir / "bad.iqe").string() + "'", &out), 1);
  EXPECT_NE(out.find("bad.iqe"), std::string::npos) << out;
  EXPECT_NE(out.find("IQE_INDEX_OUT_OF_RANGE"), std::string::npos) << out;
  EXPECT_NE(out.find("line 3"), std::string::npos) << out;
}

}  // namespace
}  // namespace aem
