// NaN and infinity never get through: readers refuse them where they read them (with the offset),
// validation finds them anywhere in a scene, and no writer writes them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// Distinctive values whose bytes the test finds in written files (independently of the writers).
constexpr float kPositionMark = 1234.5f, kNormalMark = 0.96f, kNodeMark = 4321.5f;

Scene marked_scene(const Conventions& conventions) {
  Scene s;
  s.conventions = conventions;
  Mesh m;
  m.name = "tri";
  m.positions = {{0, 0, 0}, {kPositionMark, 0, 0}, {0, 1, 0}};
  m.normals = {{0, 0.28f, kNormalMark}, {0, 0.28f, kNormalMark}, {0, 0.28f, kNormalMark}};
  m.uvs = {{{0, 0}, {1, 0}, {0, 1}}};
  m.indices = {0, 1, 2};
  m.material = 0;
  s.meshes.push_back(m);
  s.materials.push_back(Material{.name = "mat"});
  Node root;
  root.name = "root";
  root.local.translation = {kNodeMark, 0, 0};
  root.meshes = {0};
  s.nodes.push_back(root);
  return s;
}

std::vector<std::size_t> find_float(std::span<const std::byte> bytes, float value) {
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i + 4 <= bytes.size(); ++i)
    if (std::memcmp(bytes.data() + i, &value, 4) == 0) at.push_back(i);
  return at;
}

// Every place a marked value is stored, replaced by NaN, makes the reader fail with <FORMAT>_NOT_FINITE
// at that offset (AEM and E3D name the record: the vertex or the attribute block holding it) or, for
// a value the reader does not use, read a scene that is still finite.
TEST(NonFinite, EachReaderRefusesNaNWhereItReadsIt) {
  for (const char* name : {"cem", "e3d", "iqm", "aem"}) {
    SCOPED_TRACE(name);
    const FormatHandler* f = find_format(name);
    ASSERT_NE(f, nullptr);
    auto bytes = f->write(marked_scene(f->conventions), WriteOptions{});
    ASSERT_TRUE(bytes.ok()) << bytes.error().to_string();
    std::string code = name;
    for (auto& c : code) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    code += "_NOT_FINITE";
    const bool exact = code == "CEM_NOT_FINITE" || code == "IQM_NOT_FINITE";
    int refused = 0;
    for (float mark : {kPositionMark, kNormalMark, kNodeMark})
      for (std::size_t at : find_float(bytes.value(), mark)) {
        auto patched = bytes.value();
        std::memcpy(patched.data() + at, &kNan, 4);
        auto r = read_scene(patched, std::string("patched.") + name);
        if (r.ok()) {
          EXPECT_TRUE(validate_scene(r.value()).valid()) << "NaN at byte " << at << " read into the scene";
          continue;
        }
        ++refused;
        EXPECT_EQ(r.error().code, code) << r.error().to_string();
        ASSERT_TRUE(r.error().offset.has_value()) << r.error().to_string();
        if (exact)
          EXPECT_EQ(*r.error().offset, at) << r.error().to_string();
        else
          EXPECT_LE(*r.error().offset, at) << r.error().to_string();
      }
    EXPECT_GE(refused, 1);
  }
}

// One setter per kind of number a writer writes; each NaN must be found by validation (naming the
// element) and refused by write_scene for every format, leaving no file.
TEST(NonFinite, ValidationFindsAndWritersRefuseEveryKindOfNumber) {
  const std::vector<std::pair<std::string, std::function<void(Scene&)>>> cases = {
      {"meshes[0].positions[1]", [](Scene& s) { s.meshes[0].positions[1].y = kNan; }},
      {"meshes[0].normals[2]", [](Scene& s) { s.meshes[0].normals[2].x = kInf; }},
      {"meshes[0].tangents[0]",
       [](Scene& s) {
         s.meshes[0].tangents.assign(3, Vec4{1, 0, 0, 1});
         s.meshes[0].tangents[0].w = kNan;
       }},
      {"meshes[0].uvs[0][1]", [](Scene& s) { s.meshes[0].uvs[0][1].x = -kInf; }},
      {"meshes[0].colors[0][2]",
       [](Scene& s) {
         s.meshes[0].colors = {std::vector<Vec4>(3, Vec4{1, 1, 1, 1})};
         s.meshes[0].colors[0][2].z = kNan;
       }},
      {"meshes[0].skin[1]",
       [](Scene& s) {
         s.joints.push_back(Joint{.name = "j"});
         s.meshes[0].skin.resize(3);
         for (auto& v : s.meshes[0].skin) v.joints[0] = 0, v.weights[0] = 1;
         s.meshes[0].skin[1].weights[0] = kNan;
       }},
      {"materials[0].base_color", [](Scene& s) { s.materials[0].base_color.y = kNan; }},
      {"materials[0].roughness", [](Scene& s) { s.materials[0].roughness = kInf; }},
      {"nodes[0].local", [](Scene& s) { s.nodes[0].local.scale.z = kNan; }},
      {"joints[0].rest",
       [](Scene& s) {
         s.joints.push_back(Joint{.name = "j"});
         s.joints[0].rest.rotation.w = kNan;
       }},
      {"joints[0].inverse_bind",
       [](Scene& s) {
         s.joints.push_back(Joint{.name = "j"});
         s.joints[0].inverse_bind.m[12] = kInf;
       }},
      {"animations[0].channels[0].rotation[1]",
       [](Scene& s) {
         s.joints.push_back(Joint{.name = "j"});
         Animation a{.name = "a", .duration = 1};
         Channel c;
         c.rotation = {{0, Quat{}}, {1, Quat{kNan, 0, 0, 1}}};
         a.channels.push_back(c);
         s.animations.push_back(a);
       }},
      {"animations[0].channels[0].translation[0]",
       [](Scene& s) {
         s.joints.push_back(Joint{.name = "j"});
         Animation a{.name = "a", .duration = 1};
         Channel c;
         c.translation = {{kNan, Vec3{}}};
         a.channels.push_back(c);
         s.animations.push_back(a);
       }},
  };
  const auto dir = test::temp_dir("non-finite");
  for (const auto& [path, spoil] : cases) {
    SCOPED_TRACE(path);
    Scene s = marked_scene(Conventions{});
    ASSERT_TRUE(validate_scene(s).valid());
    spoil(s);
    const SceneReport report = validate_scene(s);
    ASSERT_FALSE(report.valid());
    EXPECT_TRUE(std::any_of(report.errors.begin(), report.errors.end(), [&expected = path](const Error& e) {
      return e.code == "SCENE_NOT_FINITE" && e.path == expected;
    })) << report.errors.front().to_string();
    for (const FormatHandler& f : supported_formats()) {
      if (!f.write) continue;
      const auto out = dir / (std::string("out") + std::string(f.extensions.front()));
      const Status st = write_scene(out, s, &f);
      ASSERT_FALSE(st.ok()) << f.name;
      EXPECT_EQ(st.error().code, "SCENE_NOT_FINITE") << st.error().to_string();
      EXPECT_EQ(st.error().path, path) << f.name;
      EXPECT_FALSE(std::filesystem::exists(out)) << f.name;
    }
  }
}

// The command line: `aem validate` rejects such a file and `aem convert` writes nothing from it.
// The whole-array pass: every kind of non-finite float (NaN of either sign and any payload, either
// infinity) at every float of an array is found and named by its element; the finite extremes are not.
TEST(NonFinite, EveryNonFiniteBitPatternIsFoundAtEveryPlace) {
  const std::uint32_t bad_bits[] = {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u,
                                    0x7F800001u, 0x7FBFFFFFu, 0xFFFFFFFFu};
  const float good[] = {std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(),
                        std::numeric_limits<float>::denorm_min(), -0.0f, std::numeric_limits<float>::min()};
  Scene s;
  s.meshes.resize(1);
  Mesh& m = s.meshes[0];
  m.positions.assign(21, Vec3{1, 2, 3});
  for (std::size_t i = 0; i < m.positions.size(); ++i) (&m.positions[i].x)[i % 3] = good[i % std::size(good)];
  ASSERT_TRUE(validate_scene(s).valid());
  for (std::uint32_t bits : bad_bits)
    for (std::size_t i = 0; i < m.positions.size(); ++i)
      for (int k = 0; k < 3; ++k) {
        Scene broken = s;
        std::memcpy(&(&broken.meshes[0].positions[i].x)[k], &bits, 4);
        const SceneReport report = validate_scene(broken);
        const std::string path = "meshes[0].positions[" + std::to_string(i) + "]";
        EXPECT_TRUE(std::any_of(report.errors.begin(), report.errors.end(),
                                [&](const Error& e) { return e.code == "SCENE_NOT_FINITE" && e.path == path; }))
            << std::hex << bits << " at " << path << " component " << k;
      }
}

TEST(NonFinite, ValidateRejectsAndConvertWritesNothing) {
  const auto dir = test::temp_dir("non-finite-cli");
  const Scene s = marked_scene(find_format("cem")->conventions);
  auto bytes = find_format("cem")->write(s, WriteOptions{});
  ASSERT_TRUE(bytes.ok());
  auto patched = bytes.value();
  const auto at = find_float(patched, kNodeMark);
  ASSERT_FALSE(at.empty());
  std::memcpy(patched.data() + at.front(), &kNan, 4);
  test::write_file(dir / "bad.cem", patched);
  std::string out;
  EXPECT_EQ(test::run_cli("validate " + (dir / "bad.cem").string(), &out), 1) << out;
  EXPECT_NE(out.find("CEM_NOT_FINITE"), std::string::npos) << out;
  EXPECT_NE(test::run_cli("convert " + (dir / "bad.cem").string() + " " + (dir / "bad.aem").string(), &out), 0) << out;
  EXPECT_FALSE(std::filesystem::exists(dir / "bad.aem"));
}

}  // namespace
}  // namespace aem
