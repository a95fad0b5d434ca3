// weld_vertices: corners equal in every per-vertex array become one vertex, corners that differ in any
// one array (a UV, a weight, a morph frame, a custom value) stay apart, and every index list follows;
// the numbering is meshoptimizer's vertex remap (the independent side) over the same arrays.
#include <gtest/gtest.h>
#include <meshoptimizer.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <random>

#include "core/weld.hpp"

namespace aem {
namespace {

/// The unit quad as two triangles of three corners each, as Assimp hands out OBJ/FBX faces: the
/// corners (1,0) and (0,1) appear twice.
Mesh corner_quad() {
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  m.normals.assign(6, Vec3{0, 0, 1});
  m.uvs = {{{0, 0}, {1, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 1}}};
  m.indices = {0, 1, 2, 3, 4, 5};
  return m;
}

/// Each corner of `before` and `after` read through its index list gives the same position and UV.
void expect_same_corners(const Mesh& before, const Mesh& after) {
  ASSERT_EQ(before.indices.size(), after.indices.size());
  for (std::size_t k = 0; k < before.indices.size(); ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(after.positions[after.indices[k]], before.positions[before.indices[k]]);
    if (!before.uvs.empty()) EXPECT_EQ(after.uvs[0][after.indices[k]], before.uvs[0][before.indices[k]]);
  }
}

TEST(Weld, QuadOfSixCornersBecomesFourVertices) {
  const Mesh before = corner_quad();
  Mesh m = before;
  EXPECT_EQ(weld_vertices(m), 2u);
  EXPECT_EQ(m.vertex_count(), 4u);
  EXPECT_EQ(m.normals.size(), 4u);
  EXPECT_EQ(m.uvs[0].size(), 4u);
  // The first corner of each distinct vertex keeps its place in order: 0, 1, 2, then (1,1) as 3.
  EXPECT_EQ(m.indices, (std::vector<std::uint32_t>{0, 1, 2, 1, 3, 2}));
  expect_same_corners(before, m);
}

TEST(Weld, CornersWithOtherMorphDeltasStayApart) {
  Mesh m = corner_quad();
  // Corner (1,0) moves alike in both triangles; corner (0,1) moves differently in the second one.
  m.targets.push_back({"lift", {{0, 0, 0}, {0, 0, 1}, {0, 0, 0}, {0, 0, 1}, {0, 0, 0}, {0, 0, 2}}, {}});
  const Mesh before = m;
  EXPECT_EQ(weld_vertices(m), 1u);
  EXPECT_EQ(m.vertex_count(), 5u);
  ASSERT_EQ(m.targets[0].positions.size(), 5u);
  expect_same_corners(before, m);
  for (std::size_t k = 0; k < m.indices.size(); ++k)
    EXPECT_EQ(m.targets[0].positions[m.indices[k]], before.targets[0].positions[before.indices[k]]) << k;
}

TEST(Weld, AnIndexedMeshIsLeftAsItIs) {
  Mesh m = corner_quad();
  weld_vertices(m);
  const Mesh once = m;
  EXPECT_EQ(weld_vertices(m), 0u);
  EXPECT_EQ(m.positions, once.positions);
  EXPECT_EQ(m.normals, once.normals);
  EXPECT_EQ(m.uvs, once.uvs);
  EXPECT_EQ(m.indices, once.indices);
}

TEST(Weld, CornersThatDifferInAUvStayApart) {
  Mesh m = corner_quad();
  m.uvs[0][3] = {0.5f, 0};  // a UV seam along the shared corner (1,0)
  const Mesh before = m;
  EXPECT_EQ(weld_vertices(m), 1u);  // only (0,1) merges
  EXPECT_EQ(m.vertex_count(), 5u);
  expect_same_corners(before, m);
}

TEST(Weld, CornersThatDifferInASecondUvSetOrAColourStayApart) {
  Mesh m = corner_quad();
  m.uvs.push_back(m.uvs[0]);
  m.uvs[1][5] = {9, 9};  // (0,1) differs in the second set
  m.colors = {std::vector<Vec4>(6, Vec4{1, 1, 1, 1})};
  m.colors[0][3] = {1, 0, 0, 1};  // (1,0) differs in colour
  EXPECT_EQ(weld_vertices(m), 0u);
  EXPECT_EQ(m.vertex_count(), 6u);
}

TEST(Weld, CornersThatDifferInASkinWeightStayApart) {
  Mesh m = corner_quad();
  m.skin.resize(6);
  for (auto& s : m.skin) s.joints[0] = 0, s.weights[0] = 1.0f;
  m.skin[3].joints[1] = 1;  // (1,0) a second time, with its weight shared between two joints
  m.skin[3].weights[0] = 0.5f;
  m.skin[3].weights[1] = 0.5f;
  EXPECT_EQ(weld_vertices(m), 1u);
  EXPECT_EQ(m.skin.size(), 5u);
  // Corner 3 kept its own influences; corner 1 its single one.
  EXPECT_EQ(m.skin[m.indices[3]].weights[1], 0.5f);
  EXPECT_EQ(m.skin[m.indices[1]].weights[0], 1.0f);
}

TEST(Weld, CornersThatDifferInAnyMorphFrameStayApart) {
  Mesh m = corner_quad();
  // 20 frames (60 more arrays): the corners differ in the last one only.
  for (int f = 0; f < 20; ++f) {
    MorphFrame frame;
    frame.positions = m.positions;
    for (auto& p : frame.positions) p.z = static_cast<float>(f);
    frame.normals = m.normals;
    frame.uvs = m.uvs[0];
    m.frames.push_back(frame);
  }
  m.frames[19].positions[5].z = 100;  // (0,1) moves apart from corner 2 in the last frame
  m.frames[7].uvs[3] = {7, 7};        // (1,0) has its own UV in frame 7
  const Mesh before = m;
  EXPECT_EQ(weld_vertices(m), 0u);
  EXPECT_EQ(m.vertex_count(), 6u);

  m.frames[19].positions[5].z = 19;  // now only frame 7 keeps (1,0) apart
  EXPECT_EQ(weld_vertices(m), 1u);
  EXPECT_EQ(m.vertex_count(), 5u);
  for (const auto& frame : m.frames) EXPECT_EQ(frame.positions.size(), 5u);
  EXPECT_EQ(m.frames[7].uvs[m.indices[3]], (Vec2{7, 7}));
  EXPECT_EQ(m.frames[7].uvs[m.indices[1]], (Vec2{1, 0}));
}

TEST(Weld, CornersThatDifferInACustomAttributeOrRigidJointStayApart) {
  Mesh m = corner_quad();
  m.custom.push_back({"heat", 2, std::vector<float>(12, 0.0f)});
  m.custom[0].values[2 * 3 + 1] = 1;         // corner 3's second component
  m.rigid_joints = {-1, -1, -1, -1, -1, 4};  // corner 5 rides on joint 4
  EXPECT_EQ(weld_vertices(m), 0u);
  m.custom[0].values[2 * 3 + 1] = 0;
  m.rigid_joints[5] = -1;
  EXPECT_EQ(weld_vertices(m), 2u);
  EXPECT_EQ(m.custom[0].values.size(), 8u);
  EXPECT_EQ(m.rigid_joints.size(), 4u);
}

TEST(Weld, LevelsOfDetailAreRenumberedAndTheirOwnVerticesKept) {
  Mesh m = corner_quad();
  // A seventh vertex used only by the coarser level (a duplicate of (1,1)) and one used by nothing.
  m.positions.push_back({1, 1, 0});
  m.positions.push_back({5, 5, 5});
  m.normals.resize(8, Vec3{0, 0, 1});
  m.uvs[0].push_back({1, 1});
  m.uvs[0].push_back({0, 0});
  m.lod_indices = {{0, 6, 5}};
  const Mesh before = m;
  EXPECT_EQ(weld_vertices(m), 3u);  // (1,0), (0,1) and the LOD's copy of (1,1)
  EXPECT_EQ(m.vertex_count(), 5u);  // the unused vertex stays
  ASSERT_EQ(m.lod_indices.size(), 1u);
  for (std::size_t k = 0; k < 3; ++k)
    EXPECT_EQ(m.positions[m.lod_indices[0][k]], before.positions[before.lod_indices[0][k]]);
  EXPECT_EQ(m.lod_indices[0][1], m.indices[4]) << "the LOD's (1,1) is LOD 0's";
  expect_same_corners(before, m);
}

TEST(Weld, NormalsWithinTheToleranceMergeOnlyWhenAsked) {
  // Corner 3 repeats corner 1 with its normal 2e-5 off (Blender's quantised custom normals): apart
  // bit for bit, merged within 1e-4, keeping the first corner's normal.
  Mesh m = corner_quad();
  m.normals[3] = {2e-5f, -1e-5f, 1.0f};
  Mesh exact = m;
  EXPECT_EQ(weld_vertices(exact), 1u) << "only corner 5 (the same as corner 2) merges";
  EXPECT_EQ(weld_vertices(m, kQuantisedDirectionTolerance), 2u);
  ASSERT_EQ(m.vertex_count(), 4u);
  EXPECT_EQ(m.normals[m.indices[3]], (Vec3{0, 0, 1})) << "the first corner's normal is kept";
}

TEST(Weld, TheToleranceLeavesOtherDifferencesAndFarNormalsApart) {
  Mesh far = corner_quad();
  far.normals[3] = {2e-4f, 0, 1};  // twice the tolerance
  EXPECT_EQ(weld_vertices(far, kQuantisedDirectionTolerance), 1u);
  Mesh uv = corner_quad();
  uv.normals[3] = {1e-5f, 0, 1};
  uv.uvs[0][3] = {1, 1e-6f};  // a UV is never compared with a tolerance
  EXPECT_EQ(weld_vertices(uv, kQuantisedDirectionTolerance), 1u);
  Mesh handed = corner_quad();
  handed.tangents = {6, Vec4{1, 0, 0, 1}};
  handed.tangents[3] = {1, 0, 0, -1};  // the other handedness
  EXPECT_EQ(weld_vertices(handed, kQuantisedDirectionTolerance), 1u);
}

TEST(Weld, ManyDirectionsAtOnePointStayCorrect) {
  // 300 corners at one point with 100 distinct normals, each given three times with noise below the
  // tolerance: the first copies merge exactly, the rest stay apart (the search stops after 32 normals
  // per point, which keeps a hostile file from taking minutes), and no corner takes another's normal.
  Mesh m;
  for (int copy = 0; copy < 3; ++copy)
    for (int k = 0; k < 100; ++k) {
      const float a = 0.05f * static_cast<float>(k);
      m.positions.push_back({0, 0, 0});
      m.normals.push_back(Vec3{std::cos(a), std::sin(a), 1e-5f * static_cast<float>(copy)});
      m.indices.push_back(static_cast<std::uint32_t>(m.positions.size() - 1));
    }
  m.indices.resize(m.indices.size() / 3 * 3);
  const Mesh before = m;
  const std::size_t merged = weld_vertices(m, kQuantisedDirectionTolerance);
  EXPECT_EQ(merged, 2u * 32u) << "copies 2 and 3 of the first 32 normals";
  for (std::size_t c = 0; c < before.indices.size(); ++c) {
    const Vec3 a = before.normals[before.indices[c]], b = m.normals[m.indices[c]];
    EXPECT_LE(std::max({std::abs(a.x - b.x), std::abs(a.y - b.y), std::abs(a.z - b.z)}), kQuantisedDirectionTolerance)
        << c;
  }
}

/// Vertex i -> the vertex weld_vertices(m, tolerance) merges it with, worked out from its contract the
/// slow way: the classes in order, each i joining the first class whose first vertex has the same bytes
/// in every array but the directions and directions within `tolerance` of i's, among the first 32 such
/// classes of equal other arrays (weld.hpp; ManyDirectionsAtOnePointStayCorrect).
std::vector<std::uint32_t> first_equal_by_definition(const Mesh& m, float tolerance) {
  const auto same_bytes = [](const auto& a, const auto& b) { return std::memcmp(&a, &b, sizeof a) == 0; };
  const auto within = [tolerance](const Vec3& a, const Vec3& b) {
    return std::abs(a.x - b.x) <= tolerance && std::abs(a.y - b.y) <= tolerance && std::abs(a.z - b.z) <= tolerance;
  };
  const auto undirected_equal = [&](std::size_t a, std::size_t b) {
    if (!same_bytes(m.positions[a], m.positions[b])) return false;
    for (const auto& f : m.frames)
      if (!same_bytes(f.positions[a], f.positions[b])) return false;
    return true;
  };
  const auto near = [&](std::size_t a, std::size_t b) {
    if (!within(m.normals[a], m.normals[b])) return false;
    for (const auto& f : m.frames)
      if (!within(f.normals[a], f.normals[b])) return false;
    return true;
  };
  std::vector<std::uint32_t> firsts, out(m.positions.size());
  for (std::size_t i = 0; i < m.positions.size(); ++i) {
    std::size_t candidates = 0;
    out[i] = static_cast<std::uint32_t>(i);
    for (std::uint32_t f : firsts) {
      if (!undirected_equal(f, i)) continue;
      if (near(f, i)) {
        out[i] = f;
        break;
      }
      ++candidates;
    }
    if (out[i] == i && candidates < 32) firsts.push_back(static_cast<std::uint32_t>(i));
  }
  return out;
}

TEST(Weld, MorphFramesWeldAsTheContractSays) {
  // 2000 vertices drawn from few values, so that many coincide at rest and part (or not) only in their
  // frames' positions (four sets at most, which the welder compares) or normals, with normals a little
  // apart or far apart. Checked against the contract worked out vertex by vertex, with and without a
  // direction tolerance.
  std::mt19937 random(35);
  const auto pick = [&random](int n) {
    return static_cast<float>(std::uniform_int_distribution<int>(0, n - 1)(random));
  };
  Mesh m;
  m.frames.resize(2);
  for (int v = 0; v < 2000; ++v) {
    m.positions.push_back({pick(4), pick(3), 0});
    m.normals.push_back({0, pick(2) * 5e-5f, 1});
    for (auto& f : m.frames) {
      f.positions.push_back({pick(2), 0, 1});
      f.normals.push_back({pick(2) * 0.5f, 0, 1});
    }
    m.indices.push_back(static_cast<std::uint32_t>(v));
  }
  m.indices.resize(m.indices.size() / 3 * 3);
  for (float tolerance : {0.0f, kQuantisedDirectionTolerance}) {
    SCOPED_TRACE(tolerance);
    EXPECT_EQ(first_equal_vertices(m, tolerance), first_equal_by_definition(m, tolerance));
  }
}

TEST(Weld, ManyFramesAtOneRestVertexStayCorrect) {
  // 400 corners equal at rest, in 200 distinct frame positions each given twice: each pair merges, no
  // two distinct frames do (more classes than the welder compares at one rest vertex before it hashes
  // the frames too).
  Mesh m;
  m.frames.resize(1);
  for (int copy = 0; copy < 2; ++copy)
    for (int k = 0; k < 200; ++k) {
      m.positions.push_back({0, 0, 0});
      m.normals.push_back({0, 0, 1});
      m.frames[0].positions.push_back({static_cast<float>(k), 0, 0});
      m.frames[0].normals.push_back({0, 0, 1});
      m.indices.push_back(static_cast<std::uint32_t>(m.positions.size() - 1));
    }
  m.indices.resize(m.indices.size() / 3 * 3);
  for (float tolerance : {0.0f, kQuantisedDirectionTolerance}) {
    SCOPED_TRACE(tolerance);
    const std::vector<std::uint32_t> first = first_equal_vertices(m, tolerance);
    ASSERT_EQ(first.size(), 400u);
    for (std::uint32_t k = 0; k < 200; ++k) {
      EXPECT_EQ(first[k], k);
      EXPECT_EQ(first[200 + k], k);
    }
  }
}

TEST(Weld, EmptyAndSingleVertexMeshesAreLeftAlone) {
  Mesh empty;
  EXPECT_EQ(weld_vertices(empty), 0u);
  EXPECT_TRUE(empty.positions.empty());
  Mesh one;
  one.positions = {{1, 2, 3}};
  EXPECT_EQ(weld_vertices(one), 0u);
  EXPECT_EQ(one.vertex_count(), 1u);
}

TEST(Weld, AnInconsistentMeshIsLeftUnchanged) {
  Mesh index_past_end = corner_quad();
  index_past_end.indices[4] = 6;
  EXPECT_EQ(weld_vertices(index_past_end), 0u);
  EXPECT_EQ(index_past_end.vertex_count(), 6u);

  Mesh short_normals = corner_quad();
  short_normals.normals.pop_back();
  EXPECT_EQ(weld_vertices(short_normals), 0u);
  EXPECT_EQ(short_normals.vertex_count(), 6u);

  Mesh short_frame = corner_quad();
  short_frame.frames.push_back({{{0, 0, 0}}, {}, {}});
  EXPECT_EQ(weld_vertices(short_frame), 0u);
  EXPECT_EQ(short_frame.vertex_count(), 6u);

  Mesh odd_custom = corner_quad();
  odd_custom.custom.push_back({"x", 17, std::vector<float>(6 * 17)});
  EXPECT_EQ(weld_vertices(odd_custom), 0u);
}

TEST(Weld, MinusZeroIsNotZero) {
  // Bit-exact equality: -0 and +0 are different bits.
  Mesh m = corner_quad();
  m.positions[3].z = -0.0f;
  EXPECT_EQ(weld_vertices(m), 1u);
}

/// Corners drawn from a few distinct vertices in random order, some of them copies that differ in one
/// array only, indexed by a shuffled triangle list.
Mesh random_corners(std::mt19937& rng) {
  constexpr std::size_t kDistinct = 40, kCorners = 900;
  Mesh pool;
  std::uniform_real_distribution<float> value(-1, 1);
  auto vec3 = [&] { return Vec3{value(rng), value(rng), value(rng)}; };
  for (std::size_t i = 0; i < kDistinct; ++i) {
    pool.positions.push_back(vec3());
    pool.normals.push_back(vec3());
    pool.tangents.push_back({value(rng), value(rng), value(rng), 1});
    pool.colors.resize(1);
    pool.colors[0].push_back({value(rng), value(rng), value(rng), 1});
    pool.uvs.resize(2);
    pool.uvs[0].push_back({value(rng), value(rng)});
    pool.uvs[1].push_back({value(rng), value(rng)});
    SkinInfluences s;
    s.joints[0] = static_cast<std::int32_t>(i % 5), s.weights[0] = 1;
    pool.skin.push_back(s);
  }
  Mesh m;
  m.uvs.resize(2);
  m.colors.resize(1);
  std::uniform_int_distribution<std::size_t> pick(0, kDistinct - 1);
  std::uniform_int_distribution<int> array(0, 12);
  for (std::size_t k = 0; k < kCorners; ++k) {
    const std::size_t i = pick(rng);
    m.positions.push_back(pool.positions[i]);
    m.normals.push_back(pool.normals[i]);
    m.tangents.push_back(pool.tangents[i]);
    m.colors[0].push_back(pool.colors[0][i]);
    m.uvs[0].push_back(pool.uvs[0][i]);
    m.uvs[1].push_back(pool.uvs[1][i]);
    m.skin.push_back(pool.skin[i]);
    switch (array(rng)) {  // one corner in 13 differs from its vertex in one array
      case 0:
        m.normals.back().y += 0.5f;
        break;
      case 1:
        m.tangents.back().w = -1;
        break;
      case 2:
        m.uvs[1].back().x += 0.25f;
        break;
      case 3:
        m.skin.back().weights[0] = 0.5f, m.skin.back().joints[1] = 7, m.skin.back().weights[1] = 0.5f;
        break;
      default:
        break;
    }
    m.indices.push_back(static_cast<std::uint32_t>(k));
  }
  std::shuffle(m.indices.begin(), m.indices.end(), rng);
  return m;
}

TEST(Weld, NumbersVerticesAsMeshoptimizersRemapInVertexOrder) {
  std::mt19937 rng(7);
  for (int round = 0; round < 20; ++round) {
    SCOPED_TRACE(round);
    const Mesh before = random_corners(rng);
    const std::size_t n = before.vertex_count();
    auto stream = [](const auto& v) { return meshopt_Stream{v.data(), sizeof(v[0]), sizeof(v[0])}; };
    const meshopt_Stream streams[] = {stream(before.positions), stream(before.normals), stream(before.tangents),
                                      stream(before.colors[0]), stream(before.uvs[0]),  stream(before.uvs[1]),
                                      stream(before.skin)};
    // Every vertex once in its own order: classes numbered as the vertices first appear.
    std::vector<unsigned> order(n), remap(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<unsigned>(i);
    const std::size_t distinct =
        meshopt_generateVertexRemapMulti(remap.data(), order.data(), n, n, streams, std::size(streams));
    ASSERT_LT(distinct, n);

    Mesh m = before;
    EXPECT_EQ(weld_vertices(m), n - distinct);
    ASSERT_EQ(m.vertex_count(), distinct);
    for (std::size_t k = 0; k < before.indices.size(); ++k)
      ASSERT_EQ(m.indices[k], remap[before.indices[k]]) << "corner " << k;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t v = remap[i];
      ASSERT_TRUE(m.positions[v] == before.positions[i] && m.normals[v] == before.normals[i] &&
                  m.tangents[v] == before.tangents[i] && m.colors[0][v] == before.colors[0][i] &&
                  m.uvs[0][v] == before.uvs[0][i] && m.uvs[1][v] == before.uvs[1][i] && m.skin[v] == before.skin[i])
          << "vertex " << i;
    }
  }
}

}  // namespace
}  // namespace aem
