// docs/error-codes.md and the source (C++, and the Python module's) name the same set of codes. A code in the source is an all-caps
// string literal with an underscore ("AEM_TOO_SMALL"), or the code of an Error/Warning/Diagnostic
// or one passed to fail_at/fail_line ("TRUNCATED"). A code in the catalogue opens a table row.
// A new code fails this test until its line is added to docs/error-codes.md. Diagnostics are built
// by name, and the library's messages name none of the aem tool's flags or commands.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "core/text_position.hpp"
#include "support/source_tree.hpp"

namespace {

using aem::test::read_text;

std::set<std::string> matches(const std::string& text, const std::regex& re, int group) {
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    out.insert((*it)[group]);
  return out;
}

std::set<std::string> source_codes() {
  const std::regex with_underscore(R"re("([A-Z][A-Z0-9]*(_[A-Z0-9]+)+)")re");
  const std::regex as_code(
      R"re(((Error|Warning|Diagnostic)\{(\.code = )?|fail_(at|line)\([^,()]+,\s*)"([A-Z][A-Z0-9_]+)")re");
  const std::regex environment_name(R"re((getenv\(|library_name\(|environ\.get\(|environ\[)"([A-Z0-9_]+)")re");
  std::set<std::string> codes, environment;
  for (const char* folder : {"src", "apps", "include", "web", "python"})
    for (const auto& path :
         aem::test::tree_files(aem::test::source_root() / folder, {".cpp", ".hpp", ".h", ".inl", ".py"})) {
      const std::string text = read_text(path);
      codes.merge(matches(text, with_underscore, 1));
      codes.merge(matches(text, as_code, 5));
      environment.merge(matches(text, environment_name, 2));
    }
  // Environment variables the tools read (library_name reads one) are all-caps literals too, not codes.
  for (const auto& name : environment) codes.erase(name);
  // glTF attribute names are all-caps literals too, not codes.
  std::erase_if(codes, [](const std::string& c) {
    return std::regex_match(c, std::regex("(TEXCOORD|COLOR|JOINTS|WEIGHTS)_[0-9]+"));
  });
  // core/byte_reader.hpp makes "<FORMAT>_NOT_FINITE" for every binary reader it serves.
  for (const char* format : {"CEM", "E3D", "IQM", "AEM"}) codes.insert(std::string(format) + "_NOT_FINITE");
  return codes;
}

std::set<std::string> catalogue_codes() {
  return matches(read_text(aem::test::source_root() / "docs" / "error-codes.md"),
                 std::regex(R"(\n\| ([A-Z][A-Z0-9_]+) \|)"), 1);
}

TEST(ErrorCodes, CatalogueAndSourceNameTheSameCodes) {
  const auto source = source_codes(), catalogue = catalogue_codes();
  ASSERT_GT(catalogue.size(), 50u);  // the catalogue was found and parsed
  for (const auto& c : source)
    EXPECT_TRUE(catalogue.count(c)) << c << " is used in the source: add it to docs/error-codes.md";
  for (const auto& c : catalogue)
    EXPECT_TRUE(source.count(c)) << c << " is in docs/error-codes.md but no source uses it";
}

/// "file:line: text" of every match of `re` in the C++ files under the folders given, for failure messages.
std::vector<std::string> cpp_places(std::initializer_list<const char*> folders, const std::regex& re) {
  std::vector<std::string> places;
  for (const char* folder : folders)
    for (const auto& path : aem::test::tree_files(aem::test::source_root() / folder, {".cpp", ".hpp", ".h", ".inl"})) {
      const std::string text = read_text(path);
      for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) {
        const auto at = aem::detail::text_position(text, static_cast<std::size_t>(it->position()));
        places.push_back(path.lexically_relative(aem::test::source_root()).string() + ":" + std::to_string(at.line) +
                         ": " + it->str());
      }
    }
  return places;
}

// By position, a value one field off (a path where the message goes) still compiles: every
// Error/Warning/Diagnostic names its fields (Error{.code = ..., .message = ...}).
TEST(ErrorCodes, DiagnosticsAreBuiltByName) {
  const std::regex by_position(R"(\b(Error|Warning|Diagnostic)(\s+\w+)?\{\s*[^.}\s])");
  for (const auto& place : cpp_places({"src", "apps", "include", "web", "python", "tests"}, by_position))
    ADD_FAILURE() << place << " builds a diagnostic by position: name its fields";
}

// A library user has no command line: the library states the problem, and the tool adds the hint
// that names its flag or command (apps/aem/commands/hints.cpp). String literals only, not comments.
TEST(ErrorCodes, LibraryMessagesNameNoFlagOrCommandOfTheTool) {
  const std::regex tool_in_literal(R"re(^[^/\n]*"[^"\n]*(--[a-z]|`aem )[^"\n]*")re", std::regex::multiline);
  for (const auto& place : cpp_places({"src", "include"}, tool_in_literal))
    ADD_FAILURE() << place << " names the aem tool in a library message: let the tool add it as a hint";
}

}  // namespace
