// Every model the project can read, written as .glb, .gltf with side files and self-contained .gltf,
// passes the Khronos glTF validator with no errors; its warnings are listed in the test log.
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <fstream>
#include <set>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "gltf/gltf_write_support.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

/// Reads and passes our own validation: a file whose numbers overflow (a fuzzer's find kept in tests/data)
/// is refused by every writer, by design.
bool valid_source(const std::filesystem::path& file) {
  auto scene = read_scene(file);
  return scene.ok() && validate_scene(scene.value()).valid();
}

std::vector<std::filesystem::path> readable_inputs(const std::filesystem::path& scratch) {
  std::vector<std::filesystem::path> inputs;
  const auto root = test::corpus_root();
  for (const char* ext : {".aem", ".cem", ".iqe", ".iqm", ".glb", ".gltf", ".e3d"})
    for (const auto& folder : {root, std::filesystem::path(AEM_TEST_DATA_DIR)})
      for (const auto& f : std::filesystem::recursive_directory_iterator(folder))
        if (f.is_regular_file() && f.path().extension() == ext && valid_source(f.path())) inputs.push_back(f.path());
  // The corpus has no OBJ (read by the FBX reader's ufbx) or DAE (read through Assimp): small
  // hand-written ones stand for them.
  std::ofstream(scratch / "quad.obj")
      << "o quad\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nvn 0 0 1\n"
         "f 1/1/1 2/2/1 3/3/1\nf 1/1/1 3/3/1 4/4/1\n";
  std::ofstream(scratch / "triangle.dae") << R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<asset><unit meter="1"/><up_axis>Y_UP</up_axis></asset>
<library_geometries><geometry id="tri" name="tri"><mesh>
<source id="tri-pos"><float_array id="tri-pos-array" count="9">0 0 0 1 0 0 0 1 0</float_array>
<technique_common><accessor source="#tri-pos-array" count="3" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
<vertices id="tri-vtx"><input semantic="POSITION" source="#tri-pos"/></vertices>
<triangles count="1"><input semantic="VERTEX" source="#tri-vtx" offset="0"/><p>0 1 2</p></triangles>
</mesh></geometry></library_geometries>
<library_visual_scenes><visual_scene id="scene"><node id="n" name="tri"><instance_geometry url="#tri"/></node></visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
)";
  inputs.push_back(scratch / "quad.obj");
  inputs.push_back(scratch / "triangle.dae");
  return inputs;
}

TEST(GltfWrite, EveryReadableModelValidatesWithoutErrors) {
  if (test::corpus_root().empty()) GTEST_SKIP() << "AEM_CORPUS_DIR is not set; corpus tests skipped";
  if (!test::validator_installed())
    GTEST_FAIL() << "the glTF validator is missing: run scripts/install-deps.sh --tests";
  const auto dir = test::temp_dir("gltf-validate");
  const auto inputs = readable_inputs(dir);
  std::set<std::string> formats;
  for (const auto& in : inputs) formats.insert(in.extension().string());
  EXPECT_GE(formats.size(), 9u) << "every readable format is covered";
  std::vector<std::filesystem::path> outputs;
  for (const auto& in : inputs) {
    const std::string stem = in.parent_path().filename().string() + "_" + in.filename().string();
    for (const auto& [name, extra] : std::vector<std::pair<std::string, std::string>>{
             {stem + ".glb", ""}, {stem + ".gltf", ""}, {stem + "-embedded.gltf", "--embed"}})
      outputs.push_back(test::convert_cli(in, dir / name, extra));
  }
  const auto reports = test::validate_gltf(outputs);
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    EXPECT_EQ(reports[i].errors, 0) << outputs[i] << ": " << reports[i].json;
    if (reports[i].warnings > 0)
      std::cout << outputs[i].filename().string() << ": " << reports[i].warnings
                << " validator warnings: " << reports[i].json << "\n";
  }
}

TEST(GltfWrite, SideFilesSitBesideTheGltfAndEmbedLeavesNone) {
  AEM_CORPUS_FILE(in, "gltf/BoxTextured/BoxTextured.glb");
  const auto dir = test::temp_dir("gltf-side");
  test::convert_cli(in, dir / "box.gltf");
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "box.bin"));
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "box_0.png"));
  // The PNG is the source's image byte for byte (no re-encoding).
  const auto png = test::read_bytes(dir / "box_0.png");
  const auto source = test::read_bytes(in);
  EXPECT_NE(std::search(source.begin(), source.end(), png.begin(), png.end()), source.end());
  const auto embedded = test::temp_dir("gltf-embed");
  test::convert_cli(in, embedded / "box.gltf", "--embed");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(embedded), std::filesystem::directory_iterator()), 1);
}

}  // namespace
}  // namespace aem
