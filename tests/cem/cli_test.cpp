// What an artist sees converting to CEM (issue 33): colours kept as images, the frame rate the file
// does not store, and a size limit on baked animation.
#include <gtest/gtest.h>

#include <cmath>

#include "aem/convert.hpp"
#include "aem/example.hpp"
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

Image decode_file(const std::filesystem::path& file) {
  const auto bytes = test::read_bytes(file);
  return decode_image(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
}

/// Two triangles: "glass" has a colour and no texture, "decal" names an image file.
Scene glass_and_decal() {
  Scene s;
  Material glass;
  glass.name = "glass";
  glass.base_color = {0.2f, 0.4f, 0.8f, 0.5f};
  Material decal;
  decal.name = "decal";
  decal.textures.base_color = 0;
  s.textures.push_back(Texture{"decal.png", {}, "image/png"});
  s.materials = {glass, decal};
  for (std::int32_t m = 0; m < 2; ++m) {
    Mesh mesh;
    mesh.positions = {{0, 0, float(m)}, {1, 0, float(m)}, {0, 1, float(m)}};
    mesh.uvs = {{{0, 0}, {1, 0}, {0, 1}}};
    mesh.indices = {0, 1, 2};
    mesh.material = m;
    s.meshes.push_back(mesh);
  }
  return s;
}

TEST(CemConvert, ColoursWithoutATextureBecomeImagesBesideTheFile) {
  const auto dir = test::temp_dir("cem_colours");
  auto report = convert::convert_scene(glass_and_decal(), {}, dir / "truck.cem", {});
  ASSERT_TRUE(report.ok()) << report.error().to_string();
  // Named as the AEM conversion names a material's colour image: <stem>_<material>_BCO.png.
  const auto glass_image = dir / "truck_glass_BCO.png";
  ASSERT_TRUE(std::filesystem::is_regular_file(glass_image));
  EXPECT_EQ(report->textures_written, std::vector<std::filesystem::path>{glass_image});
  const Image img = decode_file(glass_image);
  ASSERT_FALSE(img.empty());
  EXPECT_EQ(img.at(1, 1)[0], srgb_byte(0.2));
  EXPECT_EQ(img.at(1, 1)[1], srgb_byte(0.4));
  EXPECT_EQ(img.at(1, 1)[2], srgb_byte(0.8));
  EXPECT_EQ(img.at(1, 1)[3], 128);  // opacity 0.5, stored linearly

  auto back = read_scene(dir / "truck.cem");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  std::vector<std::string> names;
  for (const auto& m : back->materials)
    names.push_back(m.textures.base_color >= 0 ? back->textures.at(m.textures.base_color).name : "");
  EXPECT_EQ(names, (std::vector<std::string>{"truck_glass_BCO.png", "decal.png"}));  // a named image keeps its name
}

TEST(CemConvert, NoTexturesMeansNoColourImages) {
  const auto dir = test::temp_dir("cem_no_textures");
  convert::ConvertOptions options;
  options.textures = false;
  auto report = convert::convert_scene(glass_and_decal(), {}, dir / "truck.cem", options);
  ASSERT_TRUE(report.ok()) << report.error().to_string();
  EXPECT_FALSE(std::filesystem::exists(dir / "truck_glass_BCO.png"));
}

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

/// The tube of make_example_scene with `rings` x 25 vertices and a 2 s animation: 61 frames at 30 fps.
Scene tube(std::uint32_t rings) {
  ExampleOptions o;
  o.rings = rings;
  o.segments = 24;
  return make_example_scene(o);
}

TEST(CemBakeSize, RefusedAboveTheLimitWithTheEstimate) {
  const auto dir = test::temp_dir("cem_limit");
  convert::ConvertOptions options;
  options.write.max_output_bytes = 1 << 20;
  // 40 x 25 vertices x 61 frames x 32 bytes a vertex (docs/formats/cem.md §2.7): 1 952 000 bytes of
  // frames alone, 1.86 MB of 2^20 bytes.
  auto refused = convert::convert_scene(tube(40), {}, dir / "tube.cem", options);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "CEM_OUTPUT_TOO_LARGE");
  EXPECT_NE(refused.error().message.find("61 frames"), std::string::npos) << refused.error().to_string();
  EXPECT_NE(refused.error().message.find("1.9 MB"), std::string::npos) << refused.error().to_string();
  EXPECT_NE(refused.error().message.find("1.0 MB"), std::string::npos) << refused.error().to_string();
  EXPECT_EQ(refused.error().message.find("--"), std::string::npos) << "the library names no command-line option";
  EXPECT_FALSE(std::filesystem::exists(dir / "tube.cem"));
  EXPECT_TRUE(std::filesystem::is_empty(dir)) << "texture files written for a refused model stay";

  options.write.max_output_bytes = 4 << 20;
  auto written = convert::convert_scene(tube(40), {}, dir / "tube.cem", options);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  const double frames_part = 61.0 * 40 * 25 * 32;
  EXPECT_GE(written->estimated_output_bytes, frames_part);
  EXPECT_NEAR(double(written->estimated_output_bytes), double(written->output_bytes),
              0.01 * double(written->output_bytes));
}

TEST(CemBakeSize, TheCommandSuggestsALowerFrameRate) {
  const auto dir = test::temp_dir("cem_limit_cli");
  const auto source = dir / "tube.aem";
  ASSERT_EQ(test::run_cli("example '" + source.string() + "' --rings 40 --segments 24"), 0);
  std::string out;
  EXPECT_EQ(test::run_cli(
                "convert '" + source.string() + "' '" + (dir / "tube.cem").string() + "' --max-output-size 1M", &out),
            1);
  EXPECT_NE(out.find("CEM_OUTPUT_TOO_LARGE"), std::string::npos) << out;
  EXPECT_NE(out.find("--fps"), std::string::npos) << out;
  EXPECT_NE(out.find("--max-output-size"), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(dir / "tube.cem"));

  ASSERT_EQ(test::run_cli("convert '" + source.string() + "' '" + (dir / "tube.cem").string() + "' -v --fps 10", &out),
            0)
      << out;
  EXPECT_NE(out.find("estimated"), std::string::npos) << out;  // the -v summary gives the estimate beside the size
}

}  // namespace
}  // namespace aem
