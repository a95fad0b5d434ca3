// Between IQE and IQM a material's name is the engine's texture path: conversions keep it byte for
// byte and write no image files; a colour-only material from another format still gets its image.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "aem/io.hpp"
#include "core/image.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

std::vector<std::string> material_names(const std::filesystem::path& file) {
  auto s = read_scene(file);
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  std::vector<std::string> names;
  if (s.ok())
    for (const auto& m : s->materials) names.push_back(m.name);
  return names;
}

std::set<std::string> files_in(const std::filesystem::path& dir) {
  std::set<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) names.insert(e.path().filename().string());
  return names;
}

// Materials as the IQE text writes them, read independently of our reader.
std::set<std::string> material_lines(const std::filesystem::path& iqe) {
  std::set<std::string> names;
  std::istringstream text(
      std::string(reinterpret_cast<const char*>(test::read_bytes(iqe).data()), test::read_bytes(iqe).size()));
  for (std::string line; std::getline(text, line);)
    if (line.rfind("material \"", 0) == 0) names.insert(line.substr(10, line.size() - 11));
  return names;
}

TEST(IqeMaterialNames, IqeToIqmAndBackKeepsNamesAndWritesNoImages) {
  AEM_CORPUS_FILE(source, "iqe/unv_medistat.iqe");
  const auto dir = test::temp_dir("iqe-names");
  std::string out;
  ASSERT_EQ(test::run_cli("convert " + source.string() + " " + (dir / "out.iqm").string(), &out), 0) << out;
  ASSERT_EQ(test::run_cli("convert " + (dir / "out.iqm").string() + " " + (dir / "back.iqe").string(), &out), 0) << out;
  EXPECT_EQ(files_in(dir), (std::set<std::string>{"out.iqm", "back.iqe"}));
  const auto names = material_names(source);
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()), material_lines(source));
  EXPECT_TRUE(material_lines(source).count("models/buildables/medistat/scan"));
  EXPECT_EQ(material_names(dir / "out.iqm"), names);
  EXPECT_EQ(material_names(dir / "back.iqe"), names);
  EXPECT_EQ(material_lines(dir / "back.iqe"), material_lines(source));
}

// mrfixit.iqm's case: the material "Body.tga" names an image that is not beside the model. Through
// glTF (the Blender add-on's way) and on to IQM and AEM, the material and its texture keep that name
// and no image is made up for it.
TEST(IqeMaterialNames, MissingImageKeepsItsNameThroughGltf) {
  const auto dir = test::temp_dir("iqe-missing");
  const auto source = test::read_bytes(std::filesystem::path(AEM_TEST_DATA_DIR) / "iqe/skinned_quad.iqe");
  std::string text(reinterpret_cast<const char*>(source.data()), source.size());
  const auto at = text.find("material skin");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 13, "material \"Body.tga\"");
  std::ofstream(dir / "fixit.iqe", std::ios::binary) << text;
  std::string out;
  const std::pair<const char*, const char*> steps[] = {
      {"fixit.iqe", "fixit.iqm"}, {"fixit.iqm", "fixit.glb"}, {"fixit.glb", "fixit2.iqm"}, {"fixit.glb", "fixit2.aem"}};
  for (const auto& [from, to] : steps)
    ASSERT_EQ(test::run_cli("convert " + (dir / from).string() + " " + (dir / to).string(), &out), 0)
        << from << " -> " << to << "\n"
        << out;
  EXPECT_EQ(material_names(dir / "fixit2.iqm"), std::vector<std::string>{"Body.tga"});
  auto aem = read_scene(dir / "fixit2.aem");
  ASSERT_TRUE(aem.ok()) << aem.error().to_string();
  ASSERT_EQ(aem->materials.size(), 1u);
  const std::int32_t bc = aem->materials[0].textures.base_color;
  ASSERT_GE(bc, 0);
  EXPECT_EQ(aem->textures[bc].name, "Body.tga");
  for (const auto& name : files_in(dir)) EXPECT_EQ(name.find("BCO"), std::string::npos) << "no image made up: " << name;
}

TEST(IqeMaterialNames, ColourOnlyMaterialFromAnotherFormatGetsItsSolidImage) {
  const auto dir = test::temp_dir("iqe-colour");
  Scene s;
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.indices = {0, 1, 2};
  m.material = 0;
  s.meshes.push_back(m);
  Material red;
  red.name = "red";
  red.base_color = {1, 0, 0, 1};
  red.has_phong = true;
  red.diffuse = {1, 0, 0};
  s.materials.push_back(red);
  ASSERT_TRUE(write_scene(dir / "red.e3d", s).ok());
  std::string out;
  ASSERT_EQ(test::run_cli("convert " + (dir / "red.e3d").string() + " " + (dir / "red.iqe").string(), &out), 0) << out;
  const auto names = material_names(dir / "red.iqe");
  ASSERT_EQ(names.size(), 1u);
  ASSERT_TRUE(std::filesystem::exists(dir / names[0])) << names[0];
  const auto png = test::read_bytes(dir / names[0]);
  const Image img = decode_image({reinterpret_cast<const std::uint8_t*>(png.data()), png.size()});
  ASSERT_FALSE(img.empty());
  EXPECT_EQ(img.at(0, 0)[0], 255);
  EXPECT_EQ(img.at(0, 0)[1], 0);
  EXPECT_EQ(img.at(0, 0)[2], 0);
}

}  // namespace
}  // namespace aem
