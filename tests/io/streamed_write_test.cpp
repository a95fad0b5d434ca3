// write_scene streams formats with write_stream (AEM) straight into the output's temporary file: the
// file must be the bytes the in-memory write gives, and a failure part-way must leave nothing behind.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <stdexcept>

#include "aem/convert.hpp"
#include "aem/example.hpp"
#include "aem/io.hpp"
#include "core/byte_writer.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"

namespace aem {
namespace {

/// The AEM handler without its streamed entry: write_scene then writes through `write`, in memory.
FormatHandler aem_in_memory() {
  FormatHandler h = *find_format("aem");
  h.write_stream = nullptr;
  return h;
}

/// Files in `dir` other than `keep` (temporaries left behind would show here).
std::vector<std::string> other_files(const std::filesystem::path& dir, const std::string& keep) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename() != keep) names.push_back(e.path().filename().string());
  return names;
}

/// The streamed and the in-memory write of `scene` give the same file.
void expect_same_file(const Scene& scene, const std::filesystem::path& dir) {
  const FormatHandler memory = aem_in_memory();
  auto streamed = write_scene(dir / "streamed.aem", scene, find_format("aem"));
  auto whole = write_scene(dir / "whole.aem", scene, &memory);
  ASSERT_EQ(streamed.ok(), whole.ok()) << (streamed ? whole.error() : streamed.error()).to_string();
  if (!whole) {
    EXPECT_EQ(streamed.error().code, whole.error().code);
    return;
  }
  ASSERT_EQ(streamed.warnings.size(), whole.warnings.size());
  for (std::size_t i = 0; i < whole.warnings.size(); ++i) EXPECT_EQ(streamed.warnings[i].code, whole.warnings[i].code);
  EXPECT_TRUE(test::read_bytes(dir / "streamed.aem") == test::read_bytes(dir / "whole.aem")) << "bytes differ";
}

/// A scene of about 12 MB of AEM: the stream passes its bytes on in several chunks.
Scene large_scene() {
  ExampleOptions o;
  o.rings = 2200;
  o.segments = 64;
  o.joints = 12;
  return make_example_scene(o);
}

TEST(StreamedWrite, CorpusModelsGiveTheInMemoryBytes) {
  const auto dir = test::temp_dir("streamed-corpus");
  for (const auto& [folder, ext] : {std::pair{"aem", ".aem"},
                                    {"gltf", ".glb"},
                                    {"gltf", ".gltf"},
                                    {"iqm", ".iqm"},
                                    {"iqe", ".iqe"},
                                    {"cem", ".cem"}}) {
    for (const auto& file : test::corpus_or_fixture_files(folder, ext)) {
      SCOPED_TRACE(file.string());
      auto scene = read_scene(file);
      if (!scene) continue;  // fixtures may be invalid on purpose; reading is tested elsewhere
      expect_same_file(scene.value(), dir);
    }
  }
}

TEST(StreamedWrite, GeneratedScenesGiveTheInMemoryBytes) {
  const auto dir = test::temp_dir("streamed-generated");
  Scene large = large_scene();
  {
    SCOPED_TRACE("large");
    expect_same_file(large, dir);
  }
  // Nodes make the writer flatten a copy; a mesh without material gets the default one appended.
  Scene instanced = make_example_scene();
  for (float x : {1.0f, -1.0f}) {
    Node n;
    n.local.translation = {x, 0, 0};
    n.meshes = {0};
    instanced.nodes.push_back(n);
  }
  instanced.meshes[0].material = -1;
  {
    SCOPED_TRACE("instanced");
    expect_same_file(instanced, dir);
  }
  Scene empty;
  empty.conventions = find_format("aem")->conventions;
  {
    SCOPED_TRACE("empty");
    expect_same_file(empty, dir);
  }
}

// The test program's own fsync, which the library's calls reach (it is linked in statically): counts
// the calls, then does what the C library's does.
std::atomic<int> fsync_calls{0};

}  // namespace
}  // namespace aem

extern "C" int fsync(int fd) {
  ++aem::fsync_calls;
  return static_cast<int>(syscall(SYS_fsync, fd));
}

namespace aem {
namespace {

// With WriteOptions::sync every file written is flushed to the device before it is renamed into
// place (streamed: AEM; in memory with a side file: glTF and its .bin); without it, none is. The
// bytes are the same either way.
TEST(SyncedWrite, SyncFlushesEveryFileWrittenAndOnlyThen) {
  const auto dir = test::temp_dir("synced-write");
  const Scene scene = large_scene();
  for (const auto& [name, files] : {std::pair{"model.aem", 1}, {"model.gltf", 2}}) {
    SCOPED_TRACE(name);
    for (bool sync : {false, true}) {
      WriteOptions options;
      options.sync = sync;
      const auto folder = dir / (sync ? "synced" : "plain");
      std::filesystem::create_directories(folder);
      const int before = fsync_calls;
      ASSERT_TRUE(write_scene(folder / name, scene, nullptr, options).ok());
      EXPECT_EQ(fsync_calls - before, sync ? files : 0);
    }
    for (const auto& e : std::filesystem::directory_iterator(dir / "plain"))
      EXPECT_TRUE(test::read_bytes(e.path()) == test::read_bytes(dir / "synced" / e.path().filename())) << e.path();
  }
  EXPECT_EQ(other_files(dir / "synced", "").size(), 3u) << "temporaries left behind";
}

// A conversion passes WriteOptions::sync on to the texture files it writes beside the model.
TEST(SyncedWrite, AConversionFlushesItsTextureFilesToo) {
  const auto dir = test::temp_dir("synced-convert");
  convert::ConvertOptions options;
  options.write.sync = true;
  const int before = fsync_calls;
  auto report = convert::convert_file(std::filesystem::path(AEM_TEST_DATA_DIR) / "gltf/skinned_quad.glb",
                                      dir / "quad.aem", options);
  ASSERT_TRUE(report.ok()) << report.error().to_string();
  ASSERT_FALSE(report->textures_written.empty());
  EXPECT_EQ(fsync_calls - before, 1 + static_cast<int>(report->textures_written.size()));
}

/// Keeps what it is given and refuses everything after `limit` bytes.
class RecordingSink final : public ByteSink {
 public:
  explicit RecordingSink(std::size_t limit = SIZE_MAX) : limit_(limit) {}
  bool put(std::span<const std::byte> bytes) override {
    if (bytes_.size() + bytes.size() > limit_) return false;
    bytes_.insert(bytes_.end(), bytes.begin(), bytes.end());
    largest_ = std::max(largest_, bytes.size());
    ++pieces_;
    return true;
  }
  std::vector<std::byte> bytes_;
  std::size_t limit_, largest_ = 0, pieces_ = 0;
};

TEST(StreamedWrite, TheWriterKeepsAboutOneChunkInMemory) {
  Scene scene = large_scene();
  scene.conventions = find_format("aem")->conventions;
  auto whole = find_format("aem")->write(scene, {});
  ASSERT_TRUE(whole.ok()) << whole.error().to_string();
  RecordingSink sink;
  auto streamed = find_format("aem")->write_stream(scene, {}, sink);
  ASSERT_TRUE(streamed.ok()) << streamed.error().to_string();
  EXPECT_TRUE(sink.bytes_ == whole.value());
  EXPECT_GE(sink.pieces_, 3u);
  // The largest record the AEM writer appends between spills is a block of 4096 indices (16 KB).
  EXPECT_LE(sink.largest_, detail::ByteWriter::kChunk + 4096 * 4)
      << "the writer buffered more than a chunk and a record";
}

TEST(StreamedWrite, ARefusingSinkStopsTheWriterWithTheOffset) {
  Scene scene = large_scene();
  RecordingSink sink(detail::ByteWriter::kChunk + detail::ByteWriter::kChunk / 2);  // takes the first chunk only
  auto streamed = find_format("aem")->write_stream(scene, {}, sink);                // guarded: the refusal is an Error
  ASSERT_FALSE(streamed.ok());
  EXPECT_EQ(streamed.error().code, "IO_WRITE_FAILED");
  EXPECT_EQ(streamed.error().offset, std::optional<std::uint64_t>(sink.bytes_.size()));
  EXPECT_EQ(sink.pieces_, 1u);
}

/// A previous output, and a check that a failed write left it and nothing else.
class FailedWrite : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test::temp_dir("streamed-failure");
    out_ = dir_ / "model.aem";
    test::write_file(out_, std::string("previous contents"));
  }
  void expect_nothing_changed() {
    EXPECT_EQ(test::read_bytes(out_).size(), std::string("previous contents").size());
    EXPECT_TRUE(other_files(dir_, "model.aem").empty()) << "a temporary was left behind";
  }
  std::filesystem::path dir_, out_;
};

TEST_F(FailedWrite, AFullDiskLeavesThePreviousFile) {
  // RLIMIT_FSIZE makes write() fail with EFBIG past 1 MB, as a full disk makes it fail with ENOSPC.
  rlimit old{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old), 0);
  const auto old_handler = signal(SIGXFSZ, SIG_IGN);
  rlimit small = old;
  small.rlim_cur = 1u << 20;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  auto st = write_scene(out_, large_scene());
  setrlimit(RLIMIT_FSIZE, &old);
  signal(SIGXFSZ, old_handler);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().code, "IO_WRITE_FAILED");
  EXPECT_EQ(st.error().file, out_.string());
  EXPECT_EQ(st.error().offset, std::optional<std::uint64_t>(1u << 20));
  EXPECT_NE(st.error().message.find("too large"), std::string::npos) << st.error().message;
  expect_nothing_changed();
}

/// A format that writes 1 MB, then fails: by throwing, or with an Error.
template <bool Throw>
Status write_then_fail(const Scene&, const WriteOptions&, ByteSink& sink) {
  const std::vector<std::byte> megabyte(1u << 20, std::byte{7});
  if (!sink.put(megabyte)) return Error{.code = "IO_WRITE_FAILED", .format = "TEST", .message = "refused"};
  if (Throw) throw std::runtime_error("writer broke");
  return Error{.code = "TEST_WRITER_FAILED", .format = "TEST", .message = "writer gave up"};
}

FormatHandler failing_format(Status (*stream)(const Scene&, const WriteOptions&, ByteSink&)) {
  FormatHandler h = aem_in_memory();
  h.write_stream = stream;
  return h;
}

TEST_F(FailedWrite, AWriterErrorPartWayLeavesThePreviousFile) {
  const FormatHandler format = failing_format(&write_then_fail<false>);
  auto st = write_scene(out_, make_example_scene(), &format);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().code, "TEST_WRITER_FAILED");
  expect_nothing_changed();
}

TEST_F(FailedWrite, AnExceptionPartWayLeavesThePreviousFile) {
  const FormatHandler format = failing_format(&write_then_fail<true>);
  auto st = write_scene(out_, make_example_scene(), &format);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().code, "INTERNAL_ERROR");
  EXPECT_EQ(st.error().file, out_.string());
  expect_nothing_changed();
}

TEST_F(FailedWrite, NonFiniteNumbersWriteNothing) {
  Scene scene = make_example_scene();
  scene.meshes[0].positions[3].y = std::numeric_limits<float>::quiet_NaN();
  auto st = write_scene(out_, scene);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("NaN"), std::string::npos) << st.error().message;
  expect_nothing_changed();
}

}  // namespace
}  // namespace aem
