// Files of 1 MB or more (these are over 16 MB) are read through a memory mapping whose pages the glTF
// reader gives back as it decodes them (ReadInput::release). The scene must be the one read from memory, its arrays the file's
// bytes decoded here by hand, the mapping must never hold much of the file, and a truncated or lying
// file gives the same errors as from memory.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>

#include "aem/example.hpp"
#include "aem/io.hpp"
#include "core/file.hpp"
#include "formats/gltf/gltf_format.hpp"
#include "formats/gltf/json.hpp"
#include "gltf/gltf_read_support.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"
#include "support/resident.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;
constexpr std::uint64_t kMB = 1 << 20;

/// A skinned tube written as .glb, about 36 MB: each vertex accessor spans several 1 MB decode blocks,
/// the indices more than the 8 MB the mapping may hold.
Scene large_scene() { return make_example_scene({.segments = 128, .rings = 3000, .joints = 16}); }

const fs::path& large_glb() {
  static const fs::path path = [] {
    const fs::path p = test::temp_dir("gltf-mapped") / "tube.glb";
    const Status written = write_scene(p, large_scene());
    if (!written) throw std::runtime_error(written.error().to_string());
    return p;
  }();
  return path;
}

std::uint32_t u32_at(const std::vector<std::byte>& bytes, std::size_t at) {
  std::uint32_t v;
  std::memcpy(&v, bytes.data() + at, 4);
  return v;
}

/// The bytes of accessors[index] of a packed 4-byte-component accessor, found by hand in the GLB.
std::span<const std::byte> accessor_bytes(const std::vector<std::byte>& glb, const formats::gltf::Json& root,
                                          double index) {
  const auto accessor = root["accessors"][static_cast<std::size_t>(index)];
  const auto view = root["bufferViews"][static_cast<std::size_t>(accessor["bufferView"].number())];
  EXPECT_FALSE(view["byteStride"].exists());
  const std::size_t bin = 20 + u32_at(glb, 12) + 8;
  const std::size_t components = accessor["type"].string() == "SCALAR" ? 1 : accessor["type"].string()[3] - '0';
  return std::span(glb).subspan(
      bin + static_cast<std::size_t>(view["byteOffset"].number() + accessor["byteOffset"].number()),
      static_cast<std::size_t>(accessor["count"].number()) * components * 4);
}

template <class T>
void expect_bytes(const std::vector<T>& got, std::span<const std::byte> want, const char* what) {
  ASSERT_EQ(got.size() * sizeof(T), want.size()) << what;
  EXPECT_EQ(std::memcmp(got.data(), want.data(), want.size()), 0) << what;
}

std::vector<std::byte> aem_bytes(const Scene& scene, const std::string& name) {
  const fs::path path = large_glb().parent_path() / name;
  const Status written = write_scene(path, scene);
  EXPECT_TRUE(written.ok()) << written.error().to_string();
  return test::read_bytes(path);
}

TEST(GltfReadMapped, LargeFileReadsAsFromMemoryAndAsDecodedByHand) {
  const auto glb = test::read_bytes(large_glb());
  ASSERT_GE(glb.size(), 16 * kMB) << "below the size read_scene maps from";
  auto mapped = read_scene(large_glb());
  ASSERT_TRUE(mapped.ok()) << mapped.error().to_string();
  auto in_memory = read_scene(glb, large_glb());
  ASSERT_TRUE(in_memory.ok()) << in_memory.error().to_string();
  EXPECT_EQ(aem_bytes(mapped.value(), "mapped.aem"), aem_bytes(in_memory.value(), "memory.aem"));

  auto parsed = formats::gltf::JsonDocument::parse({reinterpret_cast<const char*>(glb.data()) + 20, u32_at(glb, 12)});
  const auto root = std::get<formats::gltf::JsonDocument>(parsed).root();
  const auto primitive = root["meshes"][0]["primitives"][0];
  ASSERT_EQ(root["accessors"][static_cast<std::size_t>(primitive["indices"].number())]["componentType"].number(), 5125);
  const Mesh& mesh = mapped->meshes.at(0);
  expect_bytes(mesh.positions, accessor_bytes(glb, root, primitive["attributes"]["POSITION"].number()), "positions");
  expect_bytes(mesh.normals, accessor_bytes(glb, root, primitive["attributes"]["NORMAL"].number()), "normals");
  expect_bytes(mesh.tangents, accessor_bytes(glb, root, primitive["attributes"]["TANGENT"].number()), "tangents");
  expect_bytes(mesh.uvs.at(0), accessor_bytes(glb, root, primitive["attributes"]["TEXCOORD_0"].number()), "uvs");
  expect_bytes(mesh.indices, accessor_bytes(glb, root, primitive["indices"].number()), "indices");
  EXPECT_GT(mesh.positions.size() * sizeof(Vec3), 2 * kMB);
  // Joints are converted from their small integers, not copied: checked against the scene written
  // (the writer may order a vertex's influences its own way).
  const auto written = large_scene().meshes.at(0).skin;
  ASSERT_EQ(mesh.skin.size(), written.size());
  for (std::size_t v = 0; v < written.size(); ++v)
    ASSERT_EQ(test::influences(mesh.skin[v]), test::influences(written[v])) << "vertex " << v;
}

TEST(GltfReadMapped, DecodedPagesLeaveTheProcessAsTheReadGoes) {
  auto mapped = detail::MappedFile::open(large_glb());
  ASSERT_TRUE(mapped.ok()) << mapped.error().to_string();
  const void* start = mapped->bytes().data();
  std::uint64_t most = 0;
  int calls = 0;
  const ReadInput input{mapped->bytes(), large_glb(), {}, [&](std::span<const std::byte> done) {
                          most = std::max(most, test::resident_bytes(start));  // the block just decoded still in
                          mapped->release(done);
                          ++calls;
                        }};
  auto scene = formats::gltf_read(input);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  EXPECT_GT(calls, 16);
  ASSERT_GT(scene->meshes.at(0).indices.size() * 4, 8 * kMB) << "one hand-back per accessor would pass";
  // Two decode blocks, each in a 2 MB huge page the kernel may map whole, the page after them and the
  // JSON; without the hand-backs, the whole file.
  EXPECT_LE(most, 8 * kMB) << "of a " << mapped->bytes().size() << "-byte file";
  EXPECT_LE(test::resident_bytes(start), 8 * kMB);
}

/// `file` read from a mapping with every hand-back taken (whatever its size), written back as .glb.
std::vector<std::byte> mapped_read_as_glb(const fs::path& file, const fs::path& out) {
  auto mapped = detail::MappedFile::open(file);
  EXPECT_TRUE(mapped.ok()) << mapped.error().to_string();
  auto scene = formats::gltf_read(
      ReadInput{mapped->bytes(), file, {}, [&](std::span<const std::byte> done) { mapped->release(done); }});
  EXPECT_TRUE(scene.ok()) << scene.error().to_string();
  const Status written = write_scene(out, scene.value());
  EXPECT_TRUE(written.ok()) << written.error().to_string();
  return test::read_bytes(out);
}

TEST(GltfReadMapped, CorpusReadsAsFromMemory) {
  AEM_CORPUS_OR_FIXTURE_FILES(glb, "gltf", ".glb");
  AEM_CORPUS_OR_FIXTURE_FILES(gltf, "gltf", ".gltf");
  // The glTF 1.0 fixture is Assimp's to read, not the native reader's.
  std::erase_if(gltf, [](const fs::path& f) { return f.filename() == "quad_gltf1.gltf"; });
  glb.insert(glb.end(), gltf.begin(), gltf.end());
  const auto dir = test::temp_dir("gltf-mapped-corpus");
  for (const auto& file : glb) {
    auto in_memory = read_scene(test::read_bytes(file), file);
    ASSERT_TRUE(in_memory.ok()) << in_memory.error().to_string();
    ASSERT_TRUE(write_scene(dir / "memory.glb", in_memory.value()).ok()) << file;
    EXPECT_EQ(mapped_read_as_glb(file, dir / "mapped.glb"), test::read_bytes(dir / "memory.glb")) << file;
  }
}

/// `bytes` as a file beside the large glb, read by path (mapped when 1 MB or more).
Result<Scene> read_written(const std::string& name, std::span<const std::byte> bytes) {
  const fs::path path = large_glb().parent_path() / name;
  test::write_file(path, bytes);
  return read_scene(path);
}

TEST(GltfReadMapped, TruncatedFileNamesWhereItEnds) {
  const auto glb = test::read_bytes(large_glb());
  const std::size_t cut = 20 * kMB;
  ASSERT_GT(glb.size(), cut);
  const auto read = read_written("cut.glb", std::span(glb).first(cut));
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().code, "GLTF_TRUNCATED");
  EXPECT_EQ(read.error().file, (large_glb().parent_path() / "cut.glb").string());
  EXPECT_EQ(read.error().offset, cut);
  EXPECT_EQ(read.error().to_string(),
            read_scene(std::span(glb).first(cut), large_glb().parent_path() / "cut.glb").error().to_string());
}

TEST(GltfReadMapped, AccessorPastItsViewNamesTheOffset) {
  auto glb = test::read_bytes(large_glb());
  // The first accessor's count made larger without changing the JSON's length: 9 as its first digit.
  std::string json(reinterpret_cast<const char*>(glb.data()) + 20, u32_at(glb, 12));
  const std::size_t at = json.find("\"count\":") + 8;
  ASSERT_LT(json[at], '9');
  glb[20 + at] = std::byte{'9'};
  const auto read = read_written("lying.glb", glb);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().code, "GLTF_RANGE");
  EXPECT_EQ(read.error().file, (large_glb().parent_path() / "lying.glb").string());
  ASSERT_TRUE(read.error().offset.has_value());
  EXPECT_EQ(read.error().to_string(), read_scene(glb, large_glb().parent_path() / "lying.glb").error().to_string());
}

}  // namespace
}  // namespace aem
