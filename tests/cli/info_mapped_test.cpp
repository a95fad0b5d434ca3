// `aem info` summarises a current-layout AEM file from its memory-mapped bytes; `--whole-scene`
// reads the whole scene as for every other format. Both must print the same bytes: text, JSON,
// warnings and errors, on fixtures, the corpus, generated and hostile files.
#include <gtest/gtest.h>

#include <regex>

#include "support/corpus.hpp"
#include "aem/io.hpp"
#include "support/raw_aem.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;
using test::CliRun;
using test::run_cli_split;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

/// `aem info FILE` (text), after checking that both ways and both modes (text, --json) agree.
CliRun expect_same_info(const fs::path& file, const fs::path& dir) {
  CliRun text;
  for (const std::string mode : {"", " --json"}) {
    const CliRun mapped = run_cli_split("info " + quoted(file) + mode, dir);
    const CliRun scene = run_cli_split("info --whole-scene " + quoted(file) + mode, dir);
    EXPECT_EQ(mapped.code, scene.code) << file << mode;
    EXPECT_EQ(mapped.out, scene.out) << file << mode;
    EXPECT_EQ(mapped.err, scene.err) << file << mode;
    if (mode.empty()) text = mapped;
  }
  return text;
}

fs::path write_raw(const fs::path& dir, const std::string& name, const test::RawAem& raw) {
  test::write_file(dir / name, raw.bytes());
  return dir / name;
}

bool has(const std::string& text, const std::string& pattern) { return std::regex_search(text, std::regex(pattern)); }

void expect_all(const std::string& text, std::initializer_list<std::string> patterns) {
  for (const auto& p : patterns) EXPECT_TRUE(has(text, p)) << "no \"" << p << "\" in:\n" << text;
}

TEST(InfoMapped, FixturesPrintTheSameBothWays) {
  const auto dir = test::temp_dir("info-fixtures");
  for (const char* folder : {"aem", "aem-legacy"})
    for (const auto& file : test::files_with_extension(fs::path(AEM_TEST_DATA_DIR) / folder, ".aem"))
      expect_same_info(file, dir);
}

TEST(InfoMapped, CorpusPrintsTheSameBothWays) {
  AEM_CORPUS_FILES(current, "aem", ".aem");
  AEM_CORPUS_FILES(legacy, "aem-legacy", ".aem");
  const auto dir = test::temp_dir("info-corpus");
  for (const auto& file : current) EXPECT_EQ(expect_same_info(file, dir).code, 0) << file;
  for (const auto& file : legacy) EXPECT_EQ(expect_same_info(file, dir).code, 0) << file;
}

TEST(InfoMapped, GeneratedTubesPrintTheSameBothWays) {
  const auto dir = test::temp_dir("info-tubes");
  for (const std::string shape :
       {"--rings 3 --segments 4 --joints 2", "--rings 40 --segments 12 --joints 7", "--joints 1"}) {
    const auto file = dir / "tube.aem";
    ASSERT_EQ(test::run_cli("example " + quoted(file) + " " + shape), 0) << shape;
    EXPECT_EQ(expect_same_info(file, dir).code, 0) << shape;
  }
}

TEST(InfoMapped, ContiguousMeshesShowTheirRanges) {
  const auto dir = test::temp_dir("info-contiguous");
  const CliRun r = expect_same_info(write_raw(dir, "contiguous.aem", test::raw_contiguous_meshes()), dir);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // Counts worked out from the file's records (support/raw_aem.hpp): vertex 5 is in mesh 1's range.
  expect_all(
      r.out,
      {"vertices 7, triangles 3, meshes 3, materials 1, textures 0, joints 1, nodes 0, animations 0\n",
       "bounds \\(-0, 0, -1\\) \\.\\. \\(9, 9, 9\\)\n", " 0  mesh0 +3 vertices +1 triangles  material 0  skinned\n",
       " 1  mesh1 +4 vertices +2 triangles  material 0\n", " 2  mesh2 +0 vertices +0 triangles  material 0\n"});
}

TEST(InfoMapped, SharedVerticesShowWhatEachMeshUses) {
  const auto dir = test::temp_dir("info-shared");
  const CliRun r = expect_same_info(write_raw(dir, "shared.aem", test::raw_shared_meshes()), dir);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_all(r.err,
             {"AEM_TEXTURE_255", "AEM_VERTICES_SHARED", "AEM_PARTIAL_TRIANGLE", "texture \"missing.png\" not found"});
  // Vertex 5 belongs to no mesh: dropped, and outside the bounds.
  expect_all(r.out, {"vertices 6, triangles 2, meshes 2", "bounds \\(0, 0, 0\\) \\.\\. \\(2, 1, 0\\)\n",
                     " 0  mesh0 +3 vertices +1 triangles  material 0  skinned\n",
                     " 1  mesh1 +3 vertices +1 triangles  material 0\n"});
}

TEST(InfoMapped, HostileFilesGiveTheSameErrorBothWays) {
  const auto dir = test::temp_dir("info-hostile");
  const auto good = test::raw_contiguous_meshes().bytes();
  test::RawAem bad_index = test::raw_contiguous_meshes();
  bad_index.indices[4] = 99;
  const std::vector<std::pair<std::string, std::vector<std::byte>>> cases = {
      {"AEM_SIZE_MISMATCH", {good.begin(), good.end() - 1}},
      {"AEM_INDEX_OUT_OF_RANGE", bad_index.bytes()},
      {"AEM_TOO_SMALL", {good.begin(), good.begin() + 20}},
      {"AEM_TOO_SMALL", {}},
      {"AEM_BAD_MAGIC",
       {std::byte{'n'}, std::byte{'o'}, std::byte{'t'}, std::byte{' '}, std::byte{'A'}, std::byte{'E'},
        std::byte{'M'}}},
  };
  for (const auto& [code, bytes] : cases) {
    const auto file = dir / "hostile.aem";
    test::write_file(file, bytes);
    const CliRun r = expect_same_info(file, dir);
    EXPECT_EQ(r.code, 1) << code;
    EXPECT_TRUE(has(r.err, code)) << code << ": " << r.err;
  }
}

TEST(InfoMapped, ValidAemFilesAlwaysGoToTheAemReader) {
  // The mapped path skips format detection: read_scene must pick the AEM reader for any file that
  // starts with "AEM", whatever its name says.
  const auto bytes = test::raw_contiguous_meshes().bytes();
  for (const char* name : {"model.aem", "model.glb", "model.obj", "model"}) {
    const FormatHandler* f = detect_format(bytes, name);
    ASSERT_NE(f, nullptr) << name;
    EXPECT_EQ(f->name, "aem") << name;
  }
}

TEST(InfoMapped, MappedFileIsTheOnlyCopyInMemory) {
  const auto dir = test::temp_dir("info-memory");
  const auto file = dir / "tube.aem";
  ASSERT_EQ(test::run_cli("example " + quoted(file) + " --rings 500 --segments 128 --joints 60"), 0);
  const std::uint64_t size = fs::file_size(file);
  const std::uint64_t mapped = test::cli_peak_rss({"info", file.string()}),
                      scene = test::cli_peak_rss({"info", "--whole-scene", file.string()});
  // The scene path holds the file's bytes and then the scene's vertex arrays, each about the file's
  // size; the mapped path only the file's pages (the process's own few megabytes are in both).
  EXPECT_GT(scene, mapped + size) << "mapped " << mapped << ", whole scene " << scene << ", file " << size;
}

}  // namespace
}  // namespace aem
