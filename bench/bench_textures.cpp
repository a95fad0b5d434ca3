// PNG encoding of exported textures, and CesiumMan's whole glTF -> AEM conversion. The baseline is
// stb_image_write (what texture export used before, zlib-like level 8, per-row filter choice) on
// CesiumMan's 1024x1024 base colour, decoded to RGBA; our zlib encoder runs at several levels and
// filters, and the "bytes" counter gives the PNG size. Run: AEM_CORPUS_DIR=... scripts/bench.sh bench_textures
#include <benchmark/benchmark.h>

// The baseline encoder, compiled here only (internal linkage): the library no longer uses it.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

#include <cmath>

#include "aem/convert.hpp"
#include "aem/io.hpp"
#include "core/image.hpp"
#include "corpus_models.hpp"

namespace {

const aem::Image& texture() {
  static const aem::Image image = [] {
    auto scene = aem::read_scene(aem::bench::corpus_cesium_man());
    return scene && !scene->textures.empty() ? aem::decode_image(scene->textures[0].data) : aem::Image{};
  }();
  return image;
}

/// A smooth 1024x1024 image like a normal or roughness map: slow gradients, a little noise.
const aem::Image& smooth() {
  static const aem::Image image = [] {
    aem::Image img{1024, 1024, std::vector<std::uint8_t>(1024 * 1024 * 4)};
    std::uint32_t seed = 1;
    for (int y = 0; y < 1024; ++y)
      for (int x = 0; x < 1024; ++x) {
        seed = seed * 1664525u + 1013904223u;
        std::uint8_t* p = &img.rgba[4 * (std::size_t(y) * 1024 + x)];
        p[0] = static_cast<std::uint8_t>(128 + 100 * std::sin(x * 0.01) + (seed >> 30));
        p[1] = static_cast<std::uint8_t>(128 + 100 * std::cos(y * 0.013) + (seed >> 30));
        p[2] = static_cast<std::uint8_t>(230 + ((x ^ y) >> 7)), p[3] = 255;
      }
    return img;
  }();
  return image;
}

void BM_EncodePngStb(benchmark::State& state) {
  const aem::Image& img = state.range(0) ? smooth() : texture();
  if (img.empty()) return state.SkipWithError("set AEM_CORPUS_DIR");
  std::size_t bytes = 0;
  for (auto _ : state) {
    bytes = 0;
    stbi_write_png_to_func([](void* c, void*, int size) { *static_cast<std::size_t*>(c) += size; }, &bytes, img.width,
                           img.height, 4, img.rgba.data(), img.width * 4);
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}

void BM_EncodePng(benchmark::State& state) {
  const aem::Image& img = state.range(2) ? smooth() : texture();
  if (img.empty()) return state.SkipWithError("set AEM_CORPUS_DIR");
  const aem::PngSettings settings{static_cast<int>(state.range(0)), static_cast<aem::PngFilter>(state.range(1))};
  std::size_t bytes = 0;
  for (auto _ : state) bytes = aem::encode_png(img.width, img.height, 4, img.rgba.data(), settings).size();
  state.counters["bytes"] = static_cast<double>(bytes);
}

void BM_ConvertCesiumMan(benchmark::State& state) {
  if (aem::bench::corpus_cesium_man().empty()) return state.SkipWithError("set AEM_CORPUS_DIR");
  const auto out = std::filesystem::temp_directory_path() / "aem-bench-textures" / "CesiumMan.aem";
  std::filesystem::create_directories(out.parent_path());
  for (auto _ : state)
    if (!aem::convert::convert_file(aem::bench::corpus_cesium_man(), out, {})) state.SkipWithError("conversion failed");
}

}  // namespace

// Images: 0 CesiumMan's base colour, 1 the smooth generated one.
BENCHMARK(BM_EncodePngStb)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);
// Filters: 0 none, 1 sub, 2 up, 4 Paeth, 5 adaptive (aem::PngFilter).
BENCHMARK(BM_EncodePng)
    ->ArgsProduct({{1, 2, 3, 6}, {0, 1, 2, 4, 5}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
BENCHMARK(BM_ConvertCesiumMan)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK_MAIN();
