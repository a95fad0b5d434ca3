// Corpus tests that fall back to the in-repository fixtures (tests/data) when AEM_CORPUS_DIR is unset,
// so a clone runs them on small files; with the corpus they run on the larger set.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

#include "support/corpus.hpp"

/// Every file under corpus/<folder> with the extension; when the corpus is not configured, the
/// in-repository fixtures tests/data/<folder> instead (fuzzer findings, `fuzz-*`, left out: they need
/// not be valid), so that a clone still runs the check on small files. Fails when neither has one.
#define AEM_CORPUS_OR_FIXTURE_FILES(var, folder, ext)                                         \
  std::vector<std::filesystem::path> var = ::aem::test::corpus_or_fixture_files(folder, ext); \
  ASSERT_FALSE(var.empty()) << "no " << (ext) << " files for " << (folder)

/// A named corpus file, or with the corpus not configured the fixture tests/data/<fixture_relative>
/// that stands for it in the check.
#define AEM_CORPUS_FILE_OR_FIXTURE(var, corpus_relative, fixture_relative)                              \
  const std::filesystem::path var = ::aem::test::corpus_root().empty()                                  \
                                        ? std::filesystem::path(AEM_TEST_DATA_DIR) / (fixture_relative) \
                                        : ::aem::test::corpus_root() / (corpus_relative);               \
  ASSERT_TRUE(std::filesystem::is_regular_file(var)) << "missing: " << var

namespace aem::test {

std::vector<std::filesystem::path> corpus_or_fixture_files(const std::string& folder, const std::string& ext);
/// The named corpus files, or with the corpus not configured the fixtures (paths under tests/data)
/// that stand for them in the check. Existence is the caller's to check.
std::vector<std::filesystem::path> corpus_files_or_fixtures(std::initializer_list<const char*> corpus_relative,
                                                            std::initializer_list<const char*> fixture_relative);
/// The corpus root, or tests/data when the corpus is not configured (see AEM_CORPUS_OR_FIXTURE_FILES).
std::filesystem::path corpus_or_fixture_root();
/// A file of tests/data whose name marks a fuzzer finding (may be invalid by design).
bool is_fuzz_finding(const std::filesystem::path& path);

}  // namespace aem::test
