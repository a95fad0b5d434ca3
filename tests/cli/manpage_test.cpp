// The manual page aem(1) (`aem manpage`, installed by CMake) against what `--help` says: every command
// of `aem --help` has a section, and every argument and option of `aem COMMAND --help` is in that
// section with its description. groff renders the page without warnings.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/corpus.hpp"

namespace aem {
namespace {

using test::run_cli;

/// Roff text back to plain text: font changes dropped, escapes replaced by what they print.
std::string plain(std::string roff) {
  roff = std::regex_replace(roff, std::regex(R"(\\f[BIR])"), "");
  roff = std::regex_replace(roff, std::regex(R"(\\-)"), "-");
  roff = std::regex_replace(roff, std::regex(R"(\\e)"), "\\");
  return std::regex_replace(roff, std::regex(R"(\\&)"), "");
}

/// The page's text for one command: from its `.SS` line to the next section.
std::string command_section(const std::string& page, const std::string& command) {
  const auto start = page.find(".SS " + command + "\n");
  if (start == std::string::npos) return "";
  auto end = page.find("\n.S", start + 1);
  return plain(page.substr(start, end == std::string::npos ? std::string::npos : end - start));
}

struct HelpEntry {
  std::vector<std::string> names;  ///< "-o", "--output", or a positional's name
  std::string description;
};

/// The entries of a `--help` text's "Positionals:", "Options:" or "Subcommands:" lists: two spaces,
/// the names (comma-separated, then a value type), two or more spaces, the description.
std::vector<HelpEntry> help_entries(const std::string& help) {
  std::vector<HelpEntry> out;
  std::istringstream lines(help);
  std::string line;
  const std::regex entry(R"(^  (\S+)(?: [^ ].*?)?  +(\S.*)$)");
  std::smatch m;
  while (std::getline(lines, line)) {
    if (!std::regex_match(line, m, entry)) continue;
    HelpEntry e{{}, m[2]};
    std::stringstream names(m[1].str());
    for (std::string name; std::getline(names, name, ',');) e.names.push_back(name);
    out.push_back(e);
  }
  return out;
}

std::string manpage() {
  std::string page;
  EXPECT_EQ(run_cli("manpage", &page), 0);
  return page;
}

TEST(ManPage, EveryCommandOfHelpHasItsArgumentsAndOptions) {
  const std::string page = manpage();
  std::string top;
  ASSERT_EQ(run_cli("--help", &top), 0);
  const auto subcommands = top.substr(top.find("Subcommands:"));
  const auto commands = help_entries(subcommands);
  ASSERT_GE(commands.size(), 10u);  // the list was found and parsed
  for (const auto& command : commands) {
    const std::string name = command.names.front(), section = command_section(page, name);
    ASSERT_FALSE(section.empty()) << "no section for " << name;
    EXPECT_NE(section.find(command.description), std::string::npos) << name << ": " << command.description;
    EXPECT_NE(section.find("aem " + name), std::string::npos) << name << ": no synopsis";
    std::string help;
    ASSERT_EQ(run_cli(name + " --help", &help), 0);
    const auto entries = help_entries(help);
    ASSERT_FALSE(entries.empty()) << name;
    for (const auto& e : entries) {
      for (const auto& spelling : e.names)
        EXPECT_NE(section.find(spelling), std::string::npos) << name << ": " << spelling;
      EXPECT_NE(section.find(e.description), std::string::npos) << name << ": " << e.description;
    }
  }
  // Global options too.
  const auto global = help_entries(top.substr(0, top.find("Subcommands:")));
  ASSERT_EQ(global.size(), 2u);
  const auto options =
      plain(page.substr(page.find(".SH OPTIONS"), page.find(".SH COMMANDS") - page.find(".SH OPTIONS")));
  for (const auto& e : global) EXPECT_NE(options.find(e.names.back()), std::string::npos) << e.names.back();
}

TEST(ManPage, GroffRendersItWithoutWarnings) {
  if (test::run_shell("command -v groff >/dev/null") != 0) GTEST_SKIP() << "groff is not installed";
  const auto dir = test::temp_dir("manpage");
  test::write_file(dir / "aem.1", manpage());
  std::string warnings, text;
  EXPECT_EQ(test::run_shell("groff -man -Tutf8 -ww -z '" + (dir / "aem.1").string() + "' 2>&1", &warnings), 0);
  EXPECT_EQ(warnings, "");
  // Rendered, the page names its sections and commands as a reader sees them (no backspaced bold).
  EXPECT_EQ(test::run_shell("groff -man -Tutf8 -P-cbou '" + (dir / "aem.1").string() + "'", &text), 0);
  for (const char* expected : {"NAME", "SYNOPSIS", "COMMANDS", "EXIT STATUS", "aem convert [OPTIONS] [files...]",
                               "--out-dir TEXT", "aem help [COMMAND]"})
    EXPECT_NE(text.find(expected), std::string::npos) << expected << " not in\n" << text;
}

}  // namespace
}  // namespace aem
