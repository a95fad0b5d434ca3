// One error/warning type for the whole library and a Result<T> that carries either a value or an
// error, plus the warnings gathered on the way. Nothing in the public API throws on bad input.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace aem {

/// A problem found in a file. `code` comes from the catalogue in docs/error-codes.md (stable, never
/// reused), `offset` is a byte offset for binary formats, `line` a 1-based line for text formats and
/// `column` the 1-based byte within that line, when the reader knows it. Build one by name, e.g.
/// `Error{.code = "IQE_BAD_NUMBER", .format = "IQE", .line = 3, .message = "...", .column = 8}`; a field
/// left out stays empty. `column` is declared last so that a diagnostic built by position still puts
/// each value where it was meant.
struct Diagnostic {
  std::string code{};    ///< e.g. "AEM_INDEX_OUT_OF_RANGE"
  std::string format{};  ///< e.g. "AEM", "IQE"
  std::string file{};    ///< path when known, empty for in-memory input
  std::optional<std::uint64_t> offset{};
  std::optional<std::uint32_t> line{};
  std::optional<std::uint32_t> column{};  ///< 1-based byte in `line` (IQE numbers, glTF JSON syntax)
  std::string path{};                     ///< element path such as "meshes[3].material"
  std::string message{};                  ///< what was wrong, for a person

  /// "file: FORMAT error CODE at byte N (path): message" in one line ("at line L, column C" for text).
  std::string to_string(const char* severity = "error") const;
};

using Error = Diagnostic;
using Warning = Diagnostic;

/// Either a value or an Error; warnings travel alongside in both cases.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() { return value(); }
  const Error& error() const { return std::get<1>(state_); }
  Error& error() { return std::get<1>(state_); }

  std::vector<Warning> warnings;

 private:
  std::variant<T, Error> state_;
};

/// Result for operations with no value.
struct Ok {};
using Status = Result<Ok>;

}  // namespace aem
