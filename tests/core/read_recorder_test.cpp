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

// Assimp opens the OBJ's .mtl itself; the texture it names is read by the importer's material code.
TEST(ReadRecorder, ObjThroughAssimpRecordsMtlAndTexture) {
  TempDir dir;
  const auto obj = dir.write("quad.obj", "mtllib quad.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nusemtl m\nf 1/1 2/2 3/3\n");
  const auto mtl = dir.write("quad.mtl", "newmtl m\nKd 1 1 1\nmap_Kd my texture.png\n");
  fs::copy_file(fs::path(AEM_TEST_DATA_DIR) / "render/aem_box_textured.png", dir.path / "my texture.png");
  dir.write("unrelated.png", "not read");
  ReadOptions options;
  options.isolate_third_party = false;  // in a child process the reads would happen out of sight
  detail::ReadRecorder recorder;
  auto scene = read_scene(obj, options);
  ASSERT_TRUE(scene) << scene.error().to_string();
  EXPECT_EQ(sorted(recorder.paths()), sorted({obj.string(), mtl.string(), (dir.path / "my texture.png").string()}));
}

}  // namespace
}  // namespace aem
