#include "support/fixtures.hpp"

namespace aem::test {

std::filesystem::path corpus_or_fixture_root() {
  const auto root = corpus_root();
  return root.empty() ? std::filesystem::path(AEM_TEST_DATA_DIR) : root;
}

bool is_fuzz_finding(const std::filesystem::path& path) { return path.filename().string().starts_with("fuzz-"); }

std::vector<std::filesystem::path> corpus_or_fixture_files(const std::string& folder, const std::string& ext) {
  auto files = files_with_extension(corpus_or_fixture_root() / folder, ext);
  std::erase_if(files, is_fuzz_finding);
  return files;
}

}  // namespace aem::test
