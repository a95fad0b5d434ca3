// The final check: every corpus file converted to every format this build writes (new
// writers are included as they register) gives a file our own reader and validator accept.
#include <gtest/gtest.h>

#include "aem/convert.hpp"
#include "aem/io.hpp"
#include "aem/validate.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"

namespace aem {
namespace {

namespace fs = std::filesystem;

TEST(ConvertValidates, EveryCorpusFileToEveryWritableFormat) {
  // Without the corpus: the fixtures, except fuzzer findings and tests/data/assimp (a file there
  // crashes Assimp by design).
  const auto root = test::corpus_or_fixture_root();
  std::vector<fs::path> inputs;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file() && format_for_extension(e.path(), FormatUse::Read) && !test::is_fuzz_finding(e.path()) &&
        e.path().parent_path().filename() != "assimp")
      inputs.push_back(e.path());
  std::sort(inputs.begin(), inputs.end());
  std::size_t converted = 0;
  for (const auto& input : inputs) {
    if (!read_scene(input).ok()) continue;  // a file we cannot read converts to nothing
    for (const FormatHandler& f : supported_formats()) {
      if (!f.write) continue;
      SCOPED_TRACE(input.string() + " -> " + std::string(f.name));
      const auto dir = test::temp_dir("convert-validates");
      const auto output = dir / (input.stem().string() + std::string(f.extensions.front()));
      convert::ConvertOptions options;
      options.to = &f;
      auto report = convert::convert_file(input, output, options);
      if (!report.ok()) {
        EXPECT_FALSE(fs::exists(output)) << "failed conversion left " << output;
        continue;
      }
      ++converted;
      auto back = read_scene(output);
      EXPECT_TRUE(back.ok()) << back.error().to_string();
      if (!back.ok()) continue;
      const SceneReport check = validate_scene(back.value());
      EXPECT_TRUE(check.valid()) << check.errors.front().to_string();
      fs::remove_all(dir);
    }
  }
  EXPECT_GT(converted, inputs.size());
}

}  // namespace
}  // namespace aem
