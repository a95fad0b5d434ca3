// Formatting of diagnostics and the ParseError helpers.
#include <string>

#include "aem/error.hpp"
#include "core/byte_reader.hpp"
#include "core/parse_error.hpp"

namespace aem {

std::string Diagnostic::to_string(const char* severity) const {
  std::string s;
  if (!file.empty()) s += file + ": ";
  if (!format.empty()) s += format + " ";
  s += severity;
  if (!code.empty()) s += " " + code;
  if (offset) s += " at byte " + std::to_string(*offset);
  if (line) s += " at line " + std::to_string(*line);
  if (column) s += ", column " + std::to_string(*column);
  if (!path.empty()) s += " (" + path + ")";
  s += ": " + message;
  return s;
}

namespace detail {

void fail_at(std::string_view format, std::string_view code, std::uint64_t offset, std::string message,
             std::string path) {
  throw ParseError(Diagnostic{.code = std::string(code),
                              .format = std::string(format),
                              .offset = offset,
                              .path = std::move(path),
                              .message = std::move(message)});
}

void fail_line(std::string_view format, std::string_view code, std::uint32_t line, std::string message,
               std::string path) {
  throw ParseError(Diagnostic{.code = std::string(code),
                              .format = std::string(format),
                              .line = line,
                              .path = std::move(path),
                              .message = std::move(message)});
}

void ByteReader::fail_truncated(std::string_view what, std::uint64_t at, std::uint64_t need) const {
  std::string msg = "file ends inside " + std::string(what);
  if (need) msg += ": needs " + std::to_string(need) + " bytes, " + std::to_string(remaining()) + " remain";
  fail_at(format_, "TRUNCATED", base_ + at, std::move(msg));
}

void ByteReader::fail_not_finite(std::string_view what, std::uint64_t at) const {
  fail_at(format_, std::string(format_) + "_NOT_FINITE", base_ + at,
          std::string(what) + " is NaN, infinite or beyond the float range");
}

}  // namespace detail
}  // namespace aem
