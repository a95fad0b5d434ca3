// The reference-compatible C API: same answers as the view, NULL/0 for out-of-range getters, a
// result code (and a message) for every invalid file, and a plain C program that runs unchanged.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>

#include "aem/aem.h"
#include "aem/aem_view.hpp"
#include "aem/example.hpp"
#include "aem/io.hpp"
#include "support/aem_dump.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

std::filesystem::path write_example(const std::filesystem::path& dir) {
  auto path = dir / "tube.aem";
  EXPECT_TRUE(write_scene(path, make_example_scene()).ok());
  return path;
}

void write_bytes(const std::filesystem::path& path, const std::vector<std::byte>& b) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

// aem_load_model reads the file, aem_map_model maps it: both give the same answers and the same errors.
using Loader = AEMResult (*)(const char*, AEMModel**);
class CApiLoad : public ::testing::TestWithParam<Loader> {};
INSTANTIATE_TEST_SUITE_P(ReadAndMap, CApiLoad, ::testing::Values(&aem_load_model, &aem_map_model),
                         [](const auto& info) { return info.param == &aem_load_model ? "Read" : "Map"; });

TEST_P(CApiLoad, GettersMatchTheFile) {
  auto path = write_example(test::temp_dir("capi"));
  AEMModel* model = nullptr;
  ASSERT_EQ(GetParam()(path.c_str(), &model), AEMResult_Success) << aem_get_last_error();
  auto view_model = AemModel::load(path);
  ASSERT_TRUE(view_model.ok());
  const auto& c = view_model->view().counts();
  EXPECT_EQ(aem_get_model_vertices_size(model), 92u * c.vertices);
  EXPECT_EQ(aem_get_model_indices_size(model), 4u * c.indices);
  EXPECT_EQ(aem_get_model_mesh_count(model), c.meshes);
  EXPECT_EQ(std::memcmp(aem_get_model_vertices(model), view_model->view().vertices().data(), 92u * c.vertices), 0);
  EXPECT_EQ(aem_get_model_mesh(model, c.meshes), nullptr);
  EXPECT_EQ(aem_get_model_material(model, c.materials), nullptr);
  EXPECT_EQ(aem_get_model_animation_name(model, c.animations), nullptr);
  EXPECT_EQ(aem_get_model_animation_duration(model, c.animations), 0.0f);
  EXPECT_STREQ(reinterpret_cast<const char*>(*aem_get_model_animation_name(model, 0)), "bend");
  uint32_t bones = 0;
  ASSERT_NE(aem_get_model_bones(model, &bones), nullptr);
  EXPECT_EQ(bones, c.bones);
  aem_finish_loading_model(model);
  aem_finish_loading_model(model);  // the reference double-closed here; ours is harmless
  uint32_t textures = 99;
  aem_get_model_textures(model, &textures);
  EXPECT_EQ(textures, 0u);
  // Bind pose gives identity, into a buffer that is not 16-byte aligned.
  std::vector<float> raw(bones * 16 + 1, -7.0f);
  aem_evaluate_model_animation(model, -1, 0.0f, raw.data() + 1);
  for (uint32_t b = 0; b < bones; ++b)
    for (int k = 0; k < 16; ++k) EXPECT_EQ(raw[1 + b * 16 + k], (k % 5 == 0) ? 1.0f : 0.0f);
  EXPECT_EQ(raw[0], -7.0f);
  aem_free_model(model);
  aem_free_model(nullptr);
}

TEST_P(CApiLoad, EveryInvalidFileIsAnErrorNotACrash) {
  const Loader load = GetParam();
  auto dir = test::temp_dir("capi-bad");
  AEMModel* model = reinterpret_cast<AEMModel*>(0x1);
  EXPECT_EQ(load((dir / "missing.aem").c_str(), &model), AEMResult_FileNotFound);
  EXPECT_EQ(model, nullptr);
  EXPECT_NE(std::string(aem_get_last_error()).find("missing.aem"), std::string::npos);

  auto good = test::read_bytes(write_example(dir));
  auto bad = good;
  bad[0] = std::byte{'B'};
  write_bytes(dir / "magic.aem", bad);
  EXPECT_EQ(load((dir / "magic.aem").c_str(), &model), AEMResult_InvalidFileType);
  bad = good;
  bad[3] = std::byte{7};
  write_bytes(dir / "version.aem", bad);
  EXPECT_EQ(load((dir / "version.aem").c_str(), &model), AEMResult_InvalidVersion);
  bad = good;
  bad.resize(bad.size() - 1);
  write_bytes(dir / "short.aem", bad);
  EXPECT_EQ(load((dir / "short.aem").c_str(), &model), AEMResult_InvalidFile);
  EXPECT_EQ(model, nullptr);
  EXPECT_NE(std::string(aem_get_last_error()).find("AEM_SIZE_MISMATCH"), std::string::npos);
}

// The copying load checks the vertices and indices while it reads and the rest after: a file that goes
// wrong only in its last bytes of a section (the last vertex, the last index, the last keyframe,
// which ends the file) fails through the C API with exactly the validator's error. Offsets from the
// layout (docs/formats/aem.md: 40-byte header, 92-byte vertices, 4-byte indices, 20-byte keyframes);
// the file is several of the load's 128 KB reads long, so each fault is in the last one of its section.
TEST_P(CApiLoad, FaultInTheLastBytesOfASectionIsTheValidatorsError) {
  ExampleOptions o;
  o.rings = 60;
  o.segments = 63;
  const auto dir = test::temp_dir("capi-last");
  const auto path = dir / "tube.aem";
  ASSERT_TRUE(write_scene(path, make_example_scene(o)).ok());
  const auto good = test::read_bytes(path);
  ASSERT_GT(good.size(), 2u * 128 * 1024);
  std::uint32_t vertices, indices;
  std::memcpy(&vertices, good.data() + 4, 4);
  std::memcpy(&indices, good.data() + 8, 4);
  const std::uint64_t last_vertex = 40 + 92ull * (vertices - 1),
                      last_index = 40 + 92ull * vertices + 4ull * (indices - 1);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  struct Fault {
    const char* what;
    std::uint64_t at;        // where the bad word goes
    std::uint32_t word;      // its value
    const char* code;        // the error expected
    std::uint64_t reported;  // at this offset
  };
  std::uint32_t nan_bits;
  std::memcpy(&nan_bits, &nan, 4);
  const Fault faults[] = {
      {"extra bone of the last vertex", last_vertex + 88, vertices, "AEM_BONE_INDEX_OUT_OF_RANGE", last_vertex + 88},
      {"last index", last_index, vertices, "AEM_INDEX_OUT_OF_RANGE", last_index},
      {"last word of the last keyframe", good.size() - 4, nan_bits, "AEM_NOT_FINITE", good.size() - 20},
  };
  for (const Fault& f : faults) {
    SCOPED_TRACE(f.what);
    auto bad = good;
    std::memcpy(bad.data() + f.at, &f.word, 4);
    write_bytes(path, bad);
    auto validated = AemView::validate(bad);
    ASSERT_FALSE(validated.ok());
    EXPECT_EQ(validated.error().code, f.code);
    EXPECT_EQ(validated.error().offset, f.reported);
    validated.error().file = path.string();
    AEMModel* model = reinterpret_cast<AEMModel*>(0x1);
    EXPECT_EQ(GetParam()(path.c_str(), &model), AEMResult_InvalidFile);
    EXPECT_EQ(model, nullptr);
    EXPECT_EQ(aem_get_last_error(), validated.error().to_string());
  }
}

TEST(CApi, EvaluationMatchesReferenceDump) {
  AEM_CORPUS_FILE(path, "aem/RiggedSimple.aem");
  auto dump = test::parse_aem_dump(std::filesystem::path(path).replace_extension(".dump.txt"));
  AEMModel* model = nullptr;
  ASSERT_EQ(aem_load_model(path.c_str(), &model), AEMResult_Success);
  uint32_t bones = 0;
  aem_get_model_bones(model, &bones);
  std::vector<float> out(bones * 16);
  for (const auto& e : dump.evals) {
    aem_evaluate_model_animation(model, e.animation, e.frac * aem_get_model_animation_duration(model, e.animation),
                                 out.data());
    for (uint32_t b = 0; b < bones; ++b)
      for (int k = 0; k < 16; ++k) EXPECT_TRUE(test::close_enough(out[b * 16 + k], e.bones[b][k]));
  }
  aem_free_model(model);
}

TEST(CApiMap, WritesStayPrivateAndARenamedReplacementLeavesTheModelAlone) {
  auto dir = test::temp_dir("capi-map");
  auto path = write_example(dir);
  const auto original = test::read_bytes(path);
  AEMModel* model = nullptr;
  ASSERT_EQ(aem_map_model(path.c_str(), &model), AEMResult_Success) << aem_get_last_error();
  auto* vertices = static_cast<unsigned char*>(aem_get_model_vertices(model));
  std::vector<unsigned char> first_vertex(vertices, vertices + 92);
  std::memset(vertices, 0x5A, 92);  // allowed, as with the reference's read buffer
  EXPECT_EQ(test::read_bytes(path), original) << "a write into the mapped model reached the file";

  // Replacing the file the way our writers do (a new file renamed over it) keeps the mapped bytes.
  auto other = make_example_scene();
  other.meshes[0].positions[0] = {9.0f, 9.0f, 9.0f};
  ASSERT_TRUE(write_scene(dir / "replacement.aem", other).ok());
  std::filesystem::rename(dir / "replacement.aem", path);
  EXPECT_EQ(vertices[0], 0x5A);
  AEMModel* again = nullptr;
  ASSERT_EQ(aem_map_model(path.c_str(), &again), AEMResult_Success);
  EXPECT_NE(std::memcmp(aem_get_model_vertices(again), first_vertex.data(), 92), 0) << "the new file is seen";
  aem_free_model(again);
  aem_free_model(model);
}

TEST(CApi, ReferenceStyleCProgramRunsUnchanged) {
  auto path = write_example(test::temp_dir("capi-prog"));
  std::string cmd = std::string(AEM_CAPI_PROGRAM) + " " + path.string();
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  EXPECT_EQ(pclose(p), 0) << out;
  EXPECT_NE(out.find("vertices 800 indices 4464 textures 0 meshes 1"), std::string::npos) << out;
  EXPECT_NE(out.find("animation 0 \"bend\" 2"), std::string::npos) << out;
  EXPECT_NE(out.find("eval -1 bone 3 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1"), std::string::npos) << out;
}

}  // namespace
}  // namespace aem
