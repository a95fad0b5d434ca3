// glTF samples from the corpus exported as FBX by Blender 3.4 (support/blender.hpp) and read by the native
// FBX reader, judged against the glTF they came from: placed in metres with Y up, posed like the glTF at
// three times of each animation, the take that holds the glTF's animation played first, blend shapes
// played as vertex animation, corners welded to at most 1.5 times the glTF's vertices, and images
// carried to .glb byte for byte.
//
// Time, found in Blender's glTF importer and FBX exporter (io_import_scene_gltf2, io_scene_fbx 4.37):
// the importer keys glTF time t at frame 24 t of the scene's 24 frames a second (time 0 at frame 0), and
// the exporter bakes a take at every whole frame of its range.
// - Default settings ("All Actions"): a take per object and action it can play, named "object|action",
//   over the action's keyed frames, its keys moved to start at 0. Our time 0 is the action's first key:
//   glTF time = our time + the glTF animation's first key time (one object animated). With several
//   objects animated no take holds the whole animation (BoxAnimated: SkeletalAndNodeAnimations...).
//   Shape-key actions get no take at all.
// - "-one-take" (All Actions and NLA Strips off: support/blender_export.py): one take "Scene" from the
//   scene's first frame, 1, to the last keyed frame, keys at their frames; the reader starts the
//   animation where the take starts: glTF time = our time + 1/24 s.
// Shifting either mapping by one frame fails most samples at two of the three times. What is left is
// mostly Blender's own: it thins the baked keys (simplify factor 1 by default), which moves CesiumMan
// by up to about 0.4 of the limit at the times compared.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "aem/io.hpp"
#include "core/weld.hpp"
#include "support/blender.hpp"
#include "support/corpus.hpp"
#include "support/posed_geometry.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

constexpr float kFrame = 1.0f / 24.0f;  // Blender's default scene rate, which the glTF importer keys at

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

std::map<std::string, std::string> notes(const Scene& s) {
  std::map<std::string, std::string> out;
  for (const auto& n : s.source_notes) out[n.key] = n.value;
  return out;
}

/// The glTF posed as `gltf_pose` against the FBX posed as `fbx_pose`: within 1e-3 of the glTF's diagonal.
testing::AssertionResult poses_alike(const Scene& gltf, const PoseAt& gltf_pose, const Scene& fbx,
                                     const PoseAt& fbx_pose) {
  const auto cmp = compare_frame(posed_vertices(gltf, gltf_pose), posed_vertices(fbx, fbx_pose));
  auto result = cmp.matched() ? testing::AssertionSuccess() : testing::AssertionFailure();
  return result << "mean distances " << cmp.distance.reference_to_posed << " and " << cmp.distance.posed_to_reference
                << " m, limit " << cmp.limit << " m";
}

/// The earliest key of any channel: where Blender's action for the glTF animation starts.
float first_key(const Animation& a) {
  float first = a.duration;
  for (const Channel& ch : a.channels) {
    if (!ch.translation.empty()) first = std::min(first, ch.translation.front().time);
    if (!ch.rotation.empty()) first = std::min(first, ch.rotation.front().time);
    if (!ch.scale.empty()) first = std::min(first, ch.scale.front().time);
  }
  return first;
}

/// The FBX's animation 0 plays the glTF's animation 0 from glTF time `offset` on: as long as the glTF's
/// remaining time (within a frame: Blender's takes end on a whole frame), and posed alike at its start,
/// at a whole frame near its middle and at `last` (glTF time).
void expect_plays_like(const Scene& gltf, const Scene& fbx, float offset, float last) {
  ASSERT_FALSE(gltf.animations.empty());
  ASSERT_FALSE(fbx.animations.empty());
  const float end = gltf.animations[0].duration;
  EXPECT_NEAR(fbx.animations[0].duration, end - offset, kFrame) << fbx.animations[0].name;
  const float middle = std::round((offset + end) / 2.0f / kFrame) * kFrame;
  for (const float t : {offset, middle, last}) {
    SCOPED_TRACE("glTF time " + std::to_string(t) + " s");
    EXPECT_TRUE(poses_alike(gltf, PoseAt::animated(0, t), fbx, PoseAt::animated(0, t - offset)));
  }
}

/// As above for a take of the one-clip export, which starts at frame 1 and ends at the glTF's end.
void expect_one_take_plays_like(const Scene& gltf, const Scene& fbx) {
  ASSERT_FALSE(gltf.animations.empty());
  expect_plays_like(gltf, fbx, kFrame, gltf.animations[0].duration);
}

/// As above for a take of Blender's default export, which starts at the action's first key. Blender bakes
/// the whole frames from there that lie within the action's range, which it keeps in single precision
/// from glTF time x 24 and which can end a hair before the last key (RiggedSimple: frames 0.9999989 to
/// 49.999992, so frame 50 is not baked and the take holds frame 49 through its last 1/24 s): the last
/// time compared is one frame before the glTF's end.
void expect_action_take_plays_like(const Scene& gltf, const Scene& fbx) {
  ASSERT_FALSE(gltf.animations.empty());
  expect_plays_like(gltf, fbx, first_key(gltf.animations[0]), gltf.animations[0].duration - kFrame);
}

/// What Blender stored as the scene's pose: its scene at the current frame, 1 (glTF time 1/24 s), for
/// objects and for armatures' bones alike; a glTF without animations at rest.
PoseAt stored_pose(const Scene& gltf) { return gltf.animations.empty() ? PoseAt::rest() : PoseAt::animated(0, kFrame); }

const std::vector<std::string> kSamples{"Box",          "BoxTextured", "BoxAnimated",
                                        "RiggedSimple", "CesiumMan",   "AnimatedMorphCube"};

/// Every sample exported by Blender with default settings into `dir`, in one launch.
std::vector<BlenderExport> default_exports(const fs::path& dir) {
  std::vector<BlenderExport> exports;
  for (const auto& name : kSamples) exports.push_back({gltf_sample(name), {dir / (name + ".fbx")}});
  return exports;
}

// Static and animated samples alike stand where the glTF puts them, in metres with Y up whatever axes
// Blender is told to write, with no scale applied by the test. Blender writes centimetres: with its
// default "FBX Units Scale" it declares UnitScaleFactor 1 and scales the objects by 100 (io_scene_fbx:
// 1 Blender unit = 1 m = 100 cm).
TEST(BlenderFbx, SamplesStandInMetresWithYUp) {
  AEM_CORPUS_FILE(box, "gltf/Box/Box.glb");
  AEM_REQUIRE_BLENDER();
  const auto dir = temp_dir("blender-fbx-placement");
  std::vector<BlenderExport> exports = default_exports(dir);
  exports[3].outputs.push_back(dir / "RiggedSimple-z-up.fbx");
  const std::string failure = blender_export(exports);
  ASSERT_TRUE(failure.empty()) << failure;

  for (const auto& e : exports) {
    const Scene gltf = read_or_fail(e.source);
    for (const auto& fbx_path : e.outputs) {
      SCOPED_TRACE(fbx_path.filename().string());
      const Scene fbx = read_or_fail(fbx_path);
      auto n = notes(fbx);
      EXPECT_EQ(n["units"], "centimetres (0.01 m per unit)");
      EXPECT_EQ(n["axes"], fbx_path.stem().string().ends_with("-z-up") ? "Z up, -Y front, X right, right-handed"
                                                                       : "Y up, Z front, X right, right-handed");
      EXPECT_TRUE(poses_alike(gltf, stored_pose(gltf), fbx, PoseAt::rest()));
    }
  }
}

/// Vertices of `mesh` when corners at one position whose normals differ by less than `tolerance` in
/// every component took the same normal, then were welded (bit-exact, as the reader welds).
std::size_t vertices_with_normals_within(Mesh mesh, float tolerance) {
  if (mesh.normals.size() != mesh.positions.size()) return mesh.positions.size();
  const auto bits = [](const Vec3& p) {
    std::array<std::uint32_t, 3> out;
    std::memcpy(out.data(), &p, sizeof out);
    return out;
  };
  std::map<std::array<std::uint32_t, 3>, std::vector<Vec3>> normals_at;  // distinct normals kept per position
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    Vec3& n = mesh.normals[v];
    auto& kept = normals_at[bits(mesh.positions[v])];
    const auto near = std::find_if(kept.begin(), kept.end(), [&](const Vec3& k) {
      return std::abs(k.x - n.x) < tolerance && std::abs(k.y - n.y) < tolerance && std::abs(k.z - n.z) < tolerance;
    });
    if (near != kept.end())
      n = *near;
    else
      kept.push_back(n);
  }
  weld_vertices(mesh);
  return mesh.positions.size();
}

// Blender hands out a vertex per face corner; welded, the samples come to at most 1.5 times the glTF's
// vertices (the bound). Blender keeps custom split normals quantised (its 16-bit encoding per
// corner), so the corners of one glTF vertex carry normals up to about 2e-5 apart, which a bit-exact
// weld keeps apart: the second count shows that those normals are all that keeps corners apart beyond
// the glTF's own vertices.
TEST(BlenderFbx, CornersWeldToAtMostOneAndAHalfTimesTheGltfsVertices) {
  AEM_CORPUS_FILE(box, "gltf/Box/Box.glb");
  AEM_REQUIRE_BLENDER();
  const auto dir = temp_dir("blender-fbx-vertices");
  const std::vector<BlenderExport> exports = default_exports(dir);
  const std::string failure = blender_export(exports);
  ASSERT_TRUE(failure.empty()) << failure;

  for (const auto& e : exports) {
    SCOPED_TRACE(e.outputs[0].filename().string());
    const Scene gltf = read_or_fail(e.source), fbx = read_or_fail(e.outputs[0]);
    const std::size_t ours = fbx.vertex_count(), theirs = gltf.vertex_count();
    std::size_t normals_as_one = 0;
    for (const Mesh& m : fbx.meshes) normals_as_one += vertices_with_normals_within(m, 1e-4f);
    const std::string counts = std::to_string(ours) + " vertices for the glTF's " + std::to_string(theirs) + "; " +
                               std::to_string(normals_as_one) + " with normals within 1e-4 taken as one";
    RecordProperty(e.outputs[0].stem().string() + "_vertices", counts);
    EXPECT_GT(ours, 0u);
    EXPECT_LE(static_cast<double>(ours), 1.5 * static_cast<double>(theirs)) << counts;
    EXPECT_LE(normals_as_one, theirs) << counts;
  }
}

/// Name of the first take (AnimationStack) in a binary FBX 7 file from Blender, read from the bytes
/// independently of ufbx: the first string property "<name>\0\x01AnimStack" ('S', 32-bit length, bytes).
std::string first_take_in_file(const std::vector<std::byte>& bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const std::string_view suffix(
      "\0\x01"
      "AnimStack",
      11);
  const std::size_t at = text.find(suffix);
  if (at == std::string_view::npos) return {};
  const std::size_t end = at + suffix.size();
  for (std::size_t start = at; start >= 5 && at - start < 1024; --start) {
    std::uint32_t length = 0;
    std::memcpy(&length, text.data() + start - 4, 4);
    if (text[start - 5] == 'S' && length == end - start) return std::string(text.substr(start, at - start));
  }
  return {};
}

// Animations posed like the glTF at the start, middle and end of each (the times: see the top of this
// file), from Blender's default export, which writes a take per object and action (an armature's
// animation is one object's), and from the export an artist makes of one clip (-one-take), where one take
// holds every object's action. The take played first is the one that holds the glTF's animation. When
// several objects move (BoxAnimated), Blender's default export has no such take and declares no active
// one (ActiveAnimStackName and Takes' Current are empty): the reader plays the first take in the file.
TEST(BlenderFbx, SkeletalAndNodeAnimationsPoseLikeTheGltfs) {
  AEM_CORPUS_FILE(box, "gltf/BoxAnimated/BoxAnimated.glb");
  AEM_REQUIRE_BLENDER();
  const auto dir = temp_dir("blender-fbx-animations");
  std::vector<BlenderExport> exports;
  for (const std::string name : {"CesiumMan", "RiggedSimple", "BoxAnimated"})
    exports.push_back({gltf_sample(name), {dir / (name + ".fbx"), dir / (name + "-one-take.fbx")}});
  const std::string failure = blender_export(exports);
  ASSERT_TRUE(failure.empty()) << failure;

  for (const auto& e : exports) {
    const Scene gltf = read_or_fail(e.source);
    ASSERT_EQ(gltf.animations.size(), 1u) << e.source;
    const bool one_object = e.source.stem() != "BoxAnimated";
    for (const auto& fbx_path : e.outputs) {
      SCOPED_TRACE(fbx_path.filename().string());
      const Scene fbx = read_or_fail(fbx_path);
      if (fbx.animations.empty()) {
        ADD_FAILURE() << "no animation";
        continue;
      }
      if (fbx_path.stem().string().ends_with("-one-take")) {
        EXPECT_EQ(fbx.animations.size(), 1u);
        EXPECT_EQ(fbx.animations[0].name, "Scene");
        expect_one_take_plays_like(gltf, fbx);
      } else if (one_object) {
        EXPECT_EQ(fbx.animations.size(), 1u);
        EXPECT_EQ(fbx.animations[0].name, "Armature|Anim_0_Armature");
        expect_action_take_plays_like(gltf, fbx);
      } else {
        // Node_0 and inner_box each with each action, since both actions key only object transforms
        // (which Blender takes as an action the object can play); none moves both objects.
        std::vector<std::string> takes;
        for (const auto& a : fbx.animations) takes.push_back(a.name);
        std::sort(takes.begin(), takes.end());
        EXPECT_EQ(takes, (std::vector<std::string>{"Node_0|Anim_0_Node_0", "Node_0|Anim_0_inner_box",
                                                   "inner_box|Anim_0_Node_0", "inner_box|Anim_0_inner_box"}));
        EXPECT_EQ(fbx.animations[0].name, first_take_in_file(read_bytes(fbx_path)));
      }
    }
  }
}

// Blend shapes: glTF morph targets become Blender shape keys, which the FBX exporter writes as blend
// shapes with their weights' animation in the one-clip export (its default export gives shape-key
// actions no take). The reader plays them as vertex animation named after the take, posed like the
// glTF's morph animation at its start, middle and end.
TEST(BlenderFbx, BlendShapeAnimationsPoseLikeTheGltfsMorphs) {
  AEM_CORPUS_FILE(cube, "gltf/AnimatedMorphCube/AnimatedMorphCube.gltf");
  AEM_REQUIRE_BLENDER();
  const auto dir = temp_dir("blender-fbx-morphs");
  std::vector<BlenderExport> exports;
  for (const std::string name : {"AnimatedMorphCube", "SimpleMorph"})
    exports.push_back({gltf_sample(name), {dir / (name + "-one-take.fbx")}});
  const std::string failure = blender_export(exports);
  ASSERT_TRUE(failure.empty()) << failure;

  for (const auto& e : exports) {
    SCOPED_TRACE(e.outputs[0].filename().string());
    const Scene gltf = read_or_fail(e.source), fbx = read_or_fail(e.outputs[0]);
    ASSERT_EQ(gltf.animations.size(), 1u);
    ASSERT_EQ(fbx.animations.size(), 1u);
    EXPECT_EQ(fbx.animations[0].name, "Scene");
    EXPECT_EQ(fbx.vertex_animation.name, "Scene");
    EXPECT_TRUE(std::any_of(fbx.meshes.begin(), fbx.meshes.end(), [](const Mesh& m) { return !m.frames.empty(); }));
    expect_one_take_plays_like(gltf, fbx);
  }
}

/// The bytes of the image on the first material's base colour: embedded, or the file beside the model in
/// `dir`; empty when there is none.
std::vector<std::uint8_t> base_colour_image(const Scene& s, const fs::path& dir) {
  if (s.materials.empty()) return {};
  const std::int32_t t = s.materials[0].textures.base_color;
  if (t < 0 || static_cast<std::size_t>(t) >= s.textures.size()) return {};
  if (!s.textures[t].data.empty()) return s.textures[t].data;
  const std::vector<std::byte> file = read_bytes(dir / s.textures[t].name);
  if (file.empty()) return {};
  std::vector<std::uint8_t> out(file.size());
  std::memcpy(out.data(), file.data(), file.size());
  return out;
}

// The whole path through the command line: a skinned, animated, textured character converts to .glb and
// .aem posed like its glTF, and the images Blender embeds (CesiumMan's JPEG, BoxTextured's PNG) reach
// the output unchanged: inside the .glb, and beside the .aem (AEM names its images).
TEST(BlenderFbx, ConvertsThroughTheCliWithEmbeddedImagesUnchanged) {
  AEM_CORPUS_FILE(man, "gltf/CesiumMan/CesiumMan.glb");
  AEM_REQUIRE_BLENDER();
  const auto dir = temp_dir("blender-fbx-cli");
  const std::vector<BlenderExport> exports{{gltf_sample("CesiumMan"), {dir / "CesiumMan.fbx"}},
                                           {gltf_sample("BoxTextured"), {dir / "BoxTextured.fbx"}}};
  const std::string failure = blender_export(exports);
  ASSERT_TRUE(failure.empty()) << failure;

  for (const auto& e : exports) {
    const Scene gltf = read_or_fail(e.source);
    const std::vector<std::uint8_t> image = base_colour_image(gltf, e.source.parent_path());
    ASSERT_FALSE(image.empty()) << e.source;
    for (const char* ext : {".glb", ".aem"}) {
      const fs::path out = dir / (e.source.stem().string() + ext);
      SCOPED_TRACE(out.filename().string());
      std::string log;
      ASSERT_EQ(run_cli("convert " + quoted(e.outputs[0]) + " " + quoted(out), &log), 0) << log;
      const Scene converted = read_or_fail(out);
      EXPECT_TRUE(base_colour_image(converted, dir) == image) << "the base colour image changed";
      if (!gltf.animations.empty()) expect_action_take_plays_like(gltf, converted);
    }
  }
}

}  // namespace
}  // namespace aem::test
