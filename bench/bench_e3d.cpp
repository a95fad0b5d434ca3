// E3D read throughput on a large generated, LZMA-compressed file (the example tube: 1 000 rings ×
// 101 = 101 000 vertices, 200 000 triangles) against the time of the LZMA decode alone of the same
// stream (the baseline). Argument 0: every attribute the writer has (normals, tangents and
// bitangents, UVs, skin to 8 joints, one animation); 1: positions, normals and UVs only, like the
// published sample files. The target: everything other than decoding costs less than 20% on top.
// Run: scripts/bench.sh bench_e3d
#include <benchmark/benchmark.h>

#include <cstring>

#include "aem/example.hpp"
#include "aem/io.hpp"
#include "formats/e3d/e3d_format.hpp"
#include "formats/e3d/lzma_codec.hpp"

namespace {

std::vector<std::byte> make_file(bool static_mesh) {
  aem::ExampleOptions o;
  o.rings = 1000;
  o.segments = 100;
  o.joints = 8;
  aem::Scene scene = aem::make_example_scene(o);
  if (static_mesh) {
    for (auto& m : scene.meshes) {
      m.tangents.clear();
      m.bitangents.clear();
      m.skin.clear();
    }
    scene.joints.clear();
    scene.animations.clear();
  }
  aem::WriteOptions w;
  w.compress = true;
  return aem::formats::e3d_write(scene, w).value();
}

const std::vector<std::byte>& file_bytes(std::int64_t kind) {
  static const std::vector<std::byte> files[2] = {make_file(false), make_file(true)};
  return files[kind];
}

/// The file's one LZMA block (after the 12-byte version block): uncompressed size, properties, stream.
struct LzmaParts {
  std::uint32_t size = 0;
  std::span<const std::byte> props, stream;
};

LzmaParts lzma_parts(std::int64_t kind) {
  const auto& b = file_bytes(kind);
  LzmaParts p;
  std::uint16_t type;
  std::uint32_t block_size;
  std::memcpy(&type, b.data() + 12, 2);
  std::memcpy(&block_size, b.data() + 14, 4);
  std::memcpy(&p.size, b.data() + 18, 4);
  p.props = std::span(b).subspan(22, aem::formats::e3d::kLzmaPropsSize);
  p.stream = std::span(b).subspan(27, block_size - 15);
  return p;
}

void BM_LzmaDecodeOnly(benchmark::State& state) {
  const LzmaParts p = lzma_parts(state.range(0));
  for (auto _ : state) {
    auto out = aem::formats::e3d::lzma_decode(p.props.first<aem::formats::e3d::kLzmaPropsSize>(), p.stream, p.size);
    if (!out.ok) state.SkipWithError(out.error.c_str());
    benchmark::DoNotOptimize(out.data.data());
  }
  state.SetBytesProcessed(state.iterations() * std::int64_t(p.size));
  state.counters["file_bytes"] = double(file_bytes(state.range(0)).size());
  state.counters["decoded_bytes"] = double(p.size);
}

void BM_Read(benchmark::State& state) {
  const auto& src = file_bytes(state.range(0));
  for (auto _ : state) {
    auto scene = aem::read_scene(src, "bench.e3d");
    if (!scene) state.SkipWithError(scene.error().message.c_str());
    benchmark::DoNotOptimize(scene->meshes.data());
  }
  state.SetBytesProcessed(state.iterations() * std::int64_t(lzma_parts(state.range(0)).size));
}

}  // namespace

BENCHMARK(BM_LzmaDecodeOnly)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Read)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
