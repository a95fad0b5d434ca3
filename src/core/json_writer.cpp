#include "core/json_writer.hpp"

#include "core/json_text.hpp"

#include <cmath>
#include <cstdio>

namespace aem::detail {

void JsonWriter::key(std::string_view k) {
  if (!first_.empty()) {
    if (!first_.back()) out_ += ",";
    first_.back() = false;
  }
  if (k.empty()) return;
  append_json_quoted(out_, k);
  out_ += ':';
}

void JsonWriter::raw(std::string_view k, std::string_view text) {
  key(k);
  out_ += text;
}

JsonWriter& JsonWriter::begin_object(std::string_view k) {
  key(k);
  out_ += "{";
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  out_ += "}";
  first_.pop_back();
  return *this;
}
JsonWriter& JsonWriter::begin_array(std::string_view k) {
  key(k);
  out_ += "[";
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  out_ += "]";
  first_.pop_back();
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view k, std::string_view v) {
  key(k);
  append_json_quoted(out_, v);
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view k, double v) {
  char buf[32];
  if (std::isfinite(v))
    std::snprintf(buf, sizeof buf, "%.9g", v);
  else
    std::snprintf(buf, sizeof buf, "null");
  raw(k, buf);
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view k, std::uint64_t v) {
  raw(k, std::to_string(v));
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view k, std::int64_t v) {
  raw(k, std::to_string(v));
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view k, bool v) {
  raw(k, v ? "true" : "false");
  return *this;
}

void diagnostic_json(JsonWriter& j, const Diagnostic& d, std::string_view key) {
  j.begin_object(key)
      .value("code", d.code)
      .value("format", d.format)
      .value("file", d.file)
      .value("message", d.message)
      .value("path", d.path);
  if (d.offset) j.value("offset", *d.offset);
  if (d.line) j.value("line", std::uint64_t(*d.line));
  if (d.column) j.value("column", std::uint64_t(*d.column));
  j.end_object();
}

}  // namespace aem::detail
