#include "render/debug_images.hpp"

#include <cstddef>
#include <cstdint>

namespace aem::render {

Image uv_checker_image(int size) {
  Image img{size, size, std::vector<std::uint8_t>(static_cast<std::size_t>(size) * size * 4)};
  constexpr int kCells = 8;
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      const int cx = x * kCells / size, cy = y * kCells / size;
      const int grey = (cx + cy) % 2 == 0 ? 200 : 70;
      std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * size + x) * 4];
      p[0] = static_cast<std::uint8_t>(grey + cx * 55 / (kCells - 1) * (255 - grey) / 255);
      p[1] = static_cast<std::uint8_t>(grey + cy * 55 / (kCells - 1) * (255 - grey) / 255);
      p[2] = static_cast<std::uint8_t>(grey);
      p[3] = 255;
    }
  return img;
}

Image channel_image(const Image& image, int channel) {
  if (channel < 0 || channel > 3) return {};
  Image out{image.width, image.height, std::vector<std::uint8_t>(image.rgba.size())};
  for (std::size_t i = 0; i + 3 < image.rgba.size(); i += 4) {
    const std::uint8_t v = image.rgba[i + static_cast<std::size_t>(channel)];
    out.rgba[i] = out.rgba[i + 1] = out.rgba[i + 2] = v;
    out.rgba[i + 3] = 255;
  }
  return out;
}

}  // namespace aem::render
