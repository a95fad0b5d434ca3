// FBX ASCII: `Name: value, value {` ... `}` records indented by tabs. Numbers are written in their
// shortest round-trip form, so a reader gets back exactly the doubles of the description.
#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <type_traits>

#include "support/fbx_tree.hpp"

namespace aem::test::fbx::detail {
namespace {

template <typename T>
constexpr bool kIsVector = false;
template <typename T>
constexpr bool kIsVector<std::vector<T>> = true;

template <typename T>
void append_number(std::string& out, T v) {
  char buf[40];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  out.append(buf, end);
}

template <typename T>
std::string join(const std::vector<T>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    append_number(out, values[i]);
  }
  return out;
}

struct ArrayText {
  std::size_t count;
  std::string elements;  ///< Comma-separated.
};

/// An array value's elements; nullopt for a scalar value.
std::optional<ArrayText> array_text(const Value& v) {
  return std::visit(
      [](const auto& a) -> std::optional<ArrayText> {
        using T = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<T, FloatBits>) {
          std::vector<std::int32_t> bits;
          for (float f : a.values) bits.push_back(std::bit_cast<std::int32_t>(f));
          return ArrayText{bits.size(), join(bits)};
        } else if constexpr (kIsVector<T>) {
          return ArrayText{a.size(), join(a)};
        } else {
          return std::nullopt;
        }
      },
      v);
}

std::string base64(const std::vector<std::byte>& bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t group = 0;
    for (std::size_t k = 0; k < 3; ++k)
      group = group << 8 | (k < n ? std::to_integer<std::uint32_t>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kDigits[group >> (18 - 6 * k) & 63] : '=';
  }
  return out;
}

std::string quoted(const std::string& s) {
  if (s.find_first_of("\"\r\n") != std::string::npos)
    throw std::invalid_argument("fbx_builder: ASCII FBX cannot hold this string: " + s);
  return '"' + s + '"';
}

std::string scalar_text(const Value& v) {
  return std::visit(
      [](const auto& a) -> std::string {
        using T = std::decay_t<decltype(a)>;
        std::string out;
        if constexpr (std::is_same_v<T, Char>)
          out += a.c;
        else if constexpr (std::is_same_v<T, std::string>)
          out = quoted(a);
        else if constexpr (std::is_same_v<T, ObjectName>)
          out = quoted(a.type + "::" + a.name);
        else if constexpr (std::is_same_v<T, Raw>)
          out = quoted(base64(a.bytes));
        else if constexpr (std::is_arithmetic_v<T>)
          append_number(out, a);
        return out;
      },
      v);
}

void indent(std::string& out, int depth) { out.append(static_cast<std::size_t>(depth), '\t'); }

void write_record(std::string& out, const Record& r, int depth, bool modern) {
  indent(out, depth);
  out += r.name + ':';
  for (std::size_t i = 0; i < r.values.size(); ++i) {
    const auto array = array_text(r.values[i]);
    if (array && modern) {
      // FBX 7: `*count {` and the elements on one `a:` line; the array is the record's only content.
      if (r.values.size() != 1 || !r.children.empty())
        throw std::logic_error("fbx_builder: an FBX 7 array must be a record's only content: " + r.name);
      out += " *" + std::to_string(array->count) + " {\n";
      indent(out, depth + 1);
      out += "a: " + array->elements + '\n';
      indent(out, depth);
      out += "}\n";
      return;
    }
    out += i == 0 ? " " : ", ";
    out += array ? array->elements : scalar_text(r.values[i]);  // FBX 6.1 arrays are plain value lists
  }
  if (r.children.empty() && !r.values.empty()) {
    out += '\n';
    return;
  }
  out += " {\n";
  for (const auto& child : r.children) write_record(out, child, depth + 1, modern);
  indent(out, depth);
  out += "}\n";
}

}  // namespace

std::vector<std::byte> encode_ascii(const std::vector<Record>& top, int version) {
  std::string text = "; FBX " + std::to_string(version / 1000) + "." + std::to_string(version / 100 % 10) + "." +
                     std::to_string(version % 100 / 10) + " project file\n; Written by aem's test fbx_builder\n\n";
  for (const auto& r : top) write_record(text, r, 0, version >= 7000);
  std::vector<std::byte> bytes(text.size());
  std::memcpy(bytes.data(), text.data(), text.size());
  return bytes;
}

}  // namespace aem::test::fbx::detail
