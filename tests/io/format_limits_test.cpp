// Writers whose files hold joint indices in fewer than 32 bits (IQM blend indices and E3D bone indices
// are bytes, glTF's JOINTS_n at most unsigned shorts) refuse a scene just past that limit with their
// own code, naming the mesh, the count and the limit, and leave no file; a scene exactly at the limit
// writes and reads back with its highest joint intact.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "aem/io.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

/// A fan of triangles around vertex 0 whose vertex i is skinned to joint `used[i]` alone, in a
/// skeleton of `joints` root joints named j0, j1, ...; one node places it.
Scene skinned_fan(std::size_t joints, const std::vector<std::int32_t>& used) {
  Scene s;
  s.joints.resize(joints);
  for (std::size_t j = 0; j < joints; ++j) s.joints[j].name = "j" + std::to_string(j);
  Mesh m;
  m.name = "Body";
  for (std::size_t i = 0; i < used.size(); ++i) {
    const float angle = 0.01f * static_cast<float>(i);
    m.positions.push_back(i == 0 ? Vec3{} : Vec3{std::cos(angle), std::sin(angle), 0});
    SkinInfluences influence;
    influence.joints[0] = used[i];
    influence.weights[0] = 1.0f;
    m.skin.push_back(influence);
    if (i >= 2)
      m.indices.insert(m.indices.end(), {0, static_cast<std::uint32_t>(i - 1), static_cast<std::uint32_t>(i)});
  }
  s.meshes.push_back(std::move(m));
  Node node;
  node.name = "body";
  node.meshes = {0};
  s.nodes.push_back(node);
  return s;
}

/// Joints 0 and `highest`, the rest of the fan on joint 0.
Scene fan_reaching(std::size_t joints, std::int32_t highest) { return skinned_fan(joints, {0, highest, 0, 0}); }

/// Joints 0 to `count` - 1, one vertex each (and one more vertex on joint 0 to close the first triangle).
Scene fan_over_joints(std::size_t count) {
  std::vector<std::int32_t> used{0};
  for (std::size_t j = 0; j < count; ++j) used.push_back(static_cast<std::int32_t>(j));
  return skinned_fan(count, used);
}

/// The names of the joints the vertices of `scene` are skinned to.
std::set<std::string> skinned_joint_names(const Scene& scene) {
  std::set<std::string> names;
  for (const Mesh& m : scene.meshes)
    for (const SkinInfluences& s : m.skin)
      for (int k = 0; k < kMaxInfluences; ++k)
        if (s.joints[k] >= 0 && s.weights[k] > 0) names.insert(scene.joints.at(s.joints[k]).name);
  return names;
}

/// `scene` refused by `extension`'s writer with `code`, the message holding each of `words`; no file.
void expect_refused(const Scene& scene, const std::string& extension, const std::string& code,
                    const std::vector<std::string>& words) {
  const auto file = test::temp_dir("format_limits") / ("over" + extension);
  const Status written = write_scene(file, scene);
  ASSERT_FALSE(written.ok()) << extension << " wrote a scene past its limit";
  EXPECT_EQ(written.error().code, code) << written.error().to_string();
  for (const auto& word : words)
    EXPECT_NE(written.error().message.find(word), std::string::npos) << word << " in: " << written.error().message;
  EXPECT_FALSE(std::filesystem::exists(file));
}

/// `scene` written as `extension` and read back; a failure when either step fails.
Scene written_and_read(const Scene& scene, const std::string& extension) {
  const auto file = test::temp_dir("format_limits") / ("at" + extension);
  const Status written = write_scene(file, scene);
  EXPECT_TRUE(written.ok()) << written.error().to_string();
  return test::read_or_fail(file);
}

// IQM blend indices are unsigned bytes: joints 0 to 255.
TEST(FormatLimits, IqmRefusesAMeshUsingJoint256) {
  expect_refused(fan_reaching(257, 256), ".iqm", "IQM_JOINT_INDEX_TOO_LARGE",
                 {"\"Body\"", "joint 256 of 257", "255", "256"});
}

TEST(FormatLimits, IqmWritesAMeshUsingJoint255) {
  EXPECT_EQ(skinned_joint_names(written_and_read(fan_reaching(256, 255), ".iqm")),
            (std::set<std::string>{"j0", "j255"}));
}

// A joint past 255 in a slot the file does not keep (weight 0, or below the 4 strongest) is no use of
// it: the mesh is written, without that joint.
TEST(FormatLimits, IqmWritesAMeshNamingJoint256OnlyInSlotsItDrops) {
  Scene scene = fan_reaching(257, 255);
  SkinInfluences& s = scene.meshes.at(0).skin.at(1);
  s.joints = {255, 256, 1, 2, 3, 256, -1, -1};
  s.weights = {0.4f, 0.0f, 0.2f, 0.2f, 0.1f, 0.05f, 0.0f, 0.0f};
  EXPECT_EQ(skinned_joint_names(written_and_read(scene, ".iqm")),
            (std::set<std::string>{"j0", "j1", "j2", "j3", "j255"}));
}

// An E3D skin counts its bones in a byte and a vertex's bone index 255 means "none": 255 bones.
TEST(FormatLimits, E3dRefusesASkinOf256Bones) {
  expect_refused(fan_over_joints(256), ".e3d", "E3D_TOO_MANY_BONES", {"\"Body\"", "256 joints", "at most 255"});
}

TEST(FormatLimits, E3dWritesASkinOf255Bones) {
  std::set<std::string> all;
  for (int j = 0; j < 255; ++j) all.insert("j" + std::to_string(j));
  EXPECT_EQ(skinned_joint_names(written_and_read(fan_over_joints(255), ".e3d")), all);
}

// glTF's JOINTS_n are unsigned bytes or shorts: joints 0 to 65 535 (the writer wrapped 65 536 to 0).
TEST(FormatLimits, GltfRefusesAMeshUsingJoint65536) {
  expect_refused(fan_reaching(65537, 65536), ".glb", "GLTF_WRITE_TOO_MANY_JOINTS",
                 {"\"Body\"", "joint 65536 of 65537", "65535"});
}

TEST(FormatLimits, GltfWritesAMeshUsingJoint65535) {
  EXPECT_EQ(skinned_joint_names(written_and_read(fan_reaching(65536, 65535), ".glb")),
            (std::set<std::string>{"j0", "j65535"}));
}

}  // namespace
}  // namespace aem
