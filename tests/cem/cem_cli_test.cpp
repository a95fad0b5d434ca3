// What an artist sees converting to CEM (issue 33): the frame rate the file does not store.
#include <gtest/gtest.h>

#include "support/corpus.hpp"

namespace aem {
namespace {

TEST(CemInfo, SaysTheFileStoresNoFrameRate) {
  const auto dir = test::temp_dir("cem_info");
  const auto file = dir / "tube.cem";
  ASSERT_EQ(test::run_cli("example '" + file.string() + "' --rings 3 --segments 4 --joints 2"), 0);
  std::string out;
  ASSERT_EQ(test::run_cli("info '" + file.string() + "'", &out), 0) << out;
  EXPECT_NE(out.find("vertex animation: 61 frames"), std::string::npos) << out;  // 2 s at 30 fps, both ends
  EXPECT_EQ(out.find(" 0 fps"), std::string::npos) << out;
  EXPECT_NE(out.find("stores no frame rate"), std::string::npos) << out;
}

}  // namespace
}  // namespace aem
