// `aem info` warns when an IQE material names a texture file that is not beside the model, as
// `aem render` does when it falls back to the material colour.
#include <gtest/gtest.h>

#include "support/corpus.hpp"

namespace aem {
namespace {

const char* kTexturedTriangle =
    "# Inter-Quake Export\nmesh body\nmaterial skin.png\nvp 0 0 0\nvt 0 0\nvp 1 0 0\nvt 1 0\nvp 0 1 0\nvt 0 1\nfm 0 1 2\n";

TEST(IqeInfo, MissingTextureFileIsReported) {
  auto dir = test::temp_dir("iqe-missing-texture");
  test::write_file(dir / "model.iqe", std::string(kTexturedTriangle));
  std::string out;
  ASSERT_EQ(test::run_cli("info '" + (dir / "model.iqe").string() + "'", &out), 0) << out;
  EXPECT_NE(out.find("warning: texture \"skin.png\" not found"), std::string::npos) << out;

  // With the file beside the model: no warning.
  test::write_file(dir / "skin.png", std::string("not decoded by info"));
  ASSERT_EQ(test::run_cli("info '" + (dir / "model.iqe").string() + "'", &out), 0) << out;
  EXPECT_EQ(out.find("not found"), std::string::npos) << out;
}

}  // namespace
}  // namespace aem
