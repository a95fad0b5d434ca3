// The project's own files, for tests that check the tree itself (catalogues, citations, docs).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace aem::test {

/// The source directory this test binary was built from.
std::filesystem::path source_root();

/// A whole text file; empty when it cannot be read.
std::string read_text(const std::filesystem::path& path);

/// Every regular file under `folder` whose extension is in `extensions` (".cpp", ...), skipping
/// node_modules folders (installed test tools, not ours).
std::vector<std::filesystem::path> tree_files(const std::filesystem::path& folder,
                                              const std::vector<std::string>& extensions);

}  // namespace aem::test
