// `aem info` tells an E3D texture read from the file beside the model from one stored in the model.
#include <gtest/gtest.h>

#include "e3d/e3d_builder.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

TEST(E3dInfo, TextureReadFromDiskIsNotCalledEmbedded) {
  auto dir = test::temp_dir("e3d-info");
  const std::vector<std::byte> png = {std::byte{0x89}, std::byte{'P'}, std::byte{'N'}, std::byte{'G'}, std::byte{0}};
  test::write_file(dir / "wood.png", png);
  test::E3dBytes b;
  b.version().begin(0x9000);
  b.begin(0x9001).i32_block(0x9002, 1).str_block(0x9003, "wood.png").end();
  b.begin(0x9001).i32_block(0x9002, 2).begin(0x9101).raw("\x89PNG\r\n\x1a\n", 8).end().end();
  b.end();
  test::write_file(dir / "model.e3d", b.bytes);
  std::string out;
  ASSERT_EQ(test::run_cli("info '" + (dir / "model.e3d").string() + "'", &out), 0) << out;
  const auto disk_line = out.substr(out.find("wood.png"), out.find('\n', out.find("wood.png")) - out.find("wood.png"));
  EXPECT_EQ(disk_line.find("embedded"), std::string::npos) << disk_line;
  EXPECT_NE(disk_line.find("5 bytes"), std::string::npos) << disk_line;
  EXPECT_NE(out.find("(8 bytes embedded)"), std::string::npos) << out;  // the texture the file stores
}

}  // namespace
}  // namespace aem
