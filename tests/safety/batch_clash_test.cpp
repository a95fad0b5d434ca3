// Batch conversion never overwrites: outputs that clash (with each other or with an input) are found
// before anything is converted, listed, and refused with exit 2.
#include <gtest/gtest.h>

#include "support/corpus.hpp"

namespace aem {
namespace {

const std::filesystem::path kData = AEM_TEST_DATA_DIR;

std::size_t files_in(const std::filesystem::path& dir) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++n;
  return n;
}

TEST(BatchClash, TwoInputsWithOneStemConvertNothing) {
  const auto out = test::temp_dir("clash");
  const auto iqe = (kData / "iqe/animated.iqe").string(), iqm = (kData / "iqm/animated.iqm").string();
  std::string text;
  EXPECT_EQ(test::run_cli("convert " + iqe + " " + iqm + " --out-dir " + out.string(), &text), 2) << text;
  EXPECT_NE(text.find((out / "animated.aem").string()), std::string::npos) << text;
  EXPECT_NE(text.find(iqe), std::string::npos) << text;
  EXPECT_NE(text.find(iqm), std::string::npos) << text;
  EXPECT_EQ(files_in(out), 0u);
}

TEST(BatchClash, DistinctStemsStillConvert) {
  const auto out = test::temp_dir("no-clash");
  const auto iqe = (kData / "iqe/animated.iqe").string(), e3d = (kData / "e3d/tube.e3d").string();
  std::string text;
  EXPECT_EQ(test::run_cli("convert " + iqe + " " + e3d + " --out-dir " + out.string() + " --no-textures", &text), 0)
      << text;
  EXPECT_TRUE(std::filesystem::exists(out / "animated.aem"));
  EXPECT_TRUE(std::filesystem::exists(out / "tube.aem"));
}

TEST(BatchClash, AnOutputThatIsAnInputIsRefused) {
  const auto dir = test::temp_dir("clash-input");
  std::filesystem::copy_file(kData / "iqe/animated.iqe", dir / "animated.iqe");
  const auto before = test::read_bytes(dir / "animated.iqe");
  std::string text;
  EXPECT_EQ(test::run_cli("convert " + (dir / "animated.iqe").string() + " --to iqe --out-dir " + dir.string(), &text),
            2)
      << text;
  EXPECT_EQ(test::read_bytes(dir / "animated.iqe"), before);
  EXPECT_EQ(
      test::run_cli("convert " + (dir / "animated.iqe").string() + " " + (dir / "./animated.iqe").string(), &text), 2)
      << text;
}

}  // namespace
}  // namespace aem
