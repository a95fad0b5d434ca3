// `aem example`: the generated tube keeps its orange colour in every format, AEM included, which
// holds colour only in texture images (issue 33, item 10).
#include <gtest/gtest.h>

#include <cmath>

#include "aem/io.hpp"
#include "core/image.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

/// The sRGB byte of a linear value (IEC 61966-2-1), written out here rather than taken from the library.
int srgb_byte(double linear) {
  const double encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * std::pow(linear, 1 / 2.4) - 0.055;
  return static_cast<int>(std::lround(encoded * 255));
}

TEST(Example, AemGetsTheTubesColourAsAnImageBesideIt) {
  const auto dir = test::temp_dir("example");
  const auto file = dir / "tube.aem";
  std::string out;
  ASSERT_EQ(test::run_cli("example '" + file.string() + "' --rings 3 --segments 4 --joints 2", &out), 0) << out;
  auto scene = read_scene(file);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  ASSERT_EQ(scene->materials.size(), 1u);
  const std::int32_t slot = scene->materials[0].textures.base_color;
  ASSERT_GE(slot, 0) << "the material names no base colour image";
  const auto image_file = dir / scene->textures.at(slot).name;
  ASSERT_TRUE(std::filesystem::is_regular_file(image_file)) << image_file;
  EXPECT_NE(out.find(image_file.filename().string()), std::string::npos) << out;  // the command says what it wrote
  const auto bytes = test::read_bytes(image_file);
  const Image img = decode_image(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
  ASSERT_FALSE(img.empty());
  // The example's base colour factor is linear (0.9, 0.45, 0.15), opaque (include/aem/example.hpp).
  EXPECT_EQ(img.at(0, 0)[0], srgb_byte(0.9));
  EXPECT_EQ(img.at(0, 0)[1], srgb_byte(0.45));
  EXPECT_EQ(img.at(0, 0)[2], srgb_byte(0.15));
  EXPECT_EQ(img.at(0, 0)[3], 255);
}

}  // namespace
}  // namespace aem
