// OBJ files that lie, read in process (no child guards this reader): truncated at every length, bytes
// overwritten, numbers that are no numbers, indices past the lists, a polygon of a million corners.
// Each read ends in an OBJ error or a scene that validates, never a crash or a hang.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;

/// Everything the reader takes from an OBJ: objects, groups, smoothing, UVs, normals, colours, lines,
/// a material library beside it.
const std::string kSample =
    "# a sample\nmtllib sample.mtl\no Box\nv 0 0 0 1 0 0\nv 1 0 0 0 1 0\nv 1 1 0 0 0 1\nv 0 1 0 1 1 1\nv 0 0 1\nv 1 0 1\n"
    "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nvn 0 0 1\nvn 0 -1 0\ng front\nusemtl red\ns 1\nf 1/1/1 2/2/1 3/3/1 4/4/1\n"
    "g bottom\ns off\nusemtl blue\nf 1/1/2 5/2/2 6/3/2 2/4/2\nl 1 6\no Other\nf -3 -2 -1\np 1\n";
const std::string kSampleMtl = "newmtl red\nKd 1 0 0\nmap_Kd red.png\nnewmtl blue\nKd 0 0 1\nd 0.5\n";

/// Reads `bytes` as `dir`/hostile.obj; fails the test unless it is an OBJ error naming the file
/// with an offset inside it, or a scene validate_scene accepts (numbers may be NaN: the reader keeps
/// them, and validate and write_scene refuse them later).
void expect_handled(const fs::path& dir, const std::string& bytes, const std::string& what) {
  test::write_file(dir / "hostile.obj", bytes);
  const Result<Scene> r = read_scene(dir / "hostile.obj");
  if (!r) {
    const Error& e = r.error();
    EXPECT_EQ(e.format, "OBJ") << what << ": " << e.to_string();
    EXPECT_EQ(e.code.rfind("OBJ_", 0), 0u) << what << ": " << e.to_string();
    EXPECT_NE(e.file.find("hostile.obj"), std::string::npos) << what;
    if (e.offset) EXPECT_LE(*e.offset, bytes.size()) << what;
    return;
  }
  for (const Error& e : validate_scene(r.value()).errors)
    if (e.code != "SCENE_NOT_FINITE") ADD_FAILURE() << what << ": " << e.to_string();
}

fs::path sample_dir() {
  const fs::path dir = test::temp_dir("obj-hostile");
  test::write_file(dir / "sample.mtl", kSampleMtl);
  return dir;
}

TEST(ObjHostile, EveryTruncationIsAnErrorOrAValidScene) {
  const fs::path dir = sample_dir();
  for (std::size_t n = 0; n <= kSample.size(); ++n)
    expect_handled(dir, kSample.substr(0, n), "first " + std::to_string(n) + " bytes");
}

TEST(ObjHostile, OverwrittenBytesAreAnErrorOrAValidScene) {
  const fs::path dir = sample_dir();
  std::mt19937 random(4321);  // fixed: the same files every run
  for (int round = 0; round < 400; ++round) {
    std::string broken = kSample;
    for (int k = 0; k < 3; ++k) broken[random() % broken.size()] = static_cast<char>(random() & 0xFF);
    expect_handled(dir, broken, "round " + std::to_string(round));
  }
}

TEST(ObjHostile, ANumberThatIsNoNumberIsAnError) {
  const fs::path dir = test::temp_dir("obj-bad-number");
  test::write_file(dir / "bad.obj", std::string("v 0 0 0\nv 1 0 0\nv 0 1.:5 0\nf 1 2 3\n"));
  const Result<Scene> r = read_scene(dir / "bad.obj");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, "OBJ_INVALID");
  EXPECT_EQ(r.error().format, "OBJ");
  EXPECT_EQ(r.error().line, 3u) << r.error().to_string();  // the number's own line
}

TEST(ObjHostile, IndicesPastTheListsAreClampedAndSaidSo) {
  const fs::path dir = test::temp_dir("obj-bad-index");
  test::write_file(dir / "far.obj", std::string("v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nf 1/1 2/7 9/1\n"));
  const Result<Scene> r = read_scene(dir / "far.obj");
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_TRUE(test::has_code(r.warnings, "OBJ_INDEX_CLAMPED"));
  EXPECT_TRUE(validate_scene(r.value()).valid());
}

TEST(ObjHostile, AHugePolygonIsSplitAsAFan) {
  // Ear clipping takes time in the square of the corners: this one would keep the reader busy for half
  // a minute. A regular polygon (convex), so the fan is its right triangulation.
  constexpr int kCorners = 1 << 18;
  std::string text;
  text.reserve(std::size_t(kCorners) * 40);
  for (int i = 0; i < kCorners; ++i) {
    const double a = 6.283185307179586 * i / kCorners;
    text += "v " + std::to_string(std::cos(a)) + " " + std::to_string(std::sin(a)) + " 0\n";
  }
  text += "f";
  for (int i = 1; i <= kCorners; ++i) text += " " + std::to_string(i);
  text += "\n";
  const fs::path dir = test::temp_dir("obj-huge-polygon");
  test::write_file(dir / "huge.obj", text);
  const Result<Scene> r = read_scene(dir / "huge.obj");
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->triangle_count(), std::size_t(kCorners - 2));
  EXPECT_TRUE(test::has_code(r.warnings, "OBJ_POLYGONS_FANNED"));
}

}  // namespace
}  // namespace aem
