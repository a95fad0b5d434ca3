// CEM v2: corpus round trips, every layout fact of docs/formats/cem.md on hand-built files, the writer's
// game-file rules, children, frames, tags, LODs, baking, and conversion to AEM.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/example.hpp"
#include "aem/io.hpp"
#include "cem/cem_builder.hpp"
#include "formats/cem/cem_format.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"

namespace aem {
namespace {

Result<Scene> read(const std::vector<std::byte>& bytes) { return read_scene(bytes, "test.cem"); }

std::vector<std::byte> write(const Scene& s, const WriteOptions& o = {}) {
  auto w = formats::cem_write(s, o);
  EXPECT_TRUE(w.ok());
  return w.value();
}

bool has_warning(const std::vector<Warning>& ws, const std::string& code) { return test::has_code(ws, code); }

TEST(CemCorpus, ReadsAndWritesBackByteIdentically) {
  AEM_CORPUS_OR_FIXTURE_FILES(files, "cem", ".cem");
  for (const auto& f : files) {
    SCOPED_TRACE(f.string());
    auto bytes = test::read_bytes(f);
    auto scene = read(bytes);
    ASSERT_TRUE(scene.ok()) << scene.error().to_string();
    EXPECT_EQ(write(scene.value()), bytes);
  }
}

TEST(CemCorpus, Triangle2HasTheBytesItsHeaderDescribes) {
  AEM_CORPUS_FILE(f, "cem/triangle2.cem");
  auto scene = read(test::read_bytes(f));
  ASSERT_TRUE(scene.ok());
  // Header (xxd): 1 triangle, 3 vertices, 0 tags, 1 material, 1 frame, 0 children, 1 LOD, "Scene Root".
  ASSERT_EQ(scene->meshes.size(), 1u);
  EXPECT_EQ(scene->meshes[0].vertex_count(), 3u);
  EXPECT_EQ(scene->meshes[0].indices, (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_EQ(scene->nodes[0].name, "Scene Root");
  EXPECT_EQ(scene->conventions.up, UpAxis::Z);
}

/// Root "Scene Root" with two materials ("" and "player color"), 2 LODs (LOD 1 selects nothing for
/// the second material), 2 tags with the same name, 2 frames; one child "turret" placed by a
/// row-major matrix with translation (5, 0, 1) and its own child "barrel"; 12 trailing bytes.
test::CemBytes hand_built() {
  test::CemBytes b;
  // Root: 4 vertices (2 per material), LOD 0: 2 triangles, LOD 1: 1 triangle.
  b.header(2, 4, 2, 2, 2, 1, 2, "Scene Root", 0.5f, 0.5f, 0.25f);
  b.u32(2).u32(0).u32(1).u32(0).u32(0).u32(1).u32(1);  // LOD 0: material-local triangles (0,1,0) and (0,1,1)
  b.u32(1).u32(1).u32(0).u32(0);                       // LOD 1: (1,0,0)
  b.str("").u32(0).u32(0).u32(1).u32(0).u32(1).u32(0).u32(2).str("hull_tex");      // sel LOD0 (0,1) LOD1 (0,1)
  b.str("player color").u32(1).u32(1).u32(1).u32(1).u32(0).u32(2).u32(2).str("");  // sel LOD0 (1,1) LOD1 (1,0)
  b.str("light_255_0_0_1_2_3").str("light_255_0_0_1_2_3");
  for (int f = 0; f < 2; ++f) {
    const float z = f * 0.5f;
    b.f32(1.0f + f);  // radius as stored
    const float pos[4][3] = {{0, 0, z}, {1, 0, z}, {0, 1, z}, {1, 1, z}};
    for (auto& p : pos) b.vec3(p[0], p[1], p[2]).vec3(0, 0, 1).f32(p[0]).f32(1 - p[1]);
    b.vec3(0, 0, 2 + f).vec3(1, 1, 2 + f);
    b.identity_matrix();
    b.vec3(0, 0, z).vec3(1, 1, z);
  }
  // Child "turret": 3 vertices, 1 triangle, 1 material, 1 frame, 1 child of its own, 1 LOD... the
  // LOD count may differ per model.
  b.header(1, 3, 0, 1, 1, 1, 1, "turret", 0, 0, 0);
  b.one_triangle_and_material();
  b.f32(1).unit_triangle_vertices();
  const float m[16] = {1, 0, 0, 5, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1};  // row-major, translation at 3, 7, 11
  b.raw(m, sizeof m);
  b.vec3(0, 0, 0).vec3(1, 1, 0);
  // Grandchild "barrel" with a zero-length LOD.
  b.header(0, 0, 0, 1, 1, 0, 1, "barrel", 0, 0, 0);
  b.u32(0);
  b.str("").u32(0).u32(0).u32(0).u32(0).u32(0).str("");
  b.f32(0).identity_matrix().vec3(0, 0, 0).vec3(0, 0, 0);
  b.vec3(1, 1, 0.5f);  // 12 trailing bytes
  return b;
}

TEST(CemLayout, HandBuiltFileReadsEveryFact) {
  auto bytes = hand_built().bytes;
  auto scene = read(bytes);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  const Scene& s = scene.value();
  ASSERT_EQ(s.nodes.size(), 3u);
  EXPECT_EQ(s.nodes[1].name, "turret");
  EXPECT_EQ(s.nodes[1].parent, 0);
  EXPECT_EQ(s.nodes[2].parent, 1);
  // Row-major matrix: translation from m[3], m[7], m[11].
  EXPECT_EQ(s.nodes[1].local.translation, (Vec3{5, 0, 1}));
  ASSERT_EQ(s.meshes.size(), 4u);
  // Material 2's vertices start at vertex_offset 2; its indices stay local.
  EXPECT_EQ(s.meshes[1].positions[0], (Vec3{0, 1, 0}));
  EXPECT_EQ(s.meshes[1].indices, (std::vector<std::uint32_t>{0, 1, 1}));
  EXPECT_EQ(s.meshes[0].lod_indices.size(), 1u);
  EXPECT_EQ(s.meshes[0].lod_indices[0], (std::vector<std::uint32_t>{1, 0, 0}));
  EXPECT_TRUE(s.meshes[1].lod_indices[0].empty());  // zero-length selection
  EXPECT_EQ(s.materials[1].name, "player color");
  EXPECT_EQ(s.materials[1].flags, 1u);  // texture_index kept
  EXPECT_EQ(s.textures.at(s.materials[0].textures.base_color).name, "hull_tex");
  EXPECT_EQ(s.materials[1].textures.base_color, -1);
  // Frames: positions move in z, tags per frame, duplicate tag names kept.
  ASSERT_EQ(s.meshes[0].frames.size(), 2u);
  EXPECT_EQ(s.meshes[0].frames[1].positions[1], (Vec3{1, 0, 0.5f}));
  EXPECT_EQ(s.meshes[0].frames[0].uvs[0], (Vec2{0, 1}));
  ASSERT_EQ(s.tags.size(), 2u);
  EXPECT_EQ(s.tags[0].name, s.tags[1].name);
  EXPECT_EQ(s.tags[1].positions[1], (Vec3{1, 1, 3}));
  EXPECT_EQ(s.vertex_animation.frame_count, 2u);
  EXPECT_EQ(s.trailing_bytes.size(), 12u);
  EXPECT_TRUE(has_warning(scene.warnings, "CEM_TRAILING_BYTES"));
}

TEST(CemLayout, HandBuiltFileWritesBackByteIdentically) {
  auto bytes = hand_built().bytes;
  auto scene = read(bytes);
  ASSERT_TRUE(scene.ok());
  auto written = write(scene.value());
  ASSERT_EQ(written.size(), bytes.size());
  auto diff = std::mismatch(written.begin(), written.end(), bytes.begin());
  EXPECT_TRUE(diff.first == written.end()) << "first difference at byte " << (diff.first - written.begin());
}

TEST(CemWriter, RecomputesBoundsCentreAndRadiusForChangedGeometry) {
  auto scene = read(hand_built().bytes);
  ASSERT_TRUE(scene.ok());
  Scene s = scene.value();
  for (auto& f : s.meshes[0].frames) f.positions[0].x = -3.0f;  // move one vertex in both frames
  auto again = read(write(s));
  ASSERT_TRUE(again.ok());
  const auto& frames = again->nodes[0].stored.frames;
  ASSERT_EQ(frames.size(), 2u);
  // Frame 0: x spans -3..1, y 0..1, z 0..0; frame 1 the same at z = 0.5.
  EXPECT_EQ(frames[0].lower, (Vec3{-3, 0, 0}));
  EXPECT_EQ(frames[1].upper, (Vec3{1, 1, 0.5f}));
  // Centre: mean of the frame box centres = (-1, 0.5, 0.25).
  const Vec3 c = *again->nodes[0].stored.center;
  EXPECT_FLOAT_EQ(c.x, -1.0f);
  EXPECT_FLOAT_EQ(c.y, 0.5f);
  EXPECT_FLOAT_EQ(c.z, 0.25f);
  // Radius: plain (not squared) max distance to the header centre; farthest is (-3, 0, z) or (1, 1, z).
  const float r0 = std::sqrt(2.0f * 2.0f + 0.5f * 0.5f + 0.25f * 0.25f);
  EXPECT_NEAR(frames[0].radius, r0, 1e-6f);
  EXPECT_NEAR(frames[1].radius, r0, 1e-6f);
}

TEST(CemWriter, SelectionsAreRunningTotalsAndMaterialsTileVertices) {
  Scene s;
  for (int m = 0; m < 3; ++m) {
    Mesh mesh;
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh.indices = m == 1 ? std::vector<std::uint32_t>{} : std::vector<std::uint32_t>{0, 1, 2, 2, 1, 0};
    s.meshes.push_back(mesh);
  }
  auto bytes = write(s);
  // Parse by hand: header 52 + 11 ("Scene Root"), one LOD of 4 triangles, then materials.
  std::size_t at = 63;
  std::uint32_t n;
  std::memcpy(&n, bytes.data() + at, 4);
  EXPECT_EQ(n, 4u);
  at += 4 + 48;
  const std::uint32_t expected[3][4] = {
      {0, 2, 0, 3}, {2, 0, 3, 3}, {2, 2, 6, 3}};  // offset, count, vertex offset, count
  for (int m = 0; m < 3; ++m) {
    at += 4 + 1 + 4;  // empty name, texture index
    std::uint32_t v[4];
    std::memcpy(v, bytes.data() + at, 16);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(v[k], expected[m][k]) << "material " << m << " field " << k;
    at += 16 + 4 + 1;
  }
}

TEST(CemBake, SkinnedAnimationBecomesFramesMatchingTheSkinnedPositions) {
  ExampleOptions o;
  o.rings = 4;
  o.segments = 4;
  o.duration = 1.0f;
  Scene src = make_example_scene(o);
  WriteOptions w;
  w.frame_rate = 10.0f;
  auto out = formats::cem_write(src, w);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(has_warning(out.warnings, "CEM_ANIMATION_BAKED"));
  auto scene = read(out.value());
  ASSERT_TRUE(scene.ok());
  const Mesh& baked = scene->meshes[0];
  ASSERT_EQ(baked.frames.size(), 11u);  // 0, 0.1, ..., 1.0 s
  SceneAnimator anim(src);
  std::vector<Mat4> skin(src.joints.size());
  for (std::size_t f = 0; f < baked.frames.size(); ++f) {
    anim.evaluate(0, f / 10.0f, skin);
    for (std::size_t v = 0; v < src.meshes[0].positions.size(); ++v) {
      // Independent: the linear blend of the skin matrices, written out here.
      Vec3 want{};
      for (int k = 0; k < kMaxInfluences; ++k) {
        const auto j = src.meshes[0].skin[v].joints[k];
        if (j >= 0)
          want = want + transform_point(skin[j], src.meshes[0].positions[v]) * src.meshes[0].skin[v].weights[k];
      }
      const Vec3 got = baked.frames[f].positions[v];
      EXPECT_NEAR(got.x, want.x, 1e-5f);
      EXPECT_NEAR(got.y, want.y, 1e-5f);
      EXPECT_NEAR(got.z, want.z, 1e-5f);
    }
  }
}

TEST(CemBake, WriteSceneRotatesYUpIntoCemZUp) {
  Scene src;
  Mesh m;
  m.positions = {{0, 2, 0}, {1, 0, 0}, {0, 0, 1}};
  m.indices = {0, 1, 2};
  src.meshes.push_back(m);
  auto dir = test::temp_dir("cem");
  ASSERT_TRUE(write_scene(dir / "up.cem", src).ok());
  auto back = read_scene(dir / "up.cem");
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->meshes[0].positions[0], (Vec3{0, 0, 2}));                   // Y-up "up" is CEM's +Z
  EXPECT_EQ(back->meshes[0].positions[2], (Vec3{0, -1, 0}));                  // (x, y, z) -> (x, -z, y)
  EXPECT_EQ(back->meshes[0].indices, (std::vector<std::uint32_t>{0, 1, 2}));  // a rotation keeps winding
}

TEST(CemLods, GeneratedOnlyWhenAsked) {
  ExampleOptions o;
  o.rings = 20;
  o.segments = 16;
  Scene src = make_example_scene(o);
  src.animations.clear();
  auto one = read(write(src));
  ASSERT_TRUE(one.ok());
  EXPECT_TRUE(one->meshes[0].lod_indices.empty());
  WriteOptions w;
  w.lods = 3;
  auto four = read(write(src, w));
  ASSERT_TRUE(four.ok());
  ASSERT_EQ(four->meshes[0].lod_indices.size(), 3u);
  std::size_t previous = four->meshes[0].indices.size();
  for (const auto& lod : four->meshes[0].lod_indices) {
    EXPECT_LT(lod.size(), previous);
    EXPECT_GT(lod.size(), 0u);
    previous = lod.size();
  }
}

TEST(CemToAem, ChildrenPlacedByTransformsAndLossesNamed) {
  auto scene = read(hand_built().bytes);
  ASSERT_TRUE(scene.ok());
  auto dir = test::temp_dir("cem-aem");
  const FormatHandler* aem_format = find_format("aem");
  Status st = write_scene(dir / "ship.aem", scene.value(), aem_format);
  ASSERT_TRUE(st.ok()) << st.error().to_string();
  // The ship has other LODs, frames and tags: each loss is told once, naming the file written.
  for (const char* kind : {"levels of detail", "vertex-animation frames", "tag points"}) {
    const auto telling = std::count_if(st.warnings.begin(), st.warnings.end(),
                                       [&](const Warning& w) { return w.message.find(kind) != std::string::npos; });
    EXPECT_EQ(telling, 1) << kind;
  }
  for (const auto& w : st.warnings) EXPECT_EQ(w.file, (dir / "ship.aem").string()) << w.to_string();
  auto aem = read_scene(dir / "ship.aem");
  ASSERT_TRUE(aem.ok());
  // The turret's vertex (1, 0, 0) sits at (6, 0, 1) in CEM space (its matrix translates by (5, 0, 1)),
  // which is (6, 1, 0) in AEM's Y-up space: (x, y, z) -> (x, z, -y).
  bool found = false;
  for (const auto& m : aem->meshes)
    for (const auto& p : m.positions)
      found |= std::fabs(p.x - 6) < 1e-5f && std::fabs(p.y - 1) < 1e-5f && std::fabs(p.z) < 1e-5f;
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace aem
