#include "core/image.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstdlib>

// stb's implementation lives here with internal linkage (STB_IMAGE_STATIC): the installed static
// library exports no stbi_* symbols, so a game that compiles its own stb links without duplicates.
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#ifndef __clang__  // GCC 12, after inlining: stbi__context callback fields that a load from memory never reads
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <stb/stb_image.h>
#pragma GCC diagnostic pop

namespace aem {
namespace {

constexpr std::array<std::uint8_t, 8> png_signature{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

void put_u32(std::vector<std::byte>& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::byte>(v >> shift));
}

void put_chunk(std::vector<std::byte>& out, const char type[4], std::span<const std::byte> data) {
  put_u32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t start = out.size();
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::byte>(type[i]));
  out.insert(out.end(), data.begin(), data.end());
  put_u32(out, static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(out.data() + start),
                                                static_cast<uInt>(out.size() - start))));
}

std::uint8_t paeth(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return static_cast<std::uint8_t>(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/// Writes row `cur` filtered with `filter` into `out` (without the filter byte); `prev` is the row above
/// (zeros for the first row), `bpp` bytes per pixel.
void filter_row(PngFilter filter, const std::uint8_t* cur, const std::uint8_t* prev, std::size_t n, std::size_t bpp,
                std::uint8_t* out) {
  for (std::size_t i = 0; i < n; ++i) {
    const int a = i >= bpp ? cur[i - bpp] : 0, b = prev[i], c = i >= bpp ? prev[i - bpp] : 0;
    int predicted = 0;
    switch (filter) {
      case PngFilter::Sub:
        predicted = a;
        break;
      case PngFilter::Up:
        predicted = b;
        break;
      case PngFilter::Average:
        predicted = (a + b) / 2;
        break;
      case PngFilter::Paeth:
        predicted = paeth(a, b, c);
        break;
      default:
        break;
    }
    out[i] = static_cast<std::uint8_t>(cur[i] - predicted);
  }
}

std::size_t cost(const std::uint8_t* row, std::size_t n) {
  std::size_t sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += row[i] < 128 ? row[i] : 256 - row[i];
  return sum;
}

/// The filtered image: one filter-type byte, then the filtered bytes, per row.
std::vector<std::uint8_t> filtered(int width, int height, int channels, const std::uint8_t* pixels, PngFilter filter) {
  const std::size_t stride = std::size_t(width) * channels;
  std::vector<std::uint8_t> out((stride + 1) * height);
  const std::vector<std::uint8_t> zeros(stride, 0);
  std::vector<std::uint8_t> trial(stride);
  for (int y = 0; y < height; ++y) {
    const std::uint8_t* cur = pixels + y * stride;
    const std::uint8_t* prev = y ? cur - stride : zeros.data();
    std::uint8_t* row = &out[y * (stride + 1)];
    PngFilter chosen = filter;
    if (filter == PngFilter::Adaptive) {
      std::size_t best = SIZE_MAX;
      for (PngFilter f : {PngFilter::None, PngFilter::Sub, PngFilter::Up, PngFilter::Average, PngFilter::Paeth}) {
        filter_row(f, cur, prev, stride, channels, trial.data());
        if (const std::size_t c = cost(trial.data(), stride); c < best) best = c, chosen = f;
      }
    }
    row[0] = static_cast<std::uint8_t>(chosen);
    filter_row(chosen, cur, prev, stride, channels, row + 1);
  }
  return out;
}

}  // namespace

Image decode_image(std::span<const std::uint8_t> bytes) {
  Image img;
  int channels = 0;
  std::uint8_t* p =
      stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &img.width, &img.height, &channels, 4);
  if (!p) return {};
  img.rgba.assign(p, p + std::size_t(img.width) * img.height * 4);
  stbi_image_free(p);
  return img;
}

std::optional<std::pair<int, int>> image_dimensions(std::span<const std::uint8_t> bytes) {
  int w = 0, h = 0, c = 0;
  if (!stbi_info_from_memory(bytes.data(), static_cast<int>(bytes.size()), &w, &h, &c)) return std::nullopt;
  return std::pair{w, h};
}

const char* image_file_extension(std::span<const std::uint8_t> bytes) {
  const ImageEncoding encoding = image_encoding(bytes);
  if (encoding != ImageEncoding::Png && encoding != ImageEncoding::Jpeg) return nullptr;
  if (!image_dimensions(bytes)) return nullptr;
  return encoding == ImageEncoding::Png ? ".png" : ".jpg";
}

ImageEncoding image_encoding(std::span<const std::uint8_t> bytes) {
  const auto starts_with = [&](std::span<const std::uint8_t> signature) {
    return bytes.size() >= signature.size() && std::equal(signature.begin(), signature.end(), bytes.begin());
  };
  static constexpr std::array<std::uint8_t, 3> jpeg{0xFF, 0xD8, 0xFF};
  // The JP2 file's signature box, or a bare codestream's SOC and SIZ markers (ISO/IEC 15444-1).
  static constexpr std::array<std::uint8_t, 12> jp2_file{0x00, 0x00, 0x00, 0x0C, 'j',  'P',
                                                         ' ',  ' ',  0x0D, 0x0A, 0x87, 0x0A};
  static constexpr std::array<std::uint8_t, 4> j2k_codestream{0xFF, 0x4F, 0xFF, 0x51};
  // PNG by the first four bytes of its signature (the rest catches transfer damage; a decoder checks it).
  if (starts_with(std::span(png_signature).first(4))) return ImageEncoding::Png;
  if (starts_with(jpeg)) return ImageEncoding::Jpeg;
  if (starts_with(jp2_file) || starts_with(j2k_codestream)) return ImageEncoding::Jpeg2000;
  return ImageEncoding::Other;
}

std::vector<std::byte> reencode_as_png(std::span<const std::uint8_t> bytes) {
  const Image img = decode_image(bytes);
  return img.empty() ? std::vector<std::byte>{} : encode_png(img.width, img.height, 4, img.rgba.data());
}

std::vector<std::byte> encode_png(int width, int height, int channels, const std::uint8_t* pixels,
                                  PngSettings settings) {
  static constexpr std::array<std::uint8_t, 5> color_type{0, 0, 4, 2, 6};  // by channel count
  const std::vector<std::uint8_t> rows = filtered(width, height, channels, pixels, settings.filter);
  uLongf packed_size = compressBound(static_cast<uLong>(rows.size()));
  std::vector<std::byte> packed(packed_size);
  compress2(reinterpret_cast<Bytef*>(packed.data()), &packed_size, rows.data(), static_cast<uLong>(rows.size()),
            settings.level);
  packed.resize(packed_size);

  std::vector<std::byte> out;
  out.reserve(packed.size() + 64);
  for (std::uint8_t b : png_signature) out.push_back(static_cast<std::byte>(b));
  std::vector<std::byte> header;
  put_u32(header, static_cast<std::uint32_t>(width));
  put_u32(header, static_cast<std::uint32_t>(height));
  for (std::uint8_t b : {std::uint8_t{8}, color_type[channels], std::uint8_t{0}, std::uint8_t{0}, std::uint8_t{0}})
    header.push_back(static_cast<std::byte>(b));
  put_chunk(out, "IHDR", header);
  put_chunk(out, "IDAT", packed);
  put_chunk(out, "IEND", {});
  return out;
}

}  // namespace aem
