// ReadRecorder: the files a read touched, as depfiles and `aem convert --cache` rely on.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <thread>

#include "aem/io.hpp"
#include "core/file.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("aem_recorder_" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name, std::ios::binary) << text;
    return path / name;
  }
};

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(ReadRecorder, RecordsEachFileOnceAndNests) {
  TempDir dir;
  const auto a = dir.write("a.txt", "a"), b = dir.write("b.txt", "b");
  detail::ReadRecorder outer;
  ASSERT_TRUE(detail::read_file(a));
  {
    detail::ReadRecorder inner;
    ASSERT_TRUE(detail::MappedFile::open(b));
    ASSERT_TRUE(detail::read_file(b));
    EXPECT_EQ(inner.paths(), std::vector<std::string>{b.string()});
  }
  EXPECT_FALSE(detail::read_file(dir.path / "missing.txt"));  // a failed open is no dependency
  EXPECT_EQ(outer.paths(), (std::vector<std::string>{a.string(), b.string()}));
}

TEST(ReadRecorder, AnotherThreadsReadsAreNotRecorded) {
  TempDir dir;
  const auto a = dir.write("a.txt", "a"), b = dir.write("b.txt", "b");
  detail::ReadRecorder mine;
  std::thread([&] {
    detail::ReadRecorder theirs;
    ASSERT_TRUE(detail::read_file(b));
    EXPECT_EQ(theirs.paths(), std::vector<std::string>{b.string()});
  }).join();
  ASSERT_TRUE(detail::read_file(a));
  EXPECT_EQ(mine.paths(), std::vector<std::string>{a.string()});
}

// The OBJ reader opens the .mtl through ufbx's file callback and reads the texture it names.
TEST(ReadRecorder, ObjRecordsMtlAndTexture) {
  TempDir dir;
  const auto obj = dir.write(
      "quad.obj", "mtllib quad.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nusemtl m\nf 1/1 2/2 3/3\n");
  const auto mtl = dir.write("quad.mtl", "newmtl m\nKd 1 1 1\nmap_Kd my texture.png\n");
  fs::copy_file(fs::path(AEM_TEST_DATA_DIR) / "render/aem_box_textured.png", dir.path / "my texture.png");
  dir.write("unrelated.png", "not read");
  detail::ReadRecorder recorder;
  auto scene = read_scene(obj);
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_EQ(sorted(recorder.paths()), sorted({obj.string(), mtl.string(), (dir.path / "my texture.png").string()}));
}

// Assimp opens the model through our file callbacks; the texture it names is read by the importer's
// material code.
TEST(ReadRecorder, ColladaThroughAssimpRecordsModelAndTexture) {
  if (!find_format("assimp")) GTEST_SKIP() << "built without Assimp";
  TempDir dir;
  const auto dae = dir.write("tri.dae", R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<library_images><image id="img"><init_from>my_texture.png</init_from></image></library_images>
<library_effects><effect id="fx"><profile_COMMON>
<newparam sid="surface"><surface type="2D"><init_from>img</init_from></surface></newparam>
<newparam sid="sampler"><sampler2D><source>surface</source></sampler2D></newparam>
<technique sid="common"><lambert><diffuse><texture texture="sampler" texcoord="uv"/></diffuse></lambert></technique>
</profile_COMMON></effect></library_effects>
<library_materials><material id="mat"><instance_effect url="#fx"/></material></library_materials>
<library_geometries><geometry id="tri"><mesh>
<source id="pos"><float_array id="pos-array" count="9">0 0 0 1 0 0 0 1 0</float_array>
<technique_common><accessor source="#pos-array" count="3" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
<vertices id="vtx"><input semantic="POSITION" source="#pos"/></vertices>
<triangles material="m" count="1"><input semantic="VERTEX" source="#vtx" offset="0"/><p>0 1 2</p></triangles>
</mesh></geometry></library_geometries>
<library_visual_scenes><visual_scene id="scene"><node id="n"><instance_geometry url="#tri"><bind_material><technique_common>
<instance_material symbol="m" target="#mat"/></technique_common></bind_material></instance_geometry></node></visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
)");
  fs::copy_file(fs::path(AEM_TEST_DATA_DIR) / "render/aem_box_textured.png", dir.path / "my_texture.png");
  dir.write("unrelated.png", "not read");
  ReadOptions options;
  options.isolate_third_party = false;  // in a child process the reads would happen out of sight
  detail::ReadRecorder recorder;
  auto scene = read_scene(dae, options);
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_EQ(sorted(recorder.paths()), sorted({dae.string(), (dir.path / "my_texture.png").string()}));
}

}  // namespace
}  // namespace aem
