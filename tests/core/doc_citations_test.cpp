// Every source of facts the code and docs cite is in the repository: no citation of the format notes
// kept beside the project (outside any clone), and every `docs/formats/<name>.md §N` names a page and
// a section that exist, so a clone can follow each citation.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <string>

#include "support/source_tree.hpp"

namespace {

using aem::test::read_text;
using aem::test::source_root;

const std::vector<std::string> kTextExtensions = {".cpp", ".hpp", ".h",   ".inl", ".c",     ".md",   ".txt",
                                                  ".py",  ".sh",  ".mjs", ".js",  ".cmake", ".html", ".in"};

std::vector<std::filesystem::path> project_text_files() {
  std::vector<std::filesystem::path> files;
  for (const char* folder :
       {"src", "include", "apps", "tests", "docs", "bench", "fuzz", "scripts", "blender", "cmake", "web", ".ci"}) {
    auto more = aem::test::tree_files(source_root() / folder, kTextExtensions);
    files.insert(files.end(), more.begin(), more.end());
  }
  for (const char* top : {"README.md", "CMakeLists.txt"}) files.push_back(source_root() / top);
  return files;
}

/// "file:line" of each match of `re` in the project's text files.
std::vector<std::string> places(const std::regex& re) {
  std::vector<std::string> out;
  for (const auto& path : project_text_files()) {
    const std::string text = read_text(path);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) {
      const auto line = 1 + std::count(text.begin(), text.begin() + it->position(), '\n');
      out.push_back(std::filesystem::relative(path, source_root()).string() + ":" + std::to_string(line) + ": " +
                    it->str());
    }
  }
  return out;
}

TEST(DocCitations, NothingCitesNotesOutsideTheRepository) {
  // Spelled in pieces so that this file does not match itself.
  const std::regex outside(std::string("[a-z0-9]+-") + "notes(\\.md)?|notes" + " §|shared/" + "specs");
  for (const auto& p : places(outside)) ADD_FAILURE() << p << ": cite docs/formats/<format>.md instead";
}

TEST(DocCitations, FormatPageCitationsNameExistingSections) {
  const std::regex cite(R"(docs/formats/([a-z0-9]+)\.md(\s+§([0-9]+))?)");
  std::set<std::string> pages;
  int checked = 0;
  for (const auto& path : project_text_files()) {
    const std::string text = read_text(path);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), cite); it != std::sregex_iterator(); ++it) {
      const auto page = source_root() / "docs" / "formats" / ((*it)[1].str() + ".md");
      const std::string doc = read_text(page);
      ASSERT_FALSE(doc.empty()) << path << " cites " << it->str() << ", which does not exist";
      pages.insert((*it)[1]);
      ++checked;
      if (!(*it)[3].matched) continue;
      const std::regex heading("\n#+ §" + (*it)[3].str() + "[ .]");
      EXPECT_TRUE(std::regex_search(doc, heading)) << path << " cites " << it->str() << ": no such section";
    }
  }
  // The format pages exist and are cited (a broken regex would check nothing).
  for (const char* page : {"aem", "cem", "e3d", "iqe", "iqm"})
    EXPECT_TRUE(pages.count(page)) << "docs/formats/" << page << ".md is never cited";
  EXPECT_GT(checked, 50);
}

}  // namespace
