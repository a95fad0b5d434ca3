// RGBA8 images decoded from PNG/JPEG bytes and encoded as PNG (zlib), for texture export and the renderer;
// what encoding image bytes are in, for writers that keep them as they are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
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

/// The width and height in the header of image bytes stb_image reads (nothing decoded), or nullopt.
std::optional<std::pair<int, int>> image_dimensions(std::span<const std::uint8_t> bytes);

/// ".png" or ".jpg" when `bytes` are a PNG or JPEG whose header stb_image can parse (a file any
/// consumer of our outputs can open as it is), otherwise nullptr. Reads the header only.
const char* image_file_extension(std::span<const std::uint8_t> bytes);

/// What image bytes are by their signature: PNG, JPEG, JPEG 2000 (the JP2 file or a bare codestream),
/// or another encoding (TGA, BMP, DDS, ...) or none.
enum class ImageEncoding : std::uint8_t { Png, Jpeg, Jpeg2000, Other };
ImageEncoding image_encoding(std::span<const std::uint8_t> bytes);

/// `bytes` decoded (any format stb_image reads) and encoded as an RGBA PNG, for a format that cannot
/// hold their own encoding; empty when they do not decode.
std::vector<std::byte> reencode_as_png(std::span<const std::uint8_t> bytes);

/// How PNG rows are filtered before deflate: one filter for every row, or per row the filter whose
/// output has the smallest sum of absolute values (libpng's heuristic).
enum class PngFilter : std::uint8_t { None = 0, Sub = 1, Up = 2, Average = 3, Paeth = 4, Adaptive = 5 };

/// The defaults were chosen by measurement (bench_convert BM_EncodePng, docs/performance.md).
struct PngSettings {
  int level = 2;  ///< zlib level 0-9
  PngFilter filter = PngFilter::Up;
};

/// PNG bytes of `width` x `height` pixels with `channels` (1-4) interleaved bytes each, rows top
/// first. Deterministic: the same pixels and settings give the same bytes.
std::vector<std::byte> encode_png(int width, int height, int channels, const std::uint8_t* pixels,
                                  PngSettings settings = {});

}  // namespace aem
