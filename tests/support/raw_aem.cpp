#include "support/raw_aem.hpp"

#include <algorithm>
#include <cstring>

namespace aem::test {
namespace {

/// Copies records into the file at `at`, which it advances.
template <class T>
void put(std::vector<std::byte>& out, std::size_t& at, const T* items, std::size_t count) {
  std::memcpy(out.data() + at, items, sizeof(T) * count);
  at += sizeof(T) * count;
}

}  // namespace

std::vector<std::byte> RawAem::bytes() const {
  const aem_file::Counts counts{std::uint32_t(vertices.size()),
                                std::uint32_t(indices.size()),
                                std::uint32_t(textures.size()),
                                std::uint32_t(meshes.size()),
                                std::uint32_t(materials.size()),
                                std::uint32_t(bones.size()),
                                0,
                                0,
                                0};
  std::vector<std::byte> out(aem_file::file_size(counts));
  std::size_t at = 0;
  const char magic[4] = {'A', 'E', 'M', 1};
  put(out, at, magic, 4);
  put(out, at, &counts, 1);
  put(out, at, vertices.data(), vertices.size());
  put(out, at, indices.data(), indices.size());
  for (const auto& t : textures) {
    aem_file::TextureName name{};
    std::memcpy(name.name, t.data(), std::min(t.size(), sizeof name.name));
    put(out, at, &name, 1);
  }
  put(out, at, meshes.data(), meshes.size());
  put(out, at, materials.data(), materials.size());
  put(out, at, bones.data(), bones.size());
  return out;
}

aem_file::Vertex raw_vertex(float x, float y, float z, std::int32_t joint) {
  aem_file::Vertex v{};
  v.position[0] = x;
  v.position[1] = y;
  v.position[2] = z;
  v.normal[2] = 1.0f;
  v.tangent[0] = 1.0f;
  v.bitangent[1] = 1.0f;
  for (auto& b : v.bone_indices) b = -1;
  v.extra_bone = -1;
  if (joint >= 0) {
    v.bone_indices[0] = joint;
    v.bone_weights[0] = 1.0f;
  }
  return v;
}

aem_file::Bone raw_root_bone() {
  aem_file::Bone b{};
  for (int k = 0; k < 4; ++k) b.inverse_bind[5 * k] = 1.0f;
  b.parent = -1;
  return b;
}

RawAem raw_contiguous_meshes() {
  RawAem f;
  f.vertices = {raw_vertex(-0.0f, 0, 0, 0), raw_vertex(1, 0, 0, 0), raw_vertex(0, 1, 0, 0), raw_vertex(0.0f, 2, 0),
                raw_vertex(2, 2, 0),        raw_vertex(9, 9, 9),    raw_vertex(0, 3, -1)};
  f.indices = {0, 1, 2, 3, 4, 6, 6, 4, 3};
  f.meshes = {{0, 3, 0}, {3, 6, 0}, {9, 0, 0}};
  f.materials = {{-1, -1, -1}};
  f.bones = {raw_root_bone()};
  return f;
}

RawAem raw_shared_meshes() {
  RawAem f;
  f.vertices = {raw_vertex(0, 0, 0, 0), raw_vertex(1, 0, 0),    raw_vertex(0, 1, 0),
                raw_vertex(1, 1, 0),    raw_vertex(2, 0, 0, 0), raw_vertex(100, 100, 100)};
  f.indices = {4, 0, 2, 2, 3, 1, 3};
  f.textures = {"missing.png"};
  f.meshes = {{0, 3, 0}, {3, 4, 0}};
  f.materials = {{0, -1, 255}};
  f.bones = {raw_root_bone()};
  return f;
}

}  // namespace aem::test
