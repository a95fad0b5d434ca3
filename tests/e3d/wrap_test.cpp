// E3D keeps texture wrapping per material (materialFlags bit 3 tile U, bit 4 tile V, else clamp): the
// reader gives the material's textures those wraps and the writer sets the bits from them.
#include <gtest/gtest.h>

#include <algorithm>

#include "aem/io.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

Scene textured(TextureWrap u, TextureWrap v) {
  Scene s;
  Texture t{"skin.png", {}, {}};
  t.wrap_u = u, t.wrap_v = v;
  s.textures.push_back(t);
  Material m;
  m.name = "skin";
  m.textures.base_color = 0;
  s.materials.push_back(m);
  Mesh mesh;
  mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  mesh.uvs = {{{0, 0}, {2, 0}, {0, 2}}};
  mesh.indices = {0, 1, 2};
  mesh.material = 0;
  s.meshes.push_back(mesh);
  return s;
}

TEST(E3dWrap, TileAndClampSurviveEachAxis) {
  const auto dir = test::temp_dir("e3d-wrap");
  const TextureWrap kinds[] = {TextureWrap::Repeat, TextureWrap::ClampToEdge};
  for (TextureWrap u : kinds)
    for (TextureWrap v : kinds) {
      SCOPED_TRACE(std::to_string(int(u)) + " " + std::to_string(int(v)));
      const auto path = dir / "wrap.e3d";
      const Status st = write_scene(path, textured(u, v));
      ASSERT_TRUE(st.ok()) << st.error().to_string();
      const auto back = read_scene(path);
      ASSERT_TRUE(back.ok()) << back.error().to_string();
      ASSERT_EQ(back->materials.size(), 1u);
      const std::int32_t t = back->materials[0].textures.base_color;
      ASSERT_GE(t, 0);
      EXPECT_EQ(back->textures[t].wrap_u, u);
      EXPECT_EQ(back->textures[t].wrap_v, v);
      EXPECT_EQ((back->materials[0].flags >> 3) & 3u,
                (u == TextureWrap::Repeat ? 1u : 0u) | (v == TextureWrap::Repeat ? 2u : 0u));
    }
}

TEST(E3dWrap, MirroredRepeatIsWrittenAsTileWithAWarning) {
  const auto path = test::temp_dir("e3d-wrap-mirror") / "mirror.e3d";
  const Status st = write_scene(path, textured(TextureWrap::MirroredRepeat, TextureWrap::ClampToEdge));
  ASSERT_TRUE(st.ok()) << st.error().to_string();
  EXPECT_TRUE(std::any_of(st.warnings.begin(), st.warnings.end(), [](const Warning& w) {
    return w.code == "DATA_DROPPED" && w.message.find("mirrored") != std::string::npos;
  }));
  const auto back = read_scene(path);
  ASSERT_TRUE(back.ok());
  const std::int32_t t = back->materials[0].textures.base_color;
  ASSERT_GE(t, 0);
  EXPECT_EQ(back->textures[t].wrap_u, TextureWrap::Repeat);
  EXPECT_EQ(back->textures[t].wrap_v, TextureWrap::ClampToEdge);
}

}  // namespace
}  // namespace aem
