// The renderer (and so `aem render` and the viewer) reads texture files only inside the model's
// folder or the asset root.
#include <gtest/gtest.h>

#include "render/textures.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

TEST(TextureScope, RendererRefusesTexturesOutsideTheModelFolder) {
  const auto root = test::temp_dir("render-scope");
  std::filesystem::create_directories(root / "models");
  const std::uint8_t px[4] = {10, 20, 30, 255};
  test::write_file(root / "secret.png", encode_png(1, 1, 4, px));
  test::write_file(root / "models/inside.png", encode_png(1, 1, 4, px));
  std::string error;
  EXPECT_FALSE(render::load_texture_image(Texture{"inside.png", {}, {}}, root / "models", error).empty()) << error;
  for (const std::string name : {"../secret.png", (root / "secret.png").string()}) {
    error.clear();
    EXPECT_TRUE(render::load_texture_image(Texture{name, {}, {}}, root / "models", error).empty()) << name;
    EXPECT_NE(error.find(name), std::string::npos) << error;
    error.clear();
    EXPECT_FALSE(render::load_texture_image(Texture{name, {}, {}}, root / "models", error, root).empty()) << error;
  }
}

}  // namespace
}  // namespace aem
