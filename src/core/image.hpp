// RGBA8 images decoded from PNG/JPEG bytes and encoded as PNG (stb), for texture export and the renderer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace aem {

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  ///< 4 channels, rows top first
  bool empty() const { return rgba.empty(); }
  const std::uint8_t* at(int x, int y) const { return &rgba[4 * (std::size_t(y) * width + x)]; }
};

/// Decodes PNG, JPEG (or any format stb_image reads) into RGBA; an empty image when it cannot.
Image decode_image(std::span<const std::uint8_t> bytes);
/// PNG bytes of `width` x `height` pixels with `channels` (1-4) interleaved bytes each, rows top first.
std::vector<std::byte> encode_png(int width, int height, int channels, const std::uint8_t* pixels);

}  // namespace aem
