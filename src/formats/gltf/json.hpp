// The glTF reader's thin view of a JSON document. The parser behind it (rapidjson, chosen by measured
// speed, see docs/performance.md) stays in json.cpp so it can be swapped without touching the reader.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace aem::formats::gltf {

/// One value of a parsed document and its JSON path ("meshes[2].primitives[0]") for error messages.
/// A missing member gives an absent Json (exists() false); every accessor is safe on any value.
class Json {
 public:
  Json() = default;
  Json(const void* value, std::string path) : value_(value), path_(std::move(path)) {}

  bool exists() const { return value_ != nullptr; }
  bool is_object() const;
  bool is_array() const;
  bool is_number() const;
  bool is_string() const;
  bool is_bool() const;
  /// Elements of an array (0 for anything else).
  std::size_t size() const;
  /// Element `i` of an array (absent when out of range or not an array).
  Json operator[](std::size_t i) const;
  /// Member `key` of an object (absent when missing or not an object).
  Json operator[](std::string_view key) const;
  /// Every member of an object, in document order.
  std::vector<std::pair<std::string, Json>> members() const;
  double number() const;            ///< 0 unless a number
  std::string_view string() const;  ///< empty unless a string
  bool boolean() const;             ///< false unless a bool
  const std::string& path() const { return path_; }

 private:
  const void* value_ = nullptr;
  std::string path_;
};

/// A parsed document; Json values point into it and live as long as it does.
class JsonDocument {
 public:
  struct ParseFailure {
    std::uint64_t offset;  ///< byte of the text where it fails (for too deep a nesting, the bracket past the limit)
    std::string message;
  };
  /// Parses `text` (need not be NUL-terminated). Documents nested deeper than `max_depth` are refused
  /// before parsing, so neither the parser nor the destructor can run out of stack.
  static std::variant<JsonDocument, ParseFailure> parse(std::string_view text, int max_depth = 64);
  JsonDocument(JsonDocument&&) noexcept;
  JsonDocument& operator=(JsonDocument&&) noexcept;
  ~JsonDocument();
  Json root() const;

 private:
  JsonDocument();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace aem::formats::gltf
