// A skin's joint list maps the JOINTS_0 values to skeleton joints. The reader keeps the values as they
// are when the list is already in skeleton order and rewrites them otherwise; both ways each vertex
// must end up on the joint its file names, and a value past the list is an error either way.
#include <gtest/gtest.h>

#include <cstring>

#include "aem/io.hpp"

namespace aem {
namespace {

template <class T>
void append(std::string& bin, std::initializer_list<T> values) {
  for (T v : values) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));
    bin.append(bytes, sizeof(T));
  }
}

void append_chunk(std::string& glb, std::uint32_t type, std::string data, char pad) {
  while (data.size() % 4) data += pad;
  append<std::uint32_t>(glb, {static_cast<std::uint32_t>(data.size()), type});
  glb += data;
}

/// A triangle skinned to joint nodes "a" (node 1) and "b" (node 2), listed in the skin as
/// `joint_list`. Vertex 0 names joint value 0, vertex 1 value 1, vertex 2 values `last` and 0 at half
/// weight each.
std::string skinned_triangle(const std::string& joint_list, std::uint8_t last) {
  std::string bin;
  append<float>(bin, {0, 0, 0, 1, 0, 0, 0, 1, 0});                     // positions: 36 bytes
  append<std::uint8_t>(bin, {0, 0, 0, 0, 1, 0, 0, 0, last, 0, 0, 0});  // JOINTS_0: 12 bytes
  append<float>(bin, {1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0});      // WEIGHTS_0: 48 bytes
  const std::string json =
      R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1,2]}],)"
      R"("nodes":[{"mesh":0,"skin":0},{"name":"a"},{"name":"b"}],"skins":[{"joints":)" +
      joint_list +
      R"(}],)"
      R"("meshes":[{"primitives":[{"attributes":{"POSITION":0,"JOINTS_0":1,"WEIGHTS_0":2}}]}],)"
      R"("accessors":[{"bufferView":0,"componentType":5126,"type":"VEC3","count":3,"min":[0,0,0],"max":[1,1,0]},)"
      R"({"bufferView":1,"componentType":5121,"type":"VEC4","count":3},)"
      R"({"bufferView":2,"componentType":5126,"type":"VEC4","count":3}],)"
      R"("bufferViews":[{"buffer":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":12},)"
      R"({"buffer":0,"byteOffset":48,"byteLength":48}],"buffers":[{"byteLength":96}]})";
  std::string chunks;
  append_chunk(chunks, 0x4E4F534A, json, ' ');
  append_chunk(chunks, 0x004E4942, bin, '\0');
  std::string glb = "glTF";
  append<std::uint32_t>(glb, {2, static_cast<std::uint32_t>(12 + chunks.size())});
  return glb + chunks;
}

Result<Scene> read_glb(const std::string& glb) {
  return read_scene(std::as_bytes(std::span(glb.data(), glb.size())), "memory.glb");
}

/// The name of the joint each influence of vertex `v` lands on, in slot order.
std::vector<std::string> joint_names(const Scene& scene, std::size_t v) {
  std::vector<std::string> names;
  for (std::int32_t j : scene.meshes.at(0).skin.at(v).joints)
    if (j >= 0) names.push_back(scene.joints.at(static_cast<std::size_t>(j)).name);
  return names;
}

TEST(GltfReadJointOrder, EachVertexLandsOnTheJointItsSkinNames) {
  for (const auto& [list, first, second] : {std::tuple{"[1,2]", "a", "b"}, std::tuple{"[2,1]", "b", "a"}}) {
    SCOPED_TRACE(list);
    auto r = read_glb(skinned_triangle(list, 1));
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_EQ(joint_names(*r, 0), (std::vector<std::string>{first}));
    EXPECT_EQ(joint_names(*r, 1), (std::vector<std::string>{second}));
    EXPECT_EQ(joint_names(*r, 2), (std::vector<std::string>{second, first}));
  }
}

TEST(GltfReadJointOrder, AValuePastTheJointListIsAnError) {
  for (const char* list : {"[1,2]", "[2,1]"}) {
    SCOPED_TRACE(list);
    auto r = read_glb(skinned_triangle(list, 2));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "GLTF_INDEX_OUT_OF_RANGE") << r.error().to_string();
    EXPECT_NE(r.error().path.find("attributes.JOINTS"), std::string::npos) << r.error().to_string();
    EXPECT_NE(r.error().message.find("joint 2 is past skins[0]'s 2 joints"), std::string::npos)
        << r.error().to_string();
  }
}

}  // namespace
}  // namespace aem
