// `aem convert` of a large glb: the input is read through a mapping whose pages the glTF reader gives
// back as it decodes them, so the input is never whole in memory beside the scene.
#include <gtest/gtest.h>

#include "support/corpus.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;

TEST(ConvertMemory, GlbInputIsNotHeldBesideTheScene) {
  const auto dir = test::temp_dir("convert-memory");
  const fs::path example = dir / "example.aem", glb = dir / "tube.glb", aem = dir / "tube.aem";
  // Made by the CLI: a child's peak memory starts from this process's (Linux carries it over fork).
  ASSERT_EQ(test::run_cli("example '" + example.string() + "' --rings 4000 --segments 128 --joints 60"), 0);
  ASSERT_EQ(test::run_cli("convert '" + example.string() + "' '" + glb.string() + "'"), 0);
  const std::uint64_t peak = test::cli_peak_rss({"convert", glb.string(), aem.string()});
  const std::uint64_t in = fs::file_size(glb), out = fs::file_size(aem);
  // Holding the input beside the scene (about the output) took more than both files; now the input's
  // pages come and go a few megabytes at a time (41 MB in, 60 MB out: 121 MB peak before, 73 MB after).
  EXPECT_LT(peak, in + out) << "peak " << peak << ", in " << in << ", out " << out;
}

}  // namespace
}  // namespace aem
