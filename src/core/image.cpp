#include "core/image.hpp"

// stb's implementation lives here with internal linkage (STB_*_STATIC): the installed static library
// exports no stbi_* symbols, so a game that compiles its own stb links without duplicates.
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>
#pragma GCC diagnostic pop

namespace aem {

Image decode_image(std::span<const std::uint8_t> bytes) {
  Image img;
  int channels = 0;
  std::uint8_t* p = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &img.width, &img.height, &channels, 4);
  if (!p) return {};
  img.rgba.assign(p, p + std::size_t(img.width) * img.height * 4);
  stbi_image_free(p);
  return img;
}

std::vector<std::byte> encode_png(int width, int height, int channels, const std::uint8_t* pixels) {
  std::vector<std::byte> out;
  stbi_write_png_to_func(
      [](void* context, void* data, int size) {
        auto* v = static_cast<std::vector<std::byte>*>(context);
        v->insert(v->end(), static_cast<std::byte*>(data), static_cast<std::byte*>(data) + size);
      },
      &out, width, height, channels, pixels, width * channels);
  return out;
}

}  // namespace aem
