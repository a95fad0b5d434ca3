// What glTF has no place for, carried in extras so that a glTF round trip (the Blender add-on's) keeps
// it (docs/formats/gltf.md §4): a texture whose file was missing keeps its name, tag points become
// marked empty nodes, and coarser levels of detail marked child nodes that the reader joins back onto
// their mesh (`aem convert` writes them with --lod-nodes only). Expected values come from the scenes
// built here.
#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>

#include "aem/io.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

Scene write_and_read(const Scene& scene, const std::string& name) {
  const auto file = test::temp_dir("gltf-marked") / name;
  const auto written = write_scene(file, scene);
  EXPECT_TRUE(written) << written.error().to_string();
  auto read = read_scene(file);
  EXPECT_TRUE(read) << read.error().to_string();
  return read ? std::move(read.value()) : Scene{};
}

bool has_warning(const std::vector<Warning>& warnings, std::string_view code) {
  return std::any_of(warnings.begin(), warnings.end(), [&](const Warning& w) { return w.code == code; });
}

/// A 3x3 grid of vertices in the z = 0 plane (8 triangles) placed by node "model"; its one coarser
/// level is the two triangles over the four corners.
Scene grid_with_a_level() {
  Scene s;
  Mesh m;
  m.name = "grid";
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) {
      m.positions.push_back({float(x), float(y), 0});
      m.normals.push_back({0, 0, 1});
    }
  m.uvs.push_back({});
  for (const Vec3& p : m.positions) m.uvs[0].push_back({p.x / 2, p.y / 2});
  for (std::uint32_t y = 0; y < 2; ++y)
    for (std::uint32_t x = 0; x < 2; ++x) {
      const std::uint32_t a = 3 * y + x;
      m.indices.insert(m.indices.end(), {a, a + 1, a + 4, a, a + 4, a + 3});
    }
  m.lod_indices.push_back({0, 2, 8, 0, 8, 6});
  s.meshes.push_back(m);
  Node model;
  model.name = "model";
  model.meshes = {0};
  s.nodes.push_back(model);
  return s;
}

TEST(GltfMarkedNodes, MissingTextureKeepsItsNameInTheMaterial) {
  Scene s = grid_with_a_level();
  s.meshes[0].lod_indices.clear();
  Material body;
  body.name = "Body.tga";
  body.textures.base_color = texture_by_name(s, "Body.tga");  // a name, no image: its file was not found
  s.materials.push_back(body);
  s.meshes[0].material = 0;
  const Scene back = write_and_read(s, "missing.glb");
  ASSERT_EQ(back.materials.size(), 1u);
  EXPECT_EQ(back.materials[0].name, "Body.tga");
  const std::int32_t t = back.materials[0].textures.base_color;
  ASSERT_GE(t, 0) << "the missing texture is still the material's base colour";
  ASSERT_LT(static_cast<std::size_t>(t), back.textures.size());
  EXPECT_EQ(back.textures[t].name, "Body.tga");
  EXPECT_TRUE(back.textures[t].data.empty()) << "still missing: no image was made up for it";
}

TEST(GltfMarkedNodes, LevelsOfDetailComeBackOntoTheirMesh) {
  const Scene s = grid_with_a_level();
  const Scene back = write_and_read(s, "lods.glb");
  ASSERT_EQ(back.meshes.size(), 1u) << "the level's mesh was joined, not kept as a mesh of its own";
  ASSERT_EQ(back.nodes.size(), 1u) << "the level's node left the tree";
  EXPECT_EQ(back.nodes[0].meshes, std::vector<std::uint32_t>{0});
  EXPECT_EQ(back.meshes[0].vertex_count(), 9u) << "the level's vertices are the grid's own";
  EXPECT_EQ(back.meshes[0].indices, s.meshes[0].indices);
  ASSERT_EQ(back.meshes[0].lod_indices.size(), 1u);
  EXPECT_EQ(back.meshes[0].lod_indices[0], (std::vector<std::uint32_t>{0, 2, 8, 0, 8, 6}));
}

TEST(GltfMarkedNodes, ConvertWritesLevelsOnlyWithLodNodes) {
  const auto dir = test::temp_dir("gltf-marked-cli");
  ASSERT_TRUE(write_scene(dir / "grid.cem", grid_with_a_level()));
  std::string out;
  ASSERT_EQ(test::run_cli("convert " + (dir / "grid.cem").string() + " " + (dir / "finest.glb").string(), &out), 0)
      << out;
  EXPECT_NE(out.find("GLTF_WRITE_LODS_DROPPED"), std::string::npos) << out;
  ASSERT_EQ(test::run_cli("convert " + (dir / "grid.cem").string() + " " + (dir / "lods.glb").string() + " --lod-nodes",
                          &out),
            0)
      << out;
  EXPECT_EQ(out.find("GLTF_WRITE_LODS_DROPPED"), std::string::npos) << out;
  auto finest = read_scene(dir / "finest.glb"), lods = read_scene(dir / "lods.glb");
  ASSERT_TRUE(finest && lods);
  ASSERT_EQ(finest->meshes.size(), 1u);
  EXPECT_TRUE(finest->meshes[0].lod_indices.empty());
  ASSERT_EQ(lods->meshes.size(), 1u);
  EXPECT_EQ(lods->meshes[0].lod_indices.size(), 1u);
}

TEST(GltfMarkedNodes, LevelsWithVertexFramesComeBack) {
  Scene s = grid_with_a_level();
  Mesh& m = s.meshes[0];
  for (float lift : {0.0f, 1.0f}) {
    MorphFrame f;
    for (const Vec3& p : m.positions) f.positions.push_back({p.x, p.y, lift * p.x});
    m.frames.push_back(f);
  }
  s.vertex_animation = {"wave", 1.0f, 2};
  const Scene back = write_and_read(s, "lods_frames.glb");
  ASSERT_EQ(back.meshes.size(), 1u);
  ASSERT_EQ(back.meshes[0].lod_indices.size(), 1u);
  EXPECT_FALSE(back.meshes[0].frames.empty());
  // The corners the level names are where they were: (0,0), (2,0), (2,2), (0,2).
  const auto& lod = back.meshes[0].lod_indices[0];
  ASSERT_EQ(lod.size(), 6u);
  const Vec3 corner[] = {{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 0, 0}, {2, 2, 0}, {0, 2, 0}};
  for (std::size_t k = 0; k < 6; ++k) EXPECT_EQ(back.meshes[0].positions[lod[k]], corner[k]) << k;
}

TEST(GltfMarkedNodes, TagPointsComeBackWithEveryFrame) {
  Scene s = grid_with_a_level();
  s.meshes[0].lod_indices.clear();
  s.tags.push_back({"hand", 0, {{1, 2, 3}, {1, 2.5f, 3}, {1, 3, 3}}});
  s.tags.push_back({"top", -1, {{0, 5, 0}}});
  const Scene back = write_and_read(s, "tags.glb");
  EXPECT_EQ(back.nodes.size(), 1u) << "tag nodes left the tree";
  ASSERT_EQ(back.tags.size(), 2u);
  EXPECT_EQ(back.tags[0].name, "hand");
  EXPECT_EQ(back.tags[0].node, 0);
  EXPECT_EQ(back.tags[0].positions, (std::vector<Vec3>{{1, 2, 3}, {1, 2.5f, 3}, {1, 3, 3}}));
  EXPECT_EQ(back.tags[1].name, "top");
  EXPECT_EQ(back.tags[1].node, -1);
  EXPECT_EQ(back.tags[1].positions, (std::vector<Vec3>{{0, 5, 0}}));
}

// A triangle on node "base" with a child marked as a level but holding no mesh, a root node marked as a
// tag with positions that are no numbers, and a missing texture named by a number.
constexpr std::string_view kHostileMarks = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,2]}],
"nodes":[{"name":"base","mesh":0,"children":[1]},{"name":"lod","extras":{"aem_lod":1}},
         {"name":"tag","translation":[1,2,3],"extras":{"aem_tag":{"positions":["x",1,2]}}}],
"meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1,"material":0}]}],
"materials":[{"name":"m","extras":{"aem_missing_textures":{"baseColorTexture":5}}}],
"buffers":[{"byteLength":44,"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAABAAIAAAA="}],
"bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":6}],
"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
             {"bufferView":1,"componentType":5123,"count":3,"type":"SCALAR"}]})";

TEST(GltfMarkedNodes, MarksThatDoNotFitAreWarnedAboutAndLeftAlone) {
  const auto bytes = std::as_bytes(std::span(kHostileMarks));
  auto read = read_scene(bytes, "hostile.gltf");
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_TRUE(has_warning(read.warnings, "GLTF_LOD_NOT_JOINED"));
  EXPECT_TRUE(has_warning(read.warnings, "GLTF_BAD_EXTRAS"));
  EXPECT_EQ(read->nodes.size(), 2u) << "the meshless level stays a node; the tag leaves";
  ASSERT_EQ(read->tags.size(), 1u);
  EXPECT_EQ(read->tags[0].positions, (std::vector<Vec3>{{1, 2, 3}})) << "the node's own position";
  EXPECT_EQ(read->materials.at(0).textures.base_color, -1);
}

}  // namespace
}  // namespace aem
