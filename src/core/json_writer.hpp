// A small streaming JSON writer (objects, arrays, strings, numbers, booleans) for the tools' --json
// output and the browser page's panel data.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "aem/error.hpp"

namespace aem::detail {

/// Appends each element as it is called: `key` names it inside an object and is empty inside an array;
/// a number that is not finite is written as null.
class JsonWriter {
 public:
  JsonWriter& begin_object(std::string_view key = {});
  JsonWriter& end_object();
  JsonWriter& begin_array(std::string_view key = {});
  JsonWriter& end_array();
  JsonWriter& value(std::string_view key, std::string_view v);
  JsonWriter& value(std::string_view key, const char* v) { return value(key, std::string_view(v)); }
  JsonWriter& value(std::string_view key, double v);
  JsonWriter& value(std::string_view key, std::uint64_t v);
  JsonWriter& value(std::string_view key, std::int64_t v);
  JsonWriter& value(std::string_view key, int v) { return value(key, static_cast<std::int64_t>(v)); }
  JsonWriter& value(std::string_view key, unsigned v) { return value(key, static_cast<std::uint64_t>(v)); }
  JsonWriter& value(std::string_view key, bool v);
  /// The document so far (complete once every object/array is closed).
  const std::string& str() const { return out_; }

 private:
  void key(std::string_view k);
  void raw(std::string_view k, std::string_view text);
  std::string out_;
  std::vector<bool> first_;  // per open container: no element written yet
};

/// Writes `d` as an object (keys code, format, file, message, path, and offset or line when known);
/// `key` names it inside an object, empty inside an array.
void diagnostic_json(JsonWriter& j, const Diagnostic& d, std::string_view key = {});

}  // namespace aem::detail
