// Accessor decoding of the native glTF reader against values computed here from the bytes: packed
// float and uint32 data (one copy), interleaved floats (byteStride), every normalised integer type
// (glTF 2.0 §3.11 and KHR_mesh_quantization) and small index types, in a GLB built in the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "aem/io.hpp"

namespace aem {
namespace {

class Bin {
 public:
  /// Appends `values` as one buffer view (padded to 4 bytes) and returns its JSON.
  template <class T>
  std::string view(const std::vector<T>& values, int stride = 0) {
    const std::size_t at = bytes_.size();
    bytes_.resize(at + values.size() * sizeof(T));
    std::memcpy(bytes_.data() + at, values.data(), values.size() * sizeof(T));
    bytes_.resize((bytes_.size() + 3) / 4 * 4, 0);
    return "{\"buffer\":0,\"byteOffset\":" + std::to_string(at) +
           ",\"byteLength\":" + std::to_string(values.size() * sizeof(T)) +
           (stride ? ",\"byteStride\":" + std::to_string(stride) : "") + "}";
  }
  const std::vector<char>& bytes() const { return bytes_; }

 private:
  std::vector<char> bytes_;
};

std::vector<char> glb(std::string json, const std::vector<char>& bin) {
  json.resize((json.size() + 3) / 4 * 4, ' ');
  std::vector<char> out;
  auto u32 = [&](std::uint32_t v) {
    out.insert(out.end(), reinterpret_cast<char*>(&v), reinterpret_cast<char*>(&v) + 4);
  };
  u32(0x46546C67);
  u32(2);
  u32(static_cast<std::uint32_t>(12 + 8 + json.size() + 8 + bin.size()));
  u32(static_cast<std::uint32_t>(json.size()));
  u32(0x4E4F534A);
  out.insert(out.end(), json.begin(), json.end());
  u32(static_cast<std::uint32_t>(bin.size()));
  u32(0x004E4942);
  out.insert(out.end(), bin.begin(), bin.end());
  return out;
}

std::string accessor(int view, int type, int count, const char* kind, bool normalized = false, int offset = 0) {
  return "{\"bufferView\":" + std::to_string(view) + ",\"byteOffset\":" + std::to_string(offset) +
         ",\"componentType\":" + std::to_string(type) + ",\"count\":" + std::to_string(count) + ",\"type\":\"" + kind +
         "\"" + (normalized ? ",\"normalized\":true" : "") + "}";
}

TEST(GltfReadAccessors, EveryComponentTypeAndStrideDecodes) {
  // Primitive 0: positions and normals interleaved (stride 24), UVs as normalised u16 and u8 (stride 4),
  // colours as normalised u8, u16 indices. Primitive 1: packed float positions, normals as normalised
  // i8 and tangents as normalised i16 (with their -1 clamps), u32 indices; primitive 2: u8 indices.
  const std::vector<float> interleaved = {0, 0,      0, 0, 0, 1, 1.5f, 0, 0, 0,     1, 0,
                                          0, -2.25f, 0, 1, 0, 0, 3,    4, 5, -0.0f, 0, 1};
  const std::vector<std::uint16_t> uv16 = {0, 65535, 1, 32768, 12345, 54321, 65534, 7};
  const std::vector<std::uint8_t> uv8 = {0, 255, 0, 0, 1, 128, 0, 0, 200, 3, 0, 0, 254, 77, 0, 0};
  const std::vector<std::uint8_t> color8 = {0, 1, 2, 255, 128, 127, 64, 32, 9, 99, 199, 255, 10, 20, 30, 40};
  const std::vector<std::uint16_t> index16 = {0, 1, 2, 2, 1, 3};
  const std::vector<float> packed = {0, 0, 0, 7, 8, 9, -1.5f, 2.5f, 1e-7f};
  const std::vector<std::int8_t> normal8 = {-128, -127, 0, 99, 127, 1, -1, 99, 5, -60, 100, 99};  // VEC3 every 4 bytes
  const std::vector<std::int16_t> tangent16 = {-32768, -32767, 0, 32767, 1, -1, 12345, -23456, 32000, -5, 7, 1};
  const std::vector<std::uint32_t> index32 = {2, 1, 0};
  const std::vector<std::uint8_t> index8 = {0, 2, 1, 0};
  Bin bin;
  const std::string views = "[" + bin.view(interleaved, 24) + "," + bin.view(uv16) + "," + bin.view(uv8, 4) + "," +
                            bin.view(color8) + "," + bin.view(index16) + "," + bin.view(packed) + "," +
                            bin.view(normal8, 4) + "," + bin.view(tangent16) + "," + bin.view(index32) + "," +
                            bin.view(index8) + "]";
  const std::string accessors = "[" + accessor(0, 5126, 4, "VEC3") + "," + accessor(0, 5126, 4, "VEC3", false, 12) +
                                "," + accessor(1, 5123, 4, "VEC2", true) + "," + accessor(2, 5121, 4, "VEC2", true) +
                                "," + accessor(3, 5121, 4, "VEC4", true) + "," + accessor(4, 5123, 6, "SCALAR") + "," +
                                accessor(5, 5126, 3, "VEC3") + "," + accessor(6, 5120, 3, "VEC3", true) + "," +
                                accessor(7, 5122, 3, "VEC4", true) + "," + accessor(8, 5125, 3, "SCALAR") + "," +
                                accessor(9, 5121, 3, "SCALAR") + "]";
  const std::string json =
      R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_mesh_quantization"],"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
      R"("meshes":[{"primitives":[{"attributes":{"POSITION":0,"NORMAL":1,"TEXCOORD_0":2,"TEXCOORD_1":3,"COLOR_0":4},"indices":5},)"
      R"({"attributes":{"POSITION":6,"NORMAL":7,"TANGENT":8},"indices":9},{"attributes":{"POSITION":6},"indices":10}]}],)"
      R"("buffers":[{"byteLength":)" +
      std::to_string(bin.bytes().size()) + "}],\"bufferViews\":" + views + ",\"accessors\":" + accessors + "}";
  const std::vector<char> file = glb(json, bin.bytes());
  auto r = read_scene(std::as_bytes(std::span(file)), "accessors.glb");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  ASSERT_EQ(r->meshes.size(), 3u);
  const Mesh& a = r->meshes[0];
  ASSERT_EQ(a.positions.size(), 4u);
  ASSERT_EQ(a.normals.size(), 4u);
  ASSERT_EQ(a.uvs.size(), 2u);
  ASSERT_EQ(a.colors.size(), 1u);
  for (std::size_t v = 0; v < 4; ++v) {
    EXPECT_EQ(a.positions[v], (Vec3{interleaved[v * 6], interleaved[v * 6 + 1], interleaved[v * 6 + 2]})) << v;
    EXPECT_EQ(a.normals[v], (Vec3{interleaved[v * 6 + 3], interleaved[v * 6 + 4], interleaved[v * 6 + 5]})) << v;
    EXPECT_EQ(a.uvs[0][v], (Vec2{uv16[v * 2] / 65535.0f, uv16[v * 2 + 1] / 65535.0f})) << v;
    EXPECT_EQ(a.uvs[1][v], (Vec2{uv8[v * 4] / 255.0f, uv8[v * 4 + 1] / 255.0f})) << v;
    EXPECT_EQ(a.colors[0][v], (Vec4{color8[v * 4] / 255.0f, color8[v * 4 + 1] / 255.0f, color8[v * 4 + 2] / 255.0f,
                                    color8[v * 4 + 3] / 255.0f}))
        << v;
  }
  EXPECT_TRUE(std::signbit(a.normals[3].x));  // -0 kept as it is
  EXPECT_EQ(a.indices, std::vector<std::uint32_t>(index16.begin(), index16.end()));

  const Mesh& b = r->meshes[1];
  ASSERT_EQ(b.positions.size(), 3u);
  ASSERT_EQ(b.normals.size(), 3u);
  ASSERT_EQ(b.tangents.size(), 3u);
  auto snorm8 = [](std::int8_t v) { return std::max(v / 127.0f, -1.0f); };
  auto snorm16 = [](std::int16_t v) { return std::max(v / 32767.0f, -1.0f); };
  for (std::size_t v = 0; v < 3; ++v) {
    EXPECT_EQ(b.positions[v], (Vec3{packed[v * 3], packed[v * 3 + 1], packed[v * 3 + 2]})) << v;
    EXPECT_EQ(b.normals[v], (Vec3{snorm8(normal8[v * 4]), snorm8(normal8[v * 4 + 1]), snorm8(normal8[v * 4 + 2])}))
        << v;
    EXPECT_EQ(b.tangents[v], (Vec4{snorm16(tangent16[v * 4]), snorm16(tangent16[v * 4 + 1]),
                                   snorm16(tangent16[v * 4 + 2]), snorm16(tangent16[v * 4 + 3])}))
        << v;
  }
  EXPECT_EQ(b.normals[0].x, -1.0f);
  EXPECT_EQ(b.tangents[0].x, -1.0f);
  EXPECT_EQ(b.indices, index32);
  EXPECT_EQ(r->meshes[2].indices, (std::vector<std::uint32_t>{0, 2, 1}));
}

}  // namespace
}  // namespace aem
