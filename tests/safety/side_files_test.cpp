// Side files resolve only inside the model's folder (or the asset root the caller gives): every way
// out - an absolute path, a `..` escape, a symbolic link - is refused with a warning naming the
// reference, and the corpus models, laid out as they come, still find their textures.
#include <gtest/gtest.h>

#include "aem/io.hpp"
#include "core/image.hpp"
#include "core/side_files.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;

std::vector<std::byte> red_png() {
  const std::uint8_t px[4] = {255, 0, 0, 255};
  return encode_png(1, 1, 4, px);
}

bool refused(const std::vector<Warning>& warnings, const std::string& reference) {
  return std::any_of(warnings.begin(), warnings.end(), [&](const Warning& w) {
    return w.code == "SIDE_FILE_REFUSED" && w.message.find(reference) != std::string::npos;
  });
}

// outside/secret.png beside models/, and models/sub/inside.png.
struct Layout {
  fs::path root = test::temp_dir("side-files");
  fs::path models = root / "models", secret = root / "secret.png";
  Layout() {
    fs::create_directories(models / "sub");
    test::write_file(secret, red_png());
    test::write_file(models / "sub/inside.png", red_png());
    fs::create_symlink(secret, models / "link.png");
  }
};

TEST(SideFiles, OnlyInsideTheModelFolderOrTheAssetRoot) {
  Layout l;
  for (const char* ok : {"sub/inside.png", "./sub/inside.png", "sub/../sub/inside.png", "missing.png"})
    EXPECT_TRUE(detail::resolve_side_file(l.models, ok, {}).ok()) << ok;
  for (std::string out : {std::string("../secret.png"), l.secret.string(), std::string("sub/../../secret.png"),
                          std::string("link.png"), std::string("/etc/passwd"), std::string("..")}) {
    auto r = detail::resolve_side_file(l.models, out, {});
    ASSERT_FALSE(r.ok()) << out;
    EXPECT_EQ(r.error().code, "SIDE_FILE_REFUSED");
    EXPECT_NE(r.error().message.find(out), std::string::npos) << r.error().message;
  }
  // The asset root widens the allowed folder, and only to itself.
  EXPECT_TRUE(detail::resolve_side_file(l.models, "../secret.png", l.root).ok());
  EXPECT_TRUE(detail::resolve_side_file(l.models, l.secret.string(), l.root).ok());
  EXPECT_FALSE(detail::resolve_side_file(l.models, "/etc/passwd", l.root).ok());
}

// OBJ: an .mtl outside the folder is not opened, nor an image a relative path out of it names. An
// absolute path is taken as the file of that name beside the model (a path from the artist's machine,
// docs/formats/obj.md), never followed.
TEST(SideFiles, ObjMaterialLibraryAndTexturesStayInside) {
  Layout l;
  const std::string tri = "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl m\nf 1/1 2/2 3/3\n";
  test::write_file(l.root / "evil.mtl", "newmtl m\nKd 1 1 1\nmap_Kd ../secret.png\n");
  test::write_file(l.models / "escape.obj", "mtllib ../evil.mtl\n" + tri);
  auto a = read_scene(l.models / "escape.obj");
  ASSERT_TRUE(a.ok()) << a.error().to_string();
  EXPECT_TRUE(refused(a.warnings, "evil.mtl"));
  for (const auto& t : a->textures) EXPECT_TRUE(t.data.empty()) << t.name;

  test::write_file(l.models / "out.mtl", "newmtl m\nKd 1 1 1\nmap_Kd ../secret.png\n");
  test::write_file(l.models / "out.obj", "mtllib out.mtl\n" + tri);
  auto b = read_scene(l.models / "out.obj");
  ASSERT_TRUE(b.ok()) << b.error().to_string();
  EXPECT_TRUE(refused(b.warnings, "../secret.png"));
  ASSERT_EQ(b->textures.size(), 1u);
  EXPECT_TRUE(b->textures[0].data.empty());

  test::write_file(l.models / "abs.mtl", "newmtl m\nKd 1 1 1\nmap_Kd " + l.secret.string() + "\n");
  test::write_file(l.models / "abs.obj", "mtllib abs.mtl\n" + tri);
  auto c = read_scene(l.models / "abs.obj");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  ASSERT_EQ(c->textures.size(), 1u);
  EXPECT_EQ(c->textures[0].name, "secret.png");
  EXPECT_TRUE(c->textures[0].data.empty()) << "models/secret.png is not there; the outside file is not read";

  // Inside, and with the asset root, the same references are followed.
  test::write_file(l.models / "in.mtl", "newmtl m\nKd 1 1 1\nmap_Kd sub/inside.png\n");
  test::write_file(l.models / "in.obj", "mtllib in.mtl\n" + tri);
  auto d = read_scene(l.models / "in.obj");
  ASSERT_TRUE(d.ok());
  ASSERT_EQ(d->textures.size(), 1u);
  EXPECT_EQ(d->textures[0].data.size(), red_png().size());
  auto e = read_scene(l.models / "escape.obj", ReadOptions{.asset_root = l.root});
  ASSERT_TRUE(e.ok());
  EXPECT_FALSE(refused(e.warnings, "evil.mtl"));
  ASSERT_EQ(e->textures.size(), 1u);
  EXPECT_FALSE(e->textures[0].data.empty());
}

// `aem convert` on an OBJ whose texture path leads out of the folder, relative or absolute, writes no
// copy of the outside file.
TEST(SideFiles, ConvertDoesNotCopyAnOutsideFile) {
  Layout l;
  for (const std::string& reference : {std::string("../secret.png"), l.secret.string()}) {
    SCOPED_TRACE(reference);
    test::write_file(l.models / "abs.mtl", "newmtl m\nKd 0 1 0\nmap_Kd " + reference + "\n");
    test::write_file(l.models / "abs.obj", "mtllib abs.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl m\nf 1 2 3\n");
    const auto out = l.root / "out";
    fs::remove_all(out);
    fs::create_directories(out);
    std::string text;
    ASSERT_EQ(test::run_cli("convert " + (l.models / "abs.obj").string() + " " + (out / "abs.aem").string(), &text), 0)
        << text;
    if (reference.front() == '.') EXPECT_NE(text.find("SIDE_FILE_REFUSED"), std::string::npos) << text;
    for (const auto& e : fs::directory_iterator(out)) {
      if (e.path().extension() != ".png") continue;
      const auto bytes = test::read_bytes(e.path());
      const Image img = decode_image({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
      ASSERT_FALSE(img.empty());
      EXPECT_FALSE(img.at(0, 0)[0] == 255 && img.at(0, 0)[1] == 0) << e.path() << " is the outside image";
    }
  }
}

// E3D external textures follow the same rule.
TEST(SideFiles, E3dExternalTextureOutsideIsRefused) {
  Layout l;
  Scene s;
  Mesh m;
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.uvs = {{{0, 0}, {1, 0}, {0, 1}}};
  m.indices = {0, 1, 2};
  m.material = 0;
  s.meshes.push_back(m);
  Material mat;
  mat.name = "m";
  mat.textures.base_color = 0;
  s.materials.push_back(mat);
  s.textures.push_back(Texture{"../secret.png", {}, {}});
  ASSERT_TRUE(write_scene(l.models / "t.e3d", s).ok());
  auto r = read_scene(l.models / "t.e3d");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(refused(r.warnings, "../secret.png"));
  ASSERT_EQ(r->textures.size(), 1u);
  EXPECT_TRUE(r->textures[0].data.empty());
  auto widened = read_scene(l.models / "t.e3d", ReadOptions{.asset_root = l.root});
  ASSERT_TRUE(widened.ok());
  EXPECT_EQ(widened->textures[0].data.size(), red_png().size());
}

// Every corpus model in its own layout: no reference is refused, and every texture named by file
// (not embedded) that exists beside the model resolves.
TEST(SideFiles, CorpusModelsStillFindTheirTextures) {
  const auto root = test::corpus_root();
  if (root.empty()) GTEST_SKIP() << "AEM_CORPUS_DIR is not set";
  std::size_t files = 0, external = 0;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || !format_for_extension(e.path(), FormatUse::Read)) continue;
    auto r = read_scene(e.path());
    if (!r.ok()) continue;
    ++files;
    SCOPED_TRACE(e.path().string());
    for (const auto& w : r.warnings) EXPECT_NE(w.code, "SIDE_FILE_REFUSED") << w.to_string("warning");
    for (const auto& t : r->textures) {
      if (!t.data.empty() || t.name.empty()) continue;
      auto where = detail::resolve_side_file(e.path().parent_path(), t.name, {});
      std::error_code ec;
      if (where.ok() && fs::is_regular_file(*where, ec)) ++external;
      if (fs::is_regular_file(e.path().parent_path() / t.name, ec)) EXPECT_TRUE(where.ok()) << t.name;
    }
  }
  EXPECT_GT(files, 10u);
  EXPECT_GT(external, 0u);
}

}  // namespace
}  // namespace aem
