// Every writer either keeps each kind of data (it reads back) or says by name that it dropped it
// (DATA_DROPPED): the table below is what each format can hold, checked by writing a scene with one
// kind at a time and reading the file back.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>

#include "aem/io.hpp"
#include "core/image.hpp"
#include "io/data_kinds.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

/// A textured quad with normals, two joints at rest (none used yet) and one material.
Scene quad() {
  Scene s;
  Mesh m;
  m.name = "quad";
  m.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  m.normals.assign(4, Vec3{0, 0, 1});
  m.uvs = {{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
  m.indices = {0, 1, 2, 0, 2, 3};
  m.material = 0;
  s.meshes.push_back(m);
  Material mat;
  mat.name = "paint";
  s.materials.push_back(mat);
  return s;
}

void add_joints(Scene& s) {
  if (!s.joints.empty()) return;
  Joint root;
  root.name = "root";
  Joint tip;
  tip.name = "tip";
  tip.parent = 0;
  tip.rest.translation = {0, 1, 0};
  tip.inverse_bind = translation_matrix({0, -1, 0});
  s.joints = {root, tip};
}

void add_skin(Scene& s) {
  add_joints(s);
  auto& m = s.meshes[0];
  m.skin.resize(4);
  for (int v = 0; v < 4; ++v) {
    m.skin[v].joints[0] = v < 2 ? 0 : 1;
    m.skin[v].weights[0] = 1.0f;
  }
}

/// A base colour texture (a 1x1 PNG, so that glTF embeds it) wrapped `wrap` along U.
void add_texture(Scene& s, TextureWrap wrap) {
  const std::uint8_t white[4] = {255, 255, 255, 255};
  const auto png = encode_png(1, 1, 4, white);
  Texture t{"paint.png",
            {reinterpret_cast<const std::uint8_t*>(png.data()),
             reinterpret_cast<const std::uint8_t*>(png.data()) + png.size()},
            "image/png"};
  t.wrap_u = wrap;
  s.textures.push_back(t);
  s.materials[0].textures.base_color = 0;
}

/// What each kind adds to the quad (everything else it needs comes along).
const std::map<std::string_view, std::function<void(Scene&)>>& additions() {
  static const std::map<std::string_view, std::function<void(Scene&)>> table = {
      {"vertex colours",
       [](Scene& s) {
         s.meshes[0].colors = {std::vector<Vec4>(4, Vec4{1, 0, 0, 1})};
       }},
      {"colour sets after the first",
       [](Scene& s) {
         s.meshes[0].colors = {std::vector<Vec4>(4, Vec4{1, 0, 0, 1}), std::vector<Vec4>(4, Vec4{0, 1, 0, 1})};
       }},
      {"UV sets after the first", [](Scene& s) { s.meshes[0].uvs.push_back(s.meshes[0].uvs[0]); }},
      {"tangents",
       [](Scene& s) {
         s.meshes[0].tangents.assign(4, Vec4{1, 0, 0, 1});
       }},
      {"custom vertex attributes",
       [](Scene& s) {
         s.meshes[0].custom.push_back({"heat", 1, {0.1f, 0.2f, 0.3f, 0.4f}});
       }},
      {"levels of detail",
       [](Scene& s) {
         s.meshes[0].lod_indices = {{0, 1, 2}};
       }},
      {"vertex-animation frames",
       [](Scene& s) {
         auto& m = s.meshes[0];
         m.frames.resize(2);
         for (auto& f : m.frames) f.positions = m.positions, f.normals = m.normals;
         for (auto& p : m.frames[1].positions) p.z += 1;
         s.vertex_animation = {"wave", 10.0f, 2};
       }},
      {"rigid joint attachments",
       [](Scene& s) {
         add_joints(s);
         s.meshes[0].rigid_joints.assign(4, 1);
       }},
      {"skin weights", add_skin},
      {"skeletal animation",
       [](Scene& s) {
         add_skin(s);
         Animation a;
         a.name = "bend";
         a.duration = 1.0f;
         Channel c;
         c.joint = 1;
         c.rotation = {{0.0f, Quat{0, 0, 0, 1}}, {1.0f, Quat{0.38268343f, 0, 0, 0.92387953f}}};
         a.channels.push_back(c);
         s.animations.push_back(a);
       }},
      {"tag points",
       [](Scene& s) {
         s.tags.push_back({"hand", -1, {{0.5f, 0.5f, 0}}});
       }},
      {"emissive colour",
       [](Scene& s) {
         s.materials[0].emissive = {0.5f, 0.25f, 0};
       }},
      {"comment", [](Scene& s) { s.comment = "made for a test"; }},
      {"texture wrap modes other than repeat", [](Scene& s) { add_texture(s, TextureWrap::ClampToEdge); }},
      {"mirrored texture repeat", [](Scene& s) { add_texture(s, TextureWrap::MirroredRepeat); }},
      {"double-sided materials", [](Scene& s) { s.materials[0].double_sided = true; }},
  };
  return table;
}

/// What each format cannot hold, as this test expects it (independently of the library's table).
const std::map<std::string_view, std::set<std::string_view>> kExpectedDrops = {
    {"aem",
     {"vertex colours", "colour sets after the first", "UV sets after the first", "custom vertex attributes",
      "levels of detail", "vertex-animation frames", "tag points", "emissive colour", "comment",
      "texture wrap modes other than repeat", "mirrored texture repeat", "double-sided materials"}},
    {"cem",
     {"vertex colours", "colour sets after the first", "UV sets after the first", "tangents",
      "custom vertex attributes", "rigid joint attachments", "emissive colour", "comment",
      "texture wrap modes other than repeat", "mirrored texture repeat", "double-sided materials"}},
    {"iqe",
     {"colour sets after the first", "UV sets after the first", "levels of detail", "vertex-animation frames",
      "rigid joint attachments", "tag points", "emissive colour", "texture wrap modes other than repeat",
      "mirrored texture repeat", "double-sided materials"}},
    {"iqm",
     {"colour sets after the first", "UV sets after the first", "levels of detail", "vertex-animation frames",
      "rigid joint attachments", "tag points", "emissive colour", "texture wrap modes other than repeat",
      "mirrored texture repeat", "double-sided materials"}},
    {"e3d",
     {"colour sets after the first", "UV sets after the first", "custom vertex attributes", "levels of detail",
      "rigid joint attachments", "tag points", "comment", "mirrored texture repeat"}},
    // glTF keeps levels of detail and tag points as nodes marked in extras, which aem reads back.
    {"gltf", {"custom vertex attributes", "comment"}},
};

/// CEM bakes skin and skeletal animation into vertex-animation frames, glTF rigid attachments into skin
/// influences of weight 1: converted, not dropped.
bool converted(std::string_view format, std::string_view kind) {
  return (format == "cem" && (kind == "skin weights" || kind == "skeletal animation")) ||
         (format == "gltf" && kind == "rigid joint attachments");
}

TEST(DataLoss, EveryWriterKeepsEachKindOrSaysItDroppedIt) {
  ASSERT_EQ(additions().size(), detail::data_kinds().size()) << "a kind without a test scene";
  const auto dir = test::temp_dir("data-loss");
  for (const auto& format : supported_formats()) {
    if (!format.write) continue;
    const auto expected = kExpectedDrops.find(format.name);
    ASSERT_NE(expected, kExpectedDrops.end()) << "no expectation for writable format " << format.name;
    for (const auto& kind : detail::data_kinds()) {
      SCOPED_TRACE(std::string(format.name) + ": " + std::string(kind.name));
      Scene scene = quad();
      additions().at(kind.name)(scene);
      ASSERT_TRUE(kind.present(scene));
      const auto file = dir / ("model." + std::string(format.name));
      Status written = write_scene(file, scene, &format);
      ASSERT_TRUE(written) << written.error().to_string();
      const bool warned = std::any_of(written.warnings.begin(), written.warnings.end(), [&](const Warning& w) {
        return w.code == "DATA_DROPPED" && w.message.find(kind.name) != std::string::npos;
      });
      auto back = read_scene(file);
      ASSERT_TRUE(back) << back.error().to_string();
      const bool drops = expected->second.count(kind.name) > 0;
      EXPECT_EQ(warned, drops) << "DATA_DROPPED warning";
      if (!converted(format.name, kind.name)) EXPECT_EQ(kind.present(back.value()), !drops) << "read back";
    }
  }
}

}  // namespace
}  // namespace aem
