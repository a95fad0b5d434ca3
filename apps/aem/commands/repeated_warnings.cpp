#include "commands/repeated_warnings.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace aem::cli {
namespace {

std::string number(const auto& n) { return n ? std::to_string(*n) : std::string("-"); }

/// Everything that tells two warnings apart except their element path, as one key.
std::string fact(const Diagnostic& d) {
  const char sep = '\0';
  return d.code + sep + d.format + sep + d.file + sep + number(d.offset) + sep + number(d.line) + sep +
         number(d.column) + sep + d.message;
}

/// The distinct paths of one folded warning: the first few in order, and how many in all.
struct Paths {
  std::vector<std::string> shown;
  std::set<std::string> all;
};

/// "a, b, c and 4 more" (or "a, b" when they are all shown).
std::string listed(const Paths& p) {
  std::string text;
  for (std::size_t i = 0; i < p.shown.size(); ++i) text += (i ? ", " : "") + p.shown[i];
  if (p.all.size() > p.shown.size()) text += " and " + std::to_string(p.all.size() - p.shown.size()) + " more";
  return text;
}

}  // namespace

std::vector<Diagnostic> fold_repeated_warnings(std::span<const Diagnostic> warnings, std::size_t names_shown) {
  std::vector<Diagnostic> folded;
  std::vector<Paths> paths;
  std::map<std::string, std::size_t> index;  // fact -> position in folded
  for (const Diagnostic& w : warnings) {
    const auto [it, first] = index.try_emplace(fact(w), folded.size());
    if (first) {
      folded.push_back(w);
      paths.emplace_back();
    }
    Paths& p = paths[it->second];
    if (!w.path.empty() && p.all.insert(w.path).second && p.shown.size() < std::max<std::size_t>(names_shown, 1))
      p.shown.push_back(w.path);
  }
  for (std::size_t i = 0; i < folded.size(); ++i) folded[i].path = listed(paths[i]);
  return folded;
}

}  // namespace aem::cli
