#include "commands/depfile.hpp"

#include "core/file.hpp"

namespace aem::cli {

std::string make_escape(const std::string& path) {
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const char c = path[i];
    if (c == ' ' || c == '#') {
      // Backslashes right before an escaped space are themselves doubled (GNU Make's rule).
      for (std::size_t j = i; j > 0 && path[j - 1] == '\\'; --j) out += '\\';
      out += '\\';
    } else if (c == '$') {
      out += '$';
    }
    out += c;
  }
  return out;
}

Status write_depfile(const std::string& file, const std::vector<std::string>& targets,
                     const std::vector<std::string>& dependencies) {
  std::string text;
  for (const auto& t : targets) text += (text.empty() ? "" : " ") + make_escape(t);
  text += ":";
  for (const auto& d : dependencies) text += " \\\n  " + make_escape(d);
  text += "\n";
  return detail::write_file_atomic(file, std::as_bytes(std::span(text.data(), text.size())));
}

}  // namespace aem::cli
