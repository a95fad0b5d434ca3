// KHR_draco_mesh_compression: a generated mesh encoded here with libdraco's encoder (the independent
// side), wrapped in a glTF whose accessors have no buffer view, reads back to the same triangles
// within the 14-bit position quantisation.
#include <gtest/gtest.h>

#include <draco/compression/encode.h>
#include <draco/mesh/triangle_soup_mesh_builder.h>

#include "aem/example.hpp"
#include "aem/io.hpp"
#include "gltf/gltf_read_support.hpp"

namespace aem {
namespace {

std::string base64(const char* data, std::size_t size) {
  static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < size; i += 3) {
    const std::uint32_t b0 = static_cast<unsigned char>(data[i]);
    const std::uint32_t b1 = i + 1 < size ? static_cast<unsigned char>(data[i + 1]) : 0;
    const std::uint32_t b2 = i + 2 < size ? static_cast<unsigned char>(data[i + 2]) : 0;
    const std::uint32_t v = (b0 << 16) | (b1 << 8) | b2;
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    out += i + 1 < size ? alphabet[(v >> 6) & 63] : '=';
    out += i + 2 < size ? alphabet[v & 63] : '=';
  }
  return out;
}

TEST(GltfReadDraco, EncodedMeshReadsBackToItsTriangles) {
  const Mesh source = make_example_scene().meshes.at(0);
  const int faces = static_cast<int>(source.triangle_count());
  draco::TriangleSoupMeshBuilder builder;
  builder.Start(faces);
  const int pos = builder.AddAttribute(draco::GeometryAttribute::POSITION, 3, draco::DT_FLOAT32);
  for (int f = 0; f < faces; ++f) {
    const Vec3 &a = source.positions[source.indices[3 * f]], &b = source.positions[source.indices[3 * f + 1]],
               &c = source.positions[source.indices[3 * f + 2]];
    builder.SetAttributeValuesForFace(pos, draco::FaceIndex(f), &a, &b, &c);
  }
  const std::unique_ptr<draco::Mesh> mesh = builder.Finalize();
  ASSERT_TRUE(mesh);
  draco::Encoder encoder;
  encoder.SetAttributeQuantization(draco::GeometryAttribute::POSITION, 14);
  draco::EncoderBuffer buffer;
  ASSERT_TRUE(encoder.EncodeMeshToBuffer(*mesh, &buffer).ok());
  const int id = mesh->attribute(pos)->unique_id();
  const std::string text =
      R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_draco_mesh_compression"],)"
      R"("extensionsRequired":["KHR_draco_mesh_compression"],"nodes":[{"mesh":0}],)"
      R"("meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1,"extensions":{"KHR_draco_mesh_compression":)"
      R"({"bufferView":0,"attributes":{"POSITION":)" +
      std::to_string(id) +
      R"(}}}}]}],)"
      R"("accessors":[{"componentType":5126,"type":"VEC3","count":)" +
      std::to_string(mesh->num_points()) + R"(},{"componentType":5125,"type":"SCALAR","count":)" +
      std::to_string(faces * 3) +
      R"(}],)"
      R"("bufferViews":[{"buffer":0,"byteLength":)" +
      std::to_string(buffer.size()) +
      R"(}],)"
      R"("buffers":[{"byteLength":)" +
      std::to_string(buffer.size()) + R"(,"uri":"data:application/octet-stream;base64,)" +
      base64(buffer.data(), buffer.size()) + R"("}]})";
  auto scene = read_scene(std::as_bytes(std::span(text.data(), text.size())), "draco.gltf");
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  ASSERT_EQ(scene->meshes.size(), 1u);
  EXPECT_EQ(scene->meshes[0].triangle_count(), source.triangle_count());
  // Every triangle's corners come back (as a point set) within the quantisation step.
  std::vector<Vec3> want, got;
  for (auto i : source.indices) want.push_back(source.positions[i]);
  for (auto i : scene->meshes[0].indices) got.push_back(scene->meshes[0].positions[i]);
  EXPECT_LT(test::hausdorff(got, want), 2e-4f * test::extent_of(want));
}

}  // namespace
}  // namespace aem
