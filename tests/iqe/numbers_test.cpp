// Numbers in IQE text: a token that is not a finite number, or a negative joint, is an error at its
// line and column (not a silent default or a dropped influence).
#include <gtest/gtest.h>

#include "iqe/iqe_support.hpp"

namespace aem {
namespace {

const std::string kTriangle = "vp 0 0 0\nvp 1 0 0\nvp 0 1 0\nfm 0 1 2\n";

void expect_error(const Result<Scene>& r, const char* code, std::uint32_t line, std::uint32_t column) {
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, code) << r.error().to_string();
  EXPECT_EQ(r.error().line, line) << r.error().to_string();
  EXPECT_EQ(r.error().column, column) << r.error().to_string();
}

TEST(IqeNumbers, MalformedNumberIsAnErrorWithLineAndColumn) {
  ASSERT_TRUE(test::read_iqe(kTriangle).ok());
  // Line 1 is the header the helper adds.
  expect_error(test::read_iqe("vp 0 0 0\nvp 1.0 abc 2.0\nvp 0 1 0\nfm 0 1 2\n"), "IQE_BAD_NUMBER", 3, 8);
  expect_error(test::read_iqe(kTriangle + "vt 0.5 0.5x\n"), "IQE_BAD_NUMBER", 6, 8);
  const auto r = test::read_iqe("vp 1.0 abc 2.0\n");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().to_string().find("at line 2, column 8"), std::string::npos) << r.error().to_string();
}

TEST(IqeNumbers, NegativeOrMissingJointIsAnError) {
  const std::string skinned = "joint a -1\npq 0 0 0 0 0 0 1\n" + kTriangle;
  ASSERT_TRUE(test::read_iqe(skinned + "vb 0 1\nvb 0 1\nvb 0 1\n").ok());
  expect_error(test::read_iqe(skinned + "vb 0 1\nvb -5 1\nvb 0 1\n"), "IQE_JOINT_OUT_OF_RANGE", 9, 4);
  expect_error(test::read_iqe(skinned + "vb 0 1\nvb 0 0.5 3\nvb 0 1\n"), "IQE_BAD_NUMBER", 9, 10);
}

TEST(IqeNumbers, NonFiniteValuesNameTheirLine) {
  expect_error(test::read_iqe(kTriangle + "vn nan 0 1\n"), "IQE_NOT_FINITE", 6, 4);
  expect_error(test::read_iqe(kTriangle + "vn 0 inf 1\n"), "IQE_NOT_FINITE", 6, 6);
  expect_error(test::read_iqe(kTriangle + "vn 0 0 1e999\n"), "IQE_NOT_FINITE", 6, 8);
  expect_error(test::read_iqe("joint a -1\npq 0 0 0 0 0 nan 1\n" + kTriangle), "IQE_NOT_FINITE", 3, 14);
  expect_error(test::read_iqe(kTriangle + "animation a\nframe\npq -inf 0 0 0 0 0 1\n"), "IQE_NOT_FINITE", 8, 4);
}

// Large files are scanned in chunks on several threads: the line is still the file's line.
TEST(IqeNumbers, LineIsRightPastTheFirstChunk) {
  std::string text;
  const int lines = 400000;  // about 4 MB: several chunks
  for (int i = 0; i < lines; ++i) text += "vp 1 2 3\n";
  text += "vp 1 2 nan\n";
  expect_error(test::read_iqe(text), "IQE_NOT_FINITE", lines + 2, 8);
}

}  // namespace
}  // namespace aem
