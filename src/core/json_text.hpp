// JSON text pieces shared by the glTF writer and the tools' --json output.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace aem::detail {

/// Appends `s` to `out` as a JSON string literal: quoted, with quotes, backslashes and control
/// characters escaped.
inline void append_json_quoted(std::string& out, std::string_view s) {
  out += '"';
  // Keys and most names need no escape: their bytes go in at once.
  const auto plain = [](unsigned char c) { return c >= 0x20 && c != '"' && c != '\\'; };
  std::size_t run = 0;
  while (run < s.size() && plain(static_cast<unsigned char>(s[run]))) ++run;
  out.append(s.data(), run);
  for (unsigned char c : s.substr(run)) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

/// `s` as a JSON string literal (append_json_quoted into a new string).
inline std::string json_quote(std::string_view s) {
  std::string out;
  append_json_quoted(out, s);
  return out;
}

}  // namespace aem::detail
