// AemModel::load checks vertices and keyframes chunk by chunk while it reads (128 KB reads), or while
// it gives the pages of a mapping back (MapAndRelease): errors and warnings must be the ones in-memory
// validation gives, at offsets computed here from aem.txt's layout (header 40 bytes, vertices 92 bytes
// each, keyframes of 20 bytes last), including records that straddle a chunk boundary. Every test runs for each source, with the vertex
// warnings tallied and skipped (the C API's load: the same errors, no vertex warnings).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <tuple>

#include <unistd.h>

#include "aem/aem_view.hpp"
#include "aem/example.hpp"
#include "formats/aem/aem_format.hpp"
#include "support/resident.hpp"

namespace aem {
namespace {

struct LargeFile {
  std::vector<std::byte> bytes;
  std::uint32_t vertices = 0, bones = 0;
  std::filesystem::path path;

  /// By default 3 840 vertices (64 a ring), 353 KB, three reads.
  explicit LargeFile(ExampleOptions o = {.segments = 63, .rings = 60}) {
    auto written = formats::aem_write(make_example_scene(o), {});
    EXPECT_TRUE(written.ok());
    bytes = written.value();
    std::memcpy(&vertices, bytes.data() + 4, 4);
    std::memcpy(&bones, bytes.data() + 4 + 20, 4);
    path = std::filesystem::temp_directory_path() / ("aem-chunked-" + std::to_string(::getpid()) + "-" +
                                                     std::to_string(reinterpret_cast<std::uintptr_t>(this)) + ".aem");
  }
  ~LargeFile() { std::filesystem::remove(path); }
  template <class T>
  void put(std::uint64_t at, T v) {
    std::memcpy(bytes.data() + at, &v, sizeof v);
  }
  /// Writes the bytes to the file and loads it (a model mapping the file must be gone by then).
  Result<AemModel> load(AemModel::Source source, VertexWarnings warnings = VertexWarnings::Report) const {
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return load_again(source, warnings);
  }
  /// Loads the file as written last.
  Result<AemModel> load_again(AemModel::Source source, VertexWarnings warnings = VertexWarnings::Report) const {
    return AemModel::load(path, source, warnings);
  }
};

std::uint64_t vertex_at(std::uint32_t v) { return 40 + 92ull * v; }

class AemChunkedLoad : public ::testing::TestWithParam<std::tuple<AemModel::Source, VertexWarnings>> {
 protected:
  Result<AemModel> load(const LargeFile& f) const { return f.load(std::get<0>(GetParam()), std::get<1>(GetParam())); }
  bool skips_vertex_warnings() const { return std::get<1>(GetParam()) == VertexWarnings::Skip; }
};

bool is_vertex_warning(const Warning& w) {
  return w.code == "AEM_NORMAL_NOT_UNIT" || w.code == "AEM_WEIGHTS_NOT_NORMALIZED";
}

TEST_P(AemChunkedLoad, CleanFileLoadsWithTheSameWarningsAsInMemory) {
  LargeFile f;
  ASSERT_GT(f.bytes.size(), 2u * 128 * 1024);
  f.put<float>(vertex_at(2000) + 12, 2.0f);  // a normal of length about 2, in the second read
  f.put<float>(vertex_at(10) + 72, 0.0f);    // weights that no longer sum to 1
  f.put<std::int32_t>(vertex_at(10) + 56, 0);
  auto loaded = load(f);
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  auto in_memory = AemView::validate(f.bytes);
  ASSERT_TRUE(in_memory.ok());
  ASSERT_EQ(std::count_if(in_memory.warnings.begin(), in_memory.warnings.end(), is_vertex_warning), 2);
  if (skips_vertex_warnings()) std::erase_if(in_memory.warnings, is_vertex_warning);
  ASSERT_EQ(loaded.warnings.size(), in_memory.warnings.size());
  bool found = false;
  for (std::size_t i = 0; i < loaded.warnings.size(); ++i) {
    EXPECT_EQ(loaded.warnings[i].code, in_memory.warnings[i].code);
    EXPECT_EQ(loaded.warnings[i].offset, in_memory.warnings[i].offset);
    EXPECT_EQ(loaded.warnings[i].path, in_memory.warnings[i].path);
    if (loaded.warnings[i].code == "AEM_NORMAL_NOT_UNIT") {
      found = true;
      EXPECT_EQ(loaded.warnings[i].offset, vertex_at(2000) + 12);
      EXPECT_EQ(loaded.warnings[i].path, "vertices[2000]");
    }
  }
  EXPECT_EQ(found, !skips_vertex_warnings());
}

TEST_P(AemChunkedLoad, BadVerticesAnywhereAreFoundAtTheirOffsets) {
  const std::uint32_t straddling = (128 * 1024 - 40) / 92;  // starts in the first read, ends in the second
  const LargeFile clean;
  for (std::uint32_t v : {0u, straddling, straddling + 1, clean.vertices - 1}) {
    SCOPED_TRACE(testing::Message() << "vertex " << v);
    LargeFile f;
    f.put<float>(vertex_at(v) + 88 - 4, std::numeric_limits<float>::quiet_NaN());  // last weight word
    auto r = load(f);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "AEM_NOT_FINITE");
    EXPECT_EQ(r.error().offset, vertex_at(v));
    LargeFile g;
    g.put<std::int32_t>(vertex_at(v) + 88, static_cast<std::int32_t>(g.bones));  // extra bone index
    r = load(g);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "AEM_BONE_INDEX_OUT_OF_RANGE");
    EXPECT_EQ(r.error().offset, vertex_at(v) + 88);
  }
}

TEST_P(AemChunkedLoad, BadIndicesAnywhereAreFoundAtTheirOffsets) {
  const LargeFile clean;
  std::uint32_t indices;
  std::memcpy(&indices, clean.bytes.data() + 8, 4);
  const std::uint64_t first = vertex_at(clean.vertices);
  const std::uint32_t straddling =
      static_cast<std::uint32_t>((3 * 128 * 1024 - first) / 4);  // the first index of the fourth read
  ASSERT_LT(straddling, indices);
  for (std::uint32_t i : {0u, straddling - 1, straddling, indices - 1}) {
    SCOPED_TRACE(testing::Message() << "index " << i);
    LargeFile f;
    f.put<std::uint32_t>(first + 4ull * i, f.vertices);
    auto r = load(f);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "AEM_INDEX_OUT_OF_RANGE");
    EXPECT_EQ(r.error().offset, first + 4ull * i);
  }
}

TEST_P(AemChunkedLoad, BadKeyframesAnywhereAreFoundAtTheirOffsets) {
  // 20 joints swaying a minute at 30 keys a second: about 36 000 keyframes, 720 KB of them over six reads.
  const ExampleOptions keyed{.segments = 8, .rings = 4, .joints = 20, .duration = 60.0f};
  const LargeFile clean(keyed);
  std::uint32_t keyframes;
  std::memcpy(&keyframes, clean.bytes.data() + 36, 4);
  const std::uint64_t first = clean.bytes.size() - 20ull * keyframes;
  ASSERT_GT(20ull * keyframes, 5u * 128 * 1024);
  auto r = load(clean);
  ASSERT_TRUE(r.ok()) << r.error().to_string();  // times fall back to 0 where each channel starts
  const auto time_at = [&](std::uint32_t k) {
    float t;
    std::memcpy(&t, clean.bytes.data() + first + 20ull * k, 4);
    return t;
  };
  // The nearest key from `k` on (or, with `step` -1, back) whose time follows its predecessor's in the
  // same channel: each channel's times start again from 0.
  const auto inside_channel = [&](std::uint32_t k, int step = 1) {
    while (!(time_at(k) > time_at(k - 1))) k += step;
    return k;
  };
  const auto straddling = static_cast<std::uint32_t>((2 * 128 * 1024 - first) / 20);  // ends in the third read
  for (std::uint32_t k : {inside_channel(1), inside_channel(straddling), inside_channel(straddling + 1),
                          inside_channel(keyframes - 1, -1)}) {
    SCOPED_TRACE(testing::Message() << "keyframe " << k);
    LargeFile f(keyed);
    f.put<float>(first + 20ull * k + 16, std::numeric_limits<float>::infinity());  // the value's last word
    r = load(f);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "AEM_NOT_FINITE");
    EXPECT_EQ(r.error().offset, first + 20ull * k);
    ASSERT_GT(time_at(k), time_at(k - 1)) << "inside a channel";
    LargeFile g(keyed);
    g.put<float>(first + 20ull * k, time_at(k - 1) - 0.5f);  // earlier than the key before it
    r = load(g);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "AEM_KEYS_UNSORTED");
    EXPECT_EQ(r.error().offset, first + 20ull * k);
  }
  // A channel whose keys run past the keyframes: the last sequence's rotation keys (24-byte records
  // before the keyframes; first_rotation at byte 8).
  LargeFile f(keyed);
  const std::uint64_t last_rotation = first - 24 + 8;
  f.put<std::uint32_t>(last_rotation, keyframes);
  r = load(f);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "AEM_KEYFRAME_RANGE");
  EXPECT_EQ(r.error().offset, last_rotation);
}

TEST_P(AemChunkedLoad, HeaderThatDoesNotFitTheFileIsStillReported) {
  LargeFile f;
  f.put<std::uint32_t>(4, f.vertices + 1);  // counts imply 92 more bytes than the file has
  auto r = load(f);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "AEM_SIZE_MISMATCH");
}

INSTANTIATE_TEST_SUITE_P(EverySource, AemChunkedLoad,
                         ::testing::Combine(::testing::Values(AemModel::Source::Read, AemModel::Source::Map,
                                                              AemModel::Source::MapAndRelease),
                                            ::testing::Values(VertexWarnings::Report, VertexWarnings::Skip)),
                         [](const auto& info) {
                           const auto source = std::get<0>(info.param);
                           return std::string(source == AemModel::Source::Read  ? "Read"
                                              : source == AemModel::Source::Map ? "Map"
                                                                                : "MapAndRelease") +
                                  (std::get<1>(info.param) == VertexWarnings::Report ? "" : "ErrorsOnly");
                         });

// MapAndRelease leaves little of the file resident once loaded, Map all of it (the checks touch every
// byte), and the released model still reads the file's bytes. The file is large enough that the few
// pages validation touches afterwards (header, the small sections at the end) stay well below a
// quarter of it even where the kernel maps the file's cache in 2 MB pieces.
TEST(AemMapAndRelease, CheckedPagesGoBackAndReadAgainAsTheFile) {
  ExampleOptions o;
  o.rings = 1600;
  o.segments = 127;  // 204 800 vertices: 24 MB with the indices
  LargeFile f;
  f.bytes = formats::aem_write(make_example_scene(o), {}).value();
  auto mapped = f.load(AemModel::Source::Map);
  auto released = f.load_again(AemModel::Source::MapAndRelease);
  ASSERT_TRUE(mapped.ok()) << mapped.error().to_string();
  ASSERT_TRUE(released.ok()) << released.error().to_string();
  const std::uint64_t size = f.bytes.size();
  EXPECT_GE(test::resident_bytes(mapped->view().bytes().data()), size * 9 / 10);
  EXPECT_LT(test::resident_bytes(released->view().bytes().data()), size / 4);
  EXPECT_EQ(std::memcmp(released->view().bytes().data(), f.bytes.data(), size), 0);
}

}  // namespace
}  // namespace aem
