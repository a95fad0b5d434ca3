#include "support/source_tree.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace aem::test {

std::filesystem::path source_root() { return std::filesystem::path(AEM_TEST_DATA_DIR) / ".." / ".."; }

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::filesystem::path> tree_files(const std::filesystem::path& folder,
                                              const std::vector<std::string>& extensions) {
  std::vector<std::filesystem::path> out;
  if (!std::filesystem::is_directory(folder)) return out;
  for (auto it = std::filesystem::recursive_directory_iterator(folder);
       it != std::filesystem::recursive_directory_iterator(); ++it) {
    if (it->is_directory() && it->path().filename() == "node_modules") {
      it.disable_recursion_pending();
      continue;
    }
    const auto ext = it->path().extension().string();
    if (it->is_regular_file() && std::find(extensions.begin(), extensions.end(), ext) != extensions.end())
      out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace aem::test
