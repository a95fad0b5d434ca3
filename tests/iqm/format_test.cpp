// IQM reading from hand-built files (docs/formats/iqm.md §1-§4), the writer's layout rules, adjacency.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/skinning.hpp"
#include "formats/iqm/adjacency.hpp"
#include "iqe/iqe_support.hpp"
#include "iqm/iqm_builder.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

using B = test::IqmBuilder;

// One triangle (3 vertices) skinned to 2 joints, one 2-frame animation, a comment and an FTE-style
// extension; every section starts at an odd offset. Positions are normalised shorts (docs/formats/iqe.md §4:
// integer formats are always normalised), colours ubyte with 3 components.
std::vector<std::byte> hand_built(std::uint32_t version = 2) {
  B b;
  b.set(B::Version, version);
  b.pad(1);
  const std::uint32_t text = b.here();
  b.str("").str("tri").str("skin.png").str("root").str("arm").str("wave").str("FTE_MESH");
  b.set(B::OfsText, text), b.set(B::NumText, b.here() - text);
  auto name = [](int k) {
    const std::uint32_t offsets[] = {0, 1, 5, 14, 19, 23, 28};
    return offsets[k];
  };
  b.pad(3);
  b.set(B::OfsMeshes, b.here()), b.set(B::NumMeshes, 1);
  b.u32(name(1)).u32(name(2)).u32(0).u32(3).u32(0).u32(1);
  b.pad(1);
  const std::uint32_t arrays = b.here();
  b.set(B::OfsVertexArrays, arrays), b.set(B::NumVertexArrays, 4), b.set(B::NumVertexes, 3);
  const std::uint32_t data = arrays + 4 * 20 + 1;
  b.u32(0).u32(0).u32(2).u32(3).u32(data);       // position short3
  b.u32(6).u32(0).u32(1).u32(3).u32(data + 18);  // colour ubyte3
  b.u32(4).u32(0).u32(1).u32(4).u32(data + 27);  // blend indexes ubyte4
  b.u32(5).u32(0).u32(1).u32(4).u32(data + 39);  // blend weights ubyte4
  b.pad(1);
  b.i16(0).i16(0).i16(0).i16(32767).i16(0).i16(0).i16(0).i16(-32767).i16(16384);
  for (int v = 0; v < 3; ++v) b.u8(255).u8(0).u8(static_cast<std::uint8_t>(v * 51));
  for (int v = 0; v < 3; ++v) b.u8(0).u8(1).u8(0).u8(0);
  b.u8(255).u8(0).u8(0).u8(0).u8(128).u8(127).u8(0).u8(0).u8(0).u8(255).u8(0).u8(0);
  b.pad(1);
  b.set(B::OfsTriangles, b.here()), b.set(B::NumTriangles, 1);
  b.u32(0).u32(1).u32(2);
  b.pad(2);
  b.set(B::OfsJoints, b.here()), b.set(B::NumJoints, 2);
  b.u32(name(3)).u32(0xFFFFFFFFu).f32(0).f32(0).f32(0).f32(0).f32(0).f32(0).f32(-1).f32(1).f32(1).f32(1);
  b.u32(name(4)).u32(0).f32(0).f32(0).f32(2).f32(0).f32(0).f32(0).f32(-1).f32(1).f32(1).f32(1);
  b.pad(1);
  // Poses: joint 0 animates translate X (channel 0); joint 1 is constant.
  b.set(B::OfsPoses, b.here()), b.set(B::NumPoses, 2), b.set(B::NumFrameChannels, 1);
  b.u32(0xFFFFFFFFu).u32(1);
  for (float o : {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, -1.f, 1.f, 1.f, 1.f}) b.f32(o);
  for (int k = 0; k < 10; ++k) b.f32(k == 0 ? 0.5f : 0.0f);
  b.u32(0).u32(0);
  for (float o : {0.f, 0.f, 2.f, 0.f, 0.f, 0.f, -1.f, 1.f, 1.f, 1.f}) b.f32(o);
  for (int k = 0; k < 10; ++k) b.f32(0);
  b.set(B::OfsAnims, b.here()), b.set(B::NumAnims, 1), b.set(B::NumFrames, 2);
  b.u32(name(5)).u32(0).u32(2).f32(12.5f).u32(1);
  b.pad(1);
  b.set(B::OfsFrames, b.here());
  b.u16(0).u16(4);  // translate X = 0 + 4 * 0.5 = 2 in frame 1
  b.pad(1);
  b.set(B::OfsComment, b.here()), b.set(B::NumComment, 6);
  b.str("hello");
  b.set(B::OfsExtensions, b.here()), b.set(B::NumExtensions, 1);
  b.u32(name(6)).u32(0).u32(0).u32(0);
  return b.finish();
}

Result<Scene> read(const std::vector<std::byte>& bytes) { return read_scene(bytes, "test.iqm"); }

TEST(IqmRead, HandBuiltFileWithUnalignedSectionsAndAnExtension) {
  auto r = read(hand_built());
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(test::has_code(r.warnings, "IQM_EXTENSIONS_SKIPPED"));
  const Scene& s = r.value();
  ASSERT_EQ(s.meshes.size(), 1u);
  const Mesh& m = s.meshes[0];
  EXPECT_EQ(m.name, "tri");
  EXPECT_EQ(s.materials.at(m.material).name, "skin.png");
  EXPECT_EQ(m.positions[1], (Vec3{1, 0, 0}));  // 32767 / 32767
  EXPECT_NEAR(m.positions[2].y, -1.0f, 1e-6f);
  EXPECT_NEAR(m.positions[2].z, 16384.0f / 32767.0f, 1e-6f);
  EXPECT_EQ(m.colors.at(0)[2], (Vec4{1, 0, 102.0f / 255.0f, 1}));  // 3 components: alpha 1
  EXPECT_EQ(m.skin[0].joints[0], 0);
  EXPECT_FLOAT_EQ(m.skin[0].weights[0], 1.0f);
  EXPECT_EQ(m.skin[1].joints[0], 0);  // 128/255 and 127/255, renormalised
  EXPECT_NEAR(m.skin[1].weights[0], 128.0f / 255.0f, 1e-6f);
  EXPECT_EQ(m.skin[1].joints[1], 1);
  ASSERT_EQ(s.joints.size(), 2u);
  EXPECT_EQ(s.joints[1].name, "arm");
  EXPECT_EQ(s.joints[1].parent, 0);
  EXPECT_EQ(s.joints[1].rest.translation, (Vec3{0, 0, 2}));
  ASSERT_EQ(s.animations.size(), 1u);
  const Animation& a = s.animations[0];
  EXPECT_EQ(a.name, "wave");
  EXPECT_TRUE(a.loop);
  EXPECT_FLOAT_EQ(a.duration, 2.0f / 12.5f);
  EXPECT_EQ(a.channels.at(0).translation.at(1).value.x, 2.0f);
  EXPECT_EQ(a.channels.at(1).translation.at(1).value, (Vec3{0, 0, 2}));
  EXPECT_EQ(s.comment, "hello");
}

std::vector<std::byte> with_u32(std::vector<std::byte> b, std::size_t at, std::uint32_t v) {
  std::memcpy(b.data() + at, &v, 4);
  return b;
}

std::string code(const std::vector<std::byte>& b) {
  auto r = read(b);
  return r.ok() ? "ok" : r.error().code;
}

std::uint32_t field(const std::vector<std::byte>& b, B::Field f) {
  std::uint32_t v;
  std::memcpy(&v, b.data() + 16 + 4 * f, 4);
  return v;
}

TEST(IqmRead, EachLieHasItsCode) {
  const auto good = hand_built();
  EXPECT_EQ(code(good), "ok");
  EXPECT_EQ(code(hand_built(1)), "IQM_UNSUPPORTED_VERSION");
  auto magic = good;
  magic[0] = std::byte{'X'};
  EXPECT_EQ(code(magic), "IQM_BAD_MAGIC");
  EXPECT_EQ(code(with_u32(good, 16 + 4 * B::Filesize, static_cast<std::uint32_t>(good.size() + 1))), "IQM_TRUNCATED");
  const std::uint32_t tri = field(good, B::OfsTriangles), joints = field(good, B::OfsJoints),
                      meshes = field(good, B::OfsMeshes);
  EXPECT_EQ(code(with_u32(good, tri + 8, 3)), "IQM_INDEX_OUT_OF_RANGE");
  EXPECT_EQ(code(with_u32(good, joints + 48 + 4, 1)), "IQM_BAD_PARENT");  // joint 1 its own parent
  EXPECT_EQ(code(with_u32(good, meshes + 12, 4)), "IQM_BAD_RANGE");       // 4 vertices of 3
  EXPECT_EQ(code(with_u32(good, meshes, 9999)), "IQM_BAD_NAME");
  EXPECT_EQ(code(with_u32(good, 16 + 4 * B::NumFrameChannels, 2)), "IQM_BAD_FRAME_CHANNELS");
  EXPECT_EQ(code(with_u32(good, 16 + 4 * B::NumTriangles, 0x40000000u)),
            "TRUNCATED");  // 12 GB of triangles in a small file
  EXPECT_EQ(code(with_u32(good, 16 + 4 * B::NumVertexes, 0x40000000u)), "TRUNCATED");
  auto indexes = good;  // blend index 7 with 2 joints
  indexes[field(good, B::OfsVertexArrays) + 4 * 20 + 1 + 27] = std::byte{7};
  EXPECT_EQ(code(indexes), "IQM_JOINT_OUT_OF_RANGE");
  auto longer = good;
  longer.push_back(std::byte{0});
  auto r = read(longer);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(test::has_code(r.warnings, "IQM_FILESIZE_MISMATCH"));
}

TEST(IqmRead, ErrorsNameTheByteOffset) {
  const auto good = hand_built();
  const std::uint32_t tri = field(good, B::OfsTriangles);
  auto r = read(with_u32(good, tri + 8, 3));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().offset, tri + 8);
  EXPECT_EQ(r.error().format, "IQM");
}

TEST(IqmRead, AHugeFrameCountWithNoChannelsIsRefusedNotAllocated) {
  B b;  // no meshes, one constant pose, one animation claiming 4 billion frames
  b.set(B::OfsPoses, b.here()), b.set(B::NumPoses, 1);
  b.u32(0xFFFFFFFFu).u32(0);
  for (int k = 0; k < 20; ++k) b.f32(0);
  b.set(B::OfsAnims, b.here()), b.set(B::NumAnims, 1), b.set(B::NumFrames, 0xFFFFFFF0u);
  b.u32(0).u32(0).u32(0xFFFFFFF0u).f32(30).u32(0);
  EXPECT_EQ(code(b.finish()), "IQM_TOO_LARGE");
}

TEST(IqmRead, TruncationsFailAndByteFlipsReadOrFailCleanly) {
  const auto bytes = hand_built();
  for (std::size_t len = 0; len < bytes.size(); ++len)
    ASSERT_FALSE(read(std::vector<std::byte>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(len))).ok())
        << len;
  auto flipped = bytes;
  for (std::size_t i = 0; i < bytes.size(); ++i)
    for (std::byte mask : {std::byte{0x01}, std::byte{0x80}, std::byte{0xFF}}) {
      flipped[i] = bytes[i] ^ mask;
      auto r = read(flipped);
      if (r.ok()) {  // whatever reads must also write in both formats (or be refused with an error)
        for (const char* format : {"iqe", "iqm"}) {
          auto again = test::round_trip(r.value(), format);
          if (!again.ok()) EXPECT_EQ(again.error().code, "IQM_JOINT_INDEX_TOO_LARGE") << again.error().to_string();
        }
      } else {
        EXPECT_EQ(r.error().format, "IQM");
        EXPECT_TRUE(r.error().offset.has_value()) << r.error().to_string();
      }
      flipped[i] = bytes[i];
    }
}

TEST(IqmRead, FuzzerFindingsStayFixed) {
  // Inputs the fuzzers once crashed on (tests/data/iqm, tests/data/iqe): each reads and writes, or fails cleanly.
  auto files = test::files_with_extension(AEM_TEST_DATA_DIR "/iqm", ".iqm");
  auto text = test::files_with_extension(AEM_TEST_DATA_DIR "/iqe", ".iqe");
  files.insert(files.end(), text.begin(), text.end());
  ASSERT_GE(files.size(), 2u);
  for (const auto& f : files) {
    auto r = read_scene(test::read_bytes(f), f);
    if (!r.ok()) continue;
    for (const char* format : {"iqe", "iqm"}) {
      auto again = find_format(format)->write(r.value(), {});
      EXPECT_TRUE(again.ok() || again.error().code == "IQM_JOINT_INDEX_TOO_LARGE") << f << " -> " << format;
    }
  }
}

// The hand-built file read and written again by our IQM writer.
std::vector<std::byte> hand_built_rewritten() {
  auto source = read(hand_built());
  EXPECT_TRUE(source.ok());
  auto written = find_format("iqm")->write(source.value(), {});
  EXPECT_TRUE(written.ok());
  return written.ok() ? written.value() : std::vector<std::byte>{};
}

TEST(IqmWrite, LayoutFollowsTheRulesOtherReadersNeed) {
  const std::vector<std::byte> b = hand_built_rewritten();
  ASSERT_GE(b.size(), 124u);
  EXPECT_EQ(std::memcmp(b.data(), "INTERQUAKEMODEL\0", 16), 0);
  EXPECT_EQ(field(b, B::Version), 2u);
  EXPECT_EQ(field(b, B::Filesize), b.size());
  EXPECT_EQ(field(b, B::Flags), 0u);
  EXPECT_EQ(field(b, B::NumExtensions), 0u);
  for (B::Field f : {B::OfsText, B::OfsMeshes, B::OfsVertexArrays, B::OfsTriangles, B::OfsAdjacency, B::OfsJoints,
                     B::OfsPoses, B::OfsAnims, B::OfsFrames, B::OfsBounds, B::OfsComment})
    EXPECT_EQ(field(b, f) % 4, 0u) << "field " << f;
  const std::uint32_t text = field(b, B::OfsText), num_text = field(b, B::NumText);
  EXPECT_EQ(b[text], std::byte{0});                 // text[0] is ""
  EXPECT_EQ(b[text + num_text - 1], std::byte{0});  // and it ends in NUL
  // Vertex arrays sorted by type, recommended formats, each offset aligned.
  std::uint32_t previous = 0;
  for (std::uint32_t a = 0; a < field(b, B::NumVertexArrays); ++a) {
    std::uint32_t va[5];
    std::memcpy(va, b.data() + field(b, B::OfsVertexArrays) + 20 * a, 20);
    EXPECT_GE(va[0], previous);
    previous = va[0];
    EXPECT_EQ(va[4] % 4, 0u);
    const bool bytes = va[0] == 4 || va[0] == 5 || va[0] == 6;
    EXPECT_EQ(va[2], bytes ? 1u : 7u) << "type " << va[0];  // ubyte or float
    if (va[0] == 5)                                         // blend weights sum to exactly 255
      for (std::uint32_t v = 0; v < field(b, B::NumVertexes); ++v) {
        int sum = 0;
        for (int k = 0; k < 4; ++k) sum += static_cast<int>(b[va[4] + 4 * v + k]);
        EXPECT_EQ(sum, 255);
      }
  }
  // The frame data holds num_frames x num_framechannels values.
  EXPECT_EQ(field(b, B::NumFrames), 2u);
  EXPECT_EQ(field(b, B::NumFrameChannels), 1u);
}

TEST(IqmWrite, BoundsHoldEveryFramesPosedVertices) {
  const std::vector<std::byte> b = hand_built_rewritten();
  ASSERT_EQ(field(b, B::NumFrames), 2u);
  ASSERT_NE(field(b, B::OfsBounds), 0u);
  // Expected: the file read back, posed at each frame's time by the scene animator and CPU skinning.
  auto back = read(b);
  ASSERT_TRUE(back.ok());
  SceneAnimator animator(back.value());
  std::vector<Mat4> skin(back->joints.size());
  std::vector<Vec3> posed, normals;
  for (std::uint32_t f = 0; f < 2; ++f) {
    animator.evaluate(0, static_cast<float>(f) / back->animations[0].frame_rate, skin);
    pose_mesh(back->meshes[0], skin, posed, normals);
    Bounds want;
    float radius = 0;
    for (const Vec3& p : posed) want.add(p), radius = std::max(radius, length(p));
    float got[8];
    std::memcpy(got, b.data() + field(b, B::OfsBounds) + 32 * f, 32);
    SCOPED_TRACE("frame " + std::to_string(f));
    EXPECT_NEAR(got[0], want.min.x, 1e-4f);
    EXPECT_NEAR(got[2], want.min.z, 1e-4f);
    EXPECT_NEAR(got[3], want.max.x, 1e-4f);
    EXPECT_NEAR(got[4], want.max.y, 1e-4f);
    EXPECT_NEAR(got[7], radius, 1e-4f);
  }
  float frame1_max_x;
  std::memcpy(&frame1_max_x, b.data() + field(b, B::OfsBounds) + 32 + 12, 4);
  EXPECT_GT(frame1_max_x, 2.5f);  // joint 0 moved 2 along X in frame 1
}

TEST(IqmWrite, AnimationOnlyFileRoundTrips) {
  Scene s;
  s.joints.resize(2);
  s.joints[1].parent = 0;
  s.joints[1].rest.translation = {0, 0, 1};
  s.joints[1].inverse_bind = translation_matrix({0, 0, -1});
  Animation a;
  a.name = "nod";
  a.frame_rate = 10;
  a.duration = 0.3f;
  Channel c;
  c.joint = 1;
  for (int f = 0; f < 3; ++f) c.rotation.push_back({f / 10.0f, normalize(Quat{0.1f * f, 0, 0, -1})});
  a.channels.push_back(c);
  s.animations.push_back(a);
  auto back = test::round_trip(s, "iqm");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back->animations.size(), 1u);
  ASSERT_EQ(back->animations[0].channels.at(1).rotation.size(), 3u);
  const Quat q = back->animations[0].channels[1].rotation[2].value, expected = normalize(Quat{0.2f, 0, 0, -1});
  EXPECT_NEAR(std::fabs(q.x * expected.x + q.y * expected.y + q.z * expected.z + q.w * expected.w), 1.0f, 1e-4f);
}

TEST(IqmAdjacency, NeighboursAcrossSeamsAndNonManifoldEdges) {
  using formats::iqm::compute_adjacency;
  using formats::iqm::kNoNeighbour;
  // A quad split along 0-2 whose second triangle has its own copies of the diagonal's vertices (a UV seam).
  const std::vector<Vec3> p = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 0}, {1, 1, 0}};
  auto adj = compute_adjacency(p, std::vector<std::uint32_t>{0, 1, 2, 4, 5, 3});
  ASSERT_EQ(adj.size(), 2u);
  EXPECT_EQ(adj[0][2], 1u);  // edge 2->0 of triangle 0 is edge 4->5 of triangle 1
  EXPECT_EQ(adj[1][0], 0u);
  EXPECT_EQ(adj[0][0], kNoNeighbour);
  EXPECT_EQ(adj[1][1], kNoNeighbour);
  // Three triangles on one edge: each links to another (cyclic), never to itself.
  const std::vector<Vec3> fan = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}};
  auto three = compute_adjacency(fan, std::vector<std::uint32_t>{0, 1, 2, 1, 0, 3, 0, 1, 4});
  EXPECT_EQ(three[0][0], 1u);
  EXPECT_EQ(three[1][0], 2u);
  EXPECT_EQ(three[2][0], 0u);
}

}  // namespace
}  // namespace aem
