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

std::vector<std::filesystem::path> corpus_files_or_fixtures(std::initializer_list<const char*> corpus_relative,
                                                            std::initializer_list<const char*> fixture_relative) {
  const bool corpus = !corpus_root().empty();
  std::vector<std::filesystem::path> files;
  for (const char* relative : corpus ? corpus_relative : fixture_relative)
    files.push_back(corpus_or_fixture_root() / relative);
  return files;
}

}  // namespace aem::test
