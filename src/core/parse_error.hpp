// Readers stop at the first fatal problem by throwing ParseError internally; every public entry
// point catches it (see guard_read) and returns it as an Error, so nothing throws through the API.
#pragma once

#include <exception>
#include <string>
#include <string_view>

#include "aem/error.hpp"

namespace aem::detail {

class ParseError : public std::exception {
 public:
  explicit ParseError(Diagnostic d) : diagnostic(std::move(d)) {}
  const char* what() const noexcept override { return diagnostic.message.c_str(); }
  Diagnostic diagnostic;
};

/// Throws a ParseError at a byte offset.
[[noreturn]] void fail_at(std::string_view format, std::string_view code, std::uint64_t offset, std::string message,
                          std::string path = {});
/// Throws a ParseError at a 1-based text line.
[[noreturn]] void fail_line(std::string_view format, std::string_view code, std::uint32_t line, std::string message,
                            std::string path = {});

/// Runs a reader or writer body, turning a ParseError (or any other exception) into an Error that
/// names `file`.
template <class T, class F>
Result<T> guard_read(std::string_view format, const std::string& file, F&& body) {
  try {
    Result<T> r = body();
    if (!r.ok() && r.error().file.empty()) r.error().file = file;
    for (auto& w : r.warnings)
      if (w.file.empty()) w.file = file;
    return r;
  } catch (ParseError& e) {
    e.diagnostic.file = file;
    return Result<T>(std::move(e.diagnostic));
  } catch (const std::bad_alloc&) {
    return Result<T>(
        Error{.code = "OUT_OF_MEMORY", .format = std::string(format), .file = file, .message = "out of memory"});
  } catch (const std::exception& e) {
    return Result<T>(Error{.code = "INTERNAL_ERROR",
                           .format = std::string(format),
                           .file = file,
                           .message = std::string("internal error: ") + e.what()});
  }
}

}  // namespace aem::detail
