#include "glb_writer.hpp"

#include "aem/example.hpp"

#include <fmt/core.h>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace aem::bench {
namespace {

struct Buffer {
  std::vector<char> bytes;
  std::string views, accessors;
  int view_count = 0;

  /// Appends data as a buffer view + accessor; returns the accessor index.
  template <class T>
  int add(const std::vector<T>& data, int components, int component_type, const char* type,
          const std::string& extra = "") {
    while (bytes.size() % 4) bytes.push_back(0);
    const std::size_t offset = bytes.size(), size = data.size() * sizeof(T);
    bytes.resize(offset + size);
    std::memcpy(bytes.data() + offset, data.data(), size);
    const std::size_t count = size / (components * (component_type == 5123 ? 2 : 4));
    views += fmt::format("{}{{\"buffer\":0,\"byteOffset\":{},\"byteLength\":{}}}", view_count ? "," : "", offset, size);
    accessors += fmt::format("{}{{\"bufferView\":{},\"componentType\":{},\"count\":{},\"type\":\"{}\"{}}}",
                             view_count ? "," : "", view_count, component_type, count, type, extra);
    return view_count++;
  }
};

}  // namespace

void write_glb(const Scene& scene, const std::filesystem::path& path) {
  const Mesh& m = scene.meshes[0];
  Buffer b;
  std::vector<float> pos, nrm, uv, weights, ibm, times, rotations;
  std::vector<std::uint16_t> joints;
  Bounds box = compute_bounds(scene);
  for (std::size_t v = 0; v < m.positions.size(); ++v) {
    pos.insert(pos.end(), {m.positions[v].x, m.positions[v].y, m.positions[v].z});
    nrm.insert(nrm.end(), {m.normals[v].x, m.normals[v].y, m.normals[v].z});
    uv.insert(uv.end(), {m.uvs[0][v].x, m.uvs[0][v].y});
    for (int k = 0; k < 4; ++k) {
      joints.push_back(static_cast<std::uint16_t>(std::max(0, m.skin[v].joints[k])));
      weights.push_back(m.skin[v].joints[k] >= 0 ? m.skin[v].weights[k] : 0.0f);
    }
  }
  const int a_pos = b.add(pos, 3, 5126, "VEC3",
                          fmt::format(",\"min\":[{},{},{}],\"max\":[{},{},{}]", box.min.x, box.min.y, box.min.z,
                                      box.max.x, box.max.y, box.max.z));
  const int a_nrm = b.add(nrm, 3, 5126, "VEC3");
  const int a_uv = b.add(uv, 2, 5126, "VEC2");
  const int a_joints = b.add(joints, 4, 5123, "VEC4");
  const int a_weights = b.add(weights, 4, 5126, "VEC4");
  const int a_idx = b.add(m.indices, 1, 5125, "SCALAR");
  for (const auto& j : scene.joints) ibm.insert(ibm.end(), j.inverse_bind.m.begin(), j.inverse_bind.m.end());
  const int a_ibm = b.add(ibm, 16, 5126, "MAT4");

  // Nodes: 0 = the skinned mesh, 1.. = joints (a chain under node 1).
  std::string nodes = fmt::format("{{\"mesh\":0,\"skin\":0}}");
  std::string joint_list;
  for (std::size_t j = 0; j < scene.joints.size(); ++j) {
    const auto& t = scene.joints[j].rest.translation;
    std::string children;
    for (std::size_t c = 0; c < scene.joints.size(); ++c)
      if (scene.joints[c].parent == static_cast<std::int32_t>(j))
        children += fmt::format("{}{}", children.empty() ? "" : ",", c + 1);
    nodes += fmt::format(",{{\"name\":\"{}\",\"translation\":[{},{},{}]{}}}", scene.joints[j].name, t.x, t.y, t.z,
                         children.empty() ? "" : ",\"children\":[" + children + "]");
    joint_list += fmt::format("{}{}", j ? "," : "", j + 1);
  }
  std::string samplers, channels;
  const Animation& anim = scene.animations[0];
  for (std::size_t c = 0; c < anim.channels.size(); ++c) {
    times.clear();
    rotations.clear();
    for (const auto& k : anim.channels[c].rotation) {
      times.push_back(k.time);
      rotations.insert(rotations.end(), {k.value.x, k.value.y, k.value.z, k.value.w});
    }
    const int in =
        b.add(times, 1, 5126, "SCALAR", fmt::format(",\"min\":[{}],\"max\":[{}]", times.front(), times.back()));
    const int out = b.add(rotations, 4, 5126, "VEC4");
    samplers += fmt::format("{}{{\"input\":{},\"output\":{},\"interpolation\":\"LINEAR\"}}", c ? "," : "", in, out);
    channels += fmt::format("{}{{\"sampler\":{},\"target\":{{\"node\":{},\"path\":\"rotation\"}}}}", c ? "," : "", c,
                            anim.channels[c].joint + 1);
  }
  while (b.bytes.size() % 4) b.bytes.push_back(0);
  std::string json = fmt::format(
      "{{\"asset\":{{\"version\":\"2.0\"}},\"scene\":0,\"scenes\":[{{\"nodes\":[0,1]}}],\"nodes\":[{}],"
      "\"meshes\":[{{\"primitives\":[{{\"attributes\":{{\"POSITION\":{},\"NORMAL\":{},\"TEXCOORD_0\":{},\"JOINTS_0\":{},\"WEIGHTS_0\":{}}},\"indices\":{}}}]}}],"
      "\"skins\":[{{\"joints\":[{}],\"inverseBindMatrices\":{}}}],"
      "\"animations\":[{{\"name\":\"{}\",\"samplers\":[{}],\"channels\":[{}]}}],"
      "\"buffers\":[{{\"byteLength\":{}}}],\"bufferViews\":[{}],\"accessors\":[{}]}}",
      nodes, a_pos, a_nrm, a_uv, a_joints, a_weights, a_idx, joint_list, a_ibm, anim.name, samplers, channels,
      b.bytes.size(), b.views, b.accessors);
  while (json.size() % 4) json += ' ';
  std::ofstream f(path, std::ios::binary);
  auto u32 = [&](std::uint32_t v) { f.write(reinterpret_cast<const char*>(&v), 4); };
  u32(0x46546C67);
  u32(2);
  u32(static_cast<std::uint32_t>(12 + 8 + json.size() + 8 + b.bytes.size()));
  u32(static_cast<std::uint32_t>(json.size()));
  u32(0x4E4F534A);
  f.write(json.data(), static_cast<std::streamsize>(json.size()));
  u32(static_cast<std::uint32_t>(b.bytes.size()));
  u32(0x004E4942);
  f.write(b.bytes.data(), static_cast<std::streamsize>(b.bytes.size()));
}

std::filesystem::path write_generated_tube_glb(const char* file_name, std::uint32_t rings) {
  auto path = std::filesystem::temp_directory_path() / file_name;
  ExampleOptions o;
  o.rings = rings;
  o.segments = 128;
  o.joints = 60;
  write_glb(make_example_scene(o), path);
  return path;
}

}  // namespace aem::bench
