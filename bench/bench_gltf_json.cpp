// Parse speed of the header-only JSON parsers Debian ships (rapidjson, nlohmann-json) on one glTF JSON
// file, best of 5, to choose the glTF reader's parser (docs/performance.md). Usage: bench_gltf_json FILE.gltf
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <nlohmann/json.hpp>
#include <rapidjson/document.h>
int main(int argc, char** argv) {
  std::ifstream f(argv[1], std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  std::string text = ss.str();
  auto time = [&](auto fn) {
    double best = 1e9;
    for (int i = 0; i < 5; ++i) {
      auto t0 = std::chrono::steady_clock::now();
      fn();
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
  };
  size_t sink = 0;
  double r = time([&] {
    rapidjson::Document d;
    d.Parse(text.data(), text.size());
    sink += d.HasParseError() ? 0 : d["nodes"].Size();
  });
  double n = time([&] {
    auto j = nlohmann::json::parse(text);
    sink += j["nodes"].size();
  });
  std::printf("%zu bytes: rapidjson %.1f ms (%.0f MB/s), nlohmann %.1f ms (%.0f MB/s) [%zu]\n", text.size(), r * 1e3,
              text.size() / r / 1e6, n * 1e3, text.size() / n / 1e6, sink);
}
