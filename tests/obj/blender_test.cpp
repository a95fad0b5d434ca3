// Files Blender 3.4's OBJ exporter makes of corpus glTF models (support/blender.hpp), read by the OBJ
// reader and judged against two other readings: the glTF they came from (where it stands, its vertex
// count, its material names), and Assimp's reading of the same OBJ (geometry, normals and UVs).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>

#include "aem/io.hpp"
#include "support/blender.hpp"
#include "support/corpus.hpp"
#include "support/posed_geometry.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

constexpr float kFrame =
    1.0f / 24.0f;  // Blender exports the scene at its frame 1, which the glTF importer keys at 1/24 s

const std::vector<std::string> kSamples{"Box",          "BoxTextured", "CesiumMan", "TextureCoordinateTest",
                                        "SimpleMeshes", "RiggedSimple"};

/// `obj` read by Assimp, in process.
Scene read_with_assimp(const fs::path& obj) {
  const FormatHandler* assimp = find_format("assimp");
  if (!assimp) return {};
  const auto bytes = read_bytes(obj);
  ReadOptions options;
  options.isolate_third_party = false;
  auto scene = assimp->read(ReadInput{bytes, obj, options});
  if (!scene) {
    ADD_FAILURE() << obj << " through Assimp: " << scene.error().to_string();
    return {};
  }
  return std::move(*scene);
}

/// What a renderer draws at a triangle corner.
struct Corner {
  Vec3 position, normal;
  Vec2 uv;
};

std::vector<Corner> corners(const Scene& s) {
  std::vector<Corner> out;
  for (const Mesh& m : s.meshes)
    for (std::uint32_t i : m.indices)
      out.push_back({m.positions[i], m.normals.empty() ? Vec3{} : m.normals[i], m.uvs.empty() ? Vec2{} : m.uvs[0][i]});
  return out;
}

/// Share of `a`'s corners that `b` has too: at the same place (1e-5 m), with the same normal (within a
/// tenth of a degree: both readers weld corners whose normals are a hundredth of a degree apart,
/// core/weld.hpp, and may keep different ones of them) and UV (1e-5).
double shared(const std::vector<Corner>& a, const std::vector<Corner>& b) {
  constexpr float kCell = 1e-3f;
  const auto cell = [&](const Vec3& p, int dx, int dy, int dz) {
    return std::array<long, 3>{std::lround(std::floor(p.x / kCell)) + dx, std::lround(std::floor(p.y / kCell)) + dy,
                               std::lround(std::floor(p.z / kCell)) + dz};
  };
  std::map<std::array<long, 3>, std::vector<const Corner*>> grid;
  for (const Corner& c : b) grid[cell(c.position, 0, 0, 0)].push_back(&c);
  const auto same_direction = [](const Vec3& x, const Vec3& y) {
    const double lx = length(x), ly = length(y);
    if (lx == 0 || ly == 0) return lx == ly;
    return (double(x.x) * y.x + double(x.y) * y.y + double(x.z) * y.z) / (lx * ly) >= 0.99999848;  // cos(0.1 degree)
  };
  const auto same = [&](const Corner& x, const Corner& y) {
    return length(x.position - y.position) <= 1e-5f && same_direction(x.normal, y.normal) &&
           std::abs(x.uv.x - y.uv.x) <= 1e-5f && std::abs(x.uv.y - y.uv.y) <= 1e-5f;
  };
  std::size_t found = 0;
  for (const Corner& c : a) {
    bool hit = false;
    for (int dx = -1; dx <= 1 && !hit; ++dx)
      for (int dy = -1; dy <= 1 && !hit; ++dy)
        for (int dz = -1; dz <= 1 && !hit; ++dz)
          if (const auto it = grid.find(cell(c.position, dx, dy, dz)); it != grid.end())
            hit = std::any_of(it->second.begin(), it->second.end(), [&](const Corner* o) { return same(c, *o); });
    found += hit;
  }
  return a.empty() ? 1.0 : double(found) / double(a.size());
}

class ObjBlender : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (corpus_root().empty() || !blender_available()) return;
    dir_ = temp_dir("obj-blender");
    std::vector<BlenderExport> exports;
    for (const auto& name : kSamples) exports.push_back({gltf_sample(name), {dir_ / (name + ".obj")}});
    failure_ = blender_export(exports);
  }
  void SetUp() override {
    if (corpus_root().empty()) GTEST_SKIP() << "AEM_CORPUS_DIR is not set; corpus tests skipped";
    AEM_REQUIRE_BLENDER();
    ASSERT_TRUE(failure_.empty()) << failure_;
  }
  static fs::path obj(const std::string& name) { return dir_ / (name + ".obj"); }

  static inline fs::path dir_;
  static inline std::string failure_;
};

TEST_F(ObjBlender, StandsWhereTheGltfStands) {
  for (const auto& name : kSamples) {
    SCOPED_TRACE(name);
    const Scene gltf = read_or_fail(gltf_sample(name)), exported = read_or_fail(obj(name));
    EXPECT_EQ(exported.source_format, "OBJ");
    const PoseAt pose = gltf.animations.empty() ? PoseAt::rest() : PoseAt::animated(0, kFrame);
    const auto cmp = compare_frame(posed_vertices(gltf, pose), posed_vertices(exported, PoseAt::rest()));
    EXPECT_TRUE(cmp.matched()) << "mean distances " << cmp.distance.reference_to_posed << " and "
                               << cmp.distance.posed_to_reference << " m, limit " << cmp.limit << " m";
    // Corners welded back into shared vertices: about the glTF's count (a vertex per corner would be
    // three per triangle).
    const std::size_t theirs = posed_vertices(gltf, pose).size(),
                      ours = posed_vertices(exported, PoseAt::rest()).size();
    EXPECT_LE(double(ours), 1.5 * double(theirs)) << ours << " vertices for the glTF's " << theirs;
    std::set<std::string> gltf_materials;
    for (const Material& m : gltf.materials) gltf_materials.insert(m.name);
    for (const Mesh& m : exported.meshes)
      if (m.material >= 0)
        EXPECT_TRUE(gltf_materials.count(exported.materials[m.material].name)) << exported.materials[m.material].name;
  }
}

TEST_F(ObjBlender, AssimpReadsTheSameCorners) {
  if (!find_format("assimp")) GTEST_SKIP() << "built without Assimp";
  for (const auto& name : kSamples) {
    SCOPED_TRACE(name);
    const Scene ours = read_or_fail(obj(name)), theirs = read_with_assimp(obj(name));
    EXPECT_EQ(ours.triangle_count(), theirs.triangle_count());
    const auto cmp = compare_frame(posed_vertices(theirs, PoseAt::rest()), posed_vertices(ours, PoseAt::rest()));
    EXPECT_TRUE(cmp.matched()) << cmp.distance.larger() << " m, limit " << cmp.limit;
    // Blender writes every normal (`vn`): both readers keep them as written.
    EXPECT_EQ(shared(corners(ours), corners(theirs)), 1.0);
    EXPECT_EQ(shared(corners(theirs), corners(ours)), 1.0);
  }
}

}  // namespace
}  // namespace aem::test
