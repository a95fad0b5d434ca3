// Images are written as they are wherever the output needs no channel changed and can hold their
// encoding: a JPEG in a glTF stays the same JPEG in every output; E3D embeds JPEG 2000 as it is and
// only images in encodings it cannot hold are encoded as PNG; CEM's side files keep their encoding's
// extension. The images are made with stb_image_write, an encoder independent of aem's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

#include "aem/io.hpp"
#include "convert/textures.hpp"
#include "core/image.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

using Bytes = std::vector<std::uint8_t>;

/// A w x h RGB gradient.
Bytes gradient(int w, int h) {
  Bytes p;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      p.insert(p.end(), {std::uint8_t(x * 255 / w), std::uint8_t(y * 255 / h), std::uint8_t(128)});
  return p;
}

void append_to(void* context, void* data, int size) {
  auto* out = static_cast<Bytes*>(context);
  out->insert(out->end(), static_cast<const std::uint8_t*>(data), static_cast<const std::uint8_t*>(data) + size);
}

Bytes jpeg_of(const Bytes& rgb, int w, int h) {
  Bytes out;
  stbi_write_jpg_to_func(append_to, &out, w, h, 3, rgb.data(), 90);
  return out;
}

Bytes bmp_of(const Bytes& rgb, int w, int h) {
  Bytes out;
  stbi_write_bmp_to_func(append_to, &out, w, h, 3, rgb.data());
  return out;
}

template <class T>
void put(Bytes& out, const T& value) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
  out.insert(out.end(), p, p + sizeof(T));
}

void pad4(Bytes& b, std::uint8_t with) {
  while (b.size() % 4) b.push_back(with);
}

/// A .glb with one textured triangle whose material's base colour is `jpeg` alone (factor white, opaque).
Bytes glb_with_jpeg(const Bytes& jpeg) {
  Bytes bin;
  for (float f : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f, 0.f}) put(bin, f);  // positions, 36 bytes
  for (float f : {0.f, 1.f, 1.f, 1.f, 0.f, 0.f}) put(bin, f);                 // UVs, 24 bytes
  for (std::uint16_t i : {0, 1, 2}) put(bin, i);                              // indices, 6 bytes
  pad4(bin, 0);
  const std::size_t image_at = bin.size();
  bin.insert(bin.end(), jpeg.begin(), jpeg.end());
  pad4(bin, 0);
  const std::string json = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],
"meshes":[{"primitives":[{"attributes":{"POSITION":0,"TEXCOORD_0":1},"indices":2,"material":0}]}],
"materials":[{"name":"painted","pbrMetallicRoughness":{"baseColorTexture":{"index":0}}}],
"textures":[{"source":0}],"images":[{"name":"paint","bufferView":3,"mimeType":"image/jpeg"}],
"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
{"bufferView":1,"componentType":5126,"count":3,"type":"VEC2"},{"bufferView":2,"componentType":5123,"count":3,"type":"SCALAR"}],
"bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":24},
{"buffer":0,"byteOffset":60,"byteLength":6},{"buffer":0,"byteOffset":)" +
                           std::to_string(image_at) + R"(,"byteLength":)" + std::to_string(jpeg.size()) + R"(}],
"buffers":[{"byteLength":)" +
                           std::to_string(bin.size()) + "}]}";
  Bytes json_chunk(json.begin(), json.end());
  pad4(json_chunk, ' ');
  Bytes glb;
  put(glb, std::uint32_t{0x46546C67});  // "glTF"
  put(glb, std::uint32_t{2});
  put(glb, static_cast<std::uint32_t>(12 + 8 + json_chunk.size() + 8 + bin.size()));
  put(glb, static_cast<std::uint32_t>(json_chunk.size()));
  put(glb, std::uint32_t{0x4E4F534A});  // "JSON"
  glb.insert(glb.end(), json_chunk.begin(), json_chunk.end());
  put(glb, static_cast<std::uint32_t>(bin.size()));
  put(glb, std::uint32_t{0x004E4942});  // "BIN\0"
  glb.insert(glb.end(), bin.begin(), bin.end());
  return glb;
}

bool same(const std::vector<std::byte>& file, const Bytes& expected) {
  return file.size() == expected.size() && std::memcmp(file.data(), expected.data(), expected.size()) == 0;
}

/// The image files written into `dir` (every file that is no model).
std::vector<std::filesystem::path> image_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (const auto ext = e.path().extension(); ext == ".jpg" || ext == ".png") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(TextureBytes, AJpegStaysTheSameJpegInEveryOutput) {
  const Bytes jpeg = jpeg_of(gradient(32, 16), 32, 16);
  ASSERT_EQ(image_encoding(jpeg), ImageEncoding::Jpeg);
  const auto dir = test::temp_dir("texture-bytes");
  const auto source = dir / "painted.glb";
  const Bytes glb = glb_with_jpeg(jpeg);
  test::write_file(source, std::as_bytes(std::span(glb)));

  // Where each output keeps the image: inside the model (read back), or in a file beside it.
  struct Output {
    const char* file;
    const char* options;
    bool inside, beside;
  };
  for (const Output& o :
       {Output{"out.aem", "", false, true}, Output{"out.glb", "", true, false}, Output{"out.gltf", "", true, true},
        Output{"out.gltf", "--embed", true, false}, Output{"out.e3d", "", true, false},
        Output{"out.cem", "", false, true}, Output{"out.iqe", "", false, true}, Output{"out.iqm", "", false, true}}) {
    SCOPED_TRACE(std::string(o.file) + " " + o.options);
    const auto out_dir = test::temp_dir("texture-bytes-out");
    const auto output = out_dir / o.file;
    std::string log;
    ASSERT_EQ(test::run_cli("convert '" + source.string() + "' '" + output.string() + "' " + o.options, &log), 0)
        << log;
    if (o.inside) {
      auto back = read_scene(output);
      ASSERT_TRUE(back) << back.error().to_string();
      ASSERT_EQ(back->textures.size(), 1u);
      const auto& data = back->textures[0].data;
      EXPECT_TRUE(data == jpeg) << data.size() << " bytes against the JPEG's " << jpeg.size();
    }
    const auto images = image_files(out_dir);
    const auto the_jpeg =
        std::find_if(images.begin(), images.end(), [&](const auto& f) { return same(test::read_bytes(f), jpeg); });
    if (o.beside) {
      ASSERT_NE(the_jpeg, images.end()) << "no file beside the output holds the JPEG's bytes";
      EXPECT_EQ(the_jpeg->extension(), ".jpg");
      // AEM's ORM image is packed from the material's factors (no source image): the only PNG.
      for (const auto& f : images) EXPECT_TRUE(f == *the_jpeg || f.filename().string().ends_with("_ORM.png")) << f;
    } else {
      EXPECT_TRUE(images.empty()) << images.front();
    }
  }
}

TEST(TextureBytes, ImagesBesideAnAemStayTheSameInTheFormatsThatNameImages) {
  // An AEM names its images; converting it to a format that names images too (AEM, IQE, IQM) reads
  // the files beside it and writes them again as they are (it once warned them unreadable).
  const Bytes jpeg = jpeg_of(gradient(32, 16), 32, 16);
  const auto dir = test::temp_dir("texture-bytes-aem");
  const Bytes glb = glb_with_jpeg(jpeg);
  test::write_file(dir / "painted.glb", std::as_bytes(std::span(glb)));
  std::string log;
  ASSERT_EQ(
      test::run_cli("convert '" + (dir / "painted.glb").string() + "' '" + (dir / "painted.aem").string() + "'", &log),
      0)
      << log;
  for (const char* file : {"again.aem", "again.iqe", "again.iqm"}) {
    SCOPED_TRACE(file);
    const auto out_dir = test::temp_dir("texture-bytes-aem-out");
    ASSERT_EQ(
        test::run_cli("convert '" + (dir / "painted.aem").string() + "' '" + (out_dir / file).string() + "'", &log), 0)
        << log;
    EXPECT_EQ(log.find("UNREADABLE"), std::string::npos) << log;
    const auto images = image_files(out_dir);
    EXPECT_TRUE(std::any_of(images.begin(), images.end(), [&](const auto& f) {
      return same(test::read_bytes(f), jpeg);
    })) << "no file beside the output holds the JPEG's bytes";
  }
}

/// A scene with one embedded texture per entry (its name and bytes), each on a material of a triangle.
Scene scene_with_textures(const std::vector<std::pair<std::string, Bytes>>& textures) {
  Scene s;
  for (const auto& [name, bytes] : textures) {
    Texture t;
    t.name = name;
    t.data = bytes;
    s.textures.push_back(t);
    Material m;
    m.textures.base_color = static_cast<std::int32_t>(s.textures.size() - 1);
    s.materials.push_back(m);
    Mesh mesh;
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh.indices = {0, 1, 2};
    mesh.material = static_cast<std::int32_t>(s.materials.size() - 1);
    s.meshes.push_back(mesh);
  }
  return s;
}

/// The first bytes of a JP2 file (its signature box); what follows is no valid image, and need not be:
/// the bytes are carried, not decoded.
Bytes jp2_like() {
  Bytes b = {0x00, 0x00, 0x00, 0x0C, 'j', 'P', ' ', ' ', 0x0D, 0x0A, 0x87, 0x0A};
  for (int i = 0; i < 20; ++i) b.push_back(static_cast<std::uint8_t>(i));
  return b;
}

TEST(TextureBytes, E3dEmbedsJpeg2000AsItIsAndOtherEncodingsAsPng) {
  const Bytes rgb = gradient(8, 4);
  const Bytes bmp = bmp_of(rgb, 8, 4), jp2 = jp2_like();
  const Scene scene = scene_with_textures({{"skin.bmp", bmp}, {"bark.jp2", jp2}, {"noise.xyz", {1, 2, 3, 4}}});
  const auto dir = test::temp_dir("texture-bytes-e3d");
  const auto written = write_scene(dir / "out.e3d", scene);
  ASSERT_TRUE(written) << written.error().to_string();
  EXPECT_TRUE(test::has_code(written.warnings, "E3D_TEXTURE_REENCODED"));
  EXPECT_TRUE(test::has_code(written.warnings, "E3D_TEXTURE_TYPE"));  // the bytes that are no image
  auto back = read_scene(dir / "out.e3d");
  ASSERT_TRUE(back) << back.error().to_string();
  ASSERT_EQ(back->textures.size(), 3u);

  EXPECT_EQ(back->textures[0].mime_type, "image/png");
  const Image png = decode_image(back->textures[0].data);
  ASSERT_EQ(png.width, 8);
  ASSERT_EQ(png.height, 4);
  for (std::size_t p = 0; p < 32; ++p)
    for (std::size_t c = 0; c < 3; ++c)
      EXPECT_EQ(png.rgba[4 * p + c], rgb[3 * p + c]) << "pixel " << p << " channel " << c;

  EXPECT_EQ(back->textures[1].mime_type, "image/jp2");
  EXPECT_EQ(back->textures[1].data, jp2);
  EXPECT_TRUE(back->textures[2].data.empty());
  EXPECT_EQ(back->textures[2].name, "noise.xyz");
}

TEST(TextureBytes, CemSideFilesKeepTheirEncodingsExtension) {
  const Bytes rgb = gradient(4, 4);
  const Bytes jpeg = jpeg_of(rgb, 4, 4), bmp = bmp_of(rgb, 4, 4), jp2 = jp2_like();
  const Bytes tga = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0, 9, 9, 9};  // TGA has no signature
  Scene scene = scene_with_textures(
      {{"photo.jpeg", jpeg}, {"skin.BMP", bmp}, {"wrongly_named.png", jp2}, {"bark.tga", tga}, {"", tga}});
  const auto dir = test::temp_dir("texture-bytes-cem");
  auto saved = convert::save_embedded_textures(scene, dir, "m");
  ASSERT_TRUE(saved) << saved.error().to_string();
  const std::vector<std::pair<std::string, Bytes>> expected = {{"m_photo.jpg", jpeg},
                                                               {"m_skin.bmp", bmp},
                                                               {"m_wrongly_named.jp2", jp2},
                                                               {"m_bark.tga", tga},
                                                               {"m_texture4.bin", tga}};
  ASSERT_EQ(scene.textures.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE(expected[i].first);
    EXPECT_EQ(scene.textures[i].name, expected[i].first);
    EXPECT_TRUE(same(test::read_bytes(dir / expected[i].first), expected[i].second));
  }
}

}  // namespace
}  // namespace aem
