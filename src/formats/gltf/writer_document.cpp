#include "formats/gltf/writer_document.hpp"

#include "core/float_chars.hpp"
#include "core/json_text.hpp"

#include <charconv>
#include <cmath>
#include <cstring>

namespace aem::formats::gltf {
namespace {

const char* type_name(int components) {
  switch (components) {
    case 1:
      return "SCALAR";
    case 2:
      return "VEC2";
    case 3:
      return "VEC3";
    case 4:
      return "VEC4";
    default:
      return "MAT4";
  }
}

void pad(std::vector<std::byte>& bytes, std::byte fill) {
  while (bytes.size() % 4) bytes.push_back(fill);
}

void put_u32(std::vector<std::byte>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::byte>(v >> (8 * i)));
}

void append_integer(std::string& out, long long v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

/// Appends `[e0,e1,...]`, each element written by append_one(out, element).
template <typename T, typename AppendOne>
void append_array(std::string& out, std::span<const T> values, AppendOne append_one) {
  out += '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    append_one(out, values[i]);
  }
  out += ']';
}

}  // namespace

void JsonObject::key(std::string_view key) {
  if (!text_.empty()) text_ += ',';
  detail::append_json_quoted(text_, key);
  text_ += ':';
}

JsonObject& JsonObject::raw(std::string_view key, std::string_view json) {
  this->key(key);
  text_ += json;
  return *this;
}

JsonObject& JsonObject::str(std::string_view key, std::string_view value) {
  this->key(key);
  detail::append_json_quoted(text_, value);
  return *this;
}

JsonObject& JsonObject::num(std::string_view key, double value) {
  this->key(key);
  const double r = std::round(value);
  if (r == value && std::fabs(value) < 9e15)
    append_integer(text_, static_cast<long long>(r));
  else
    append_json_float(text_, static_cast<float>(value));
  return *this;
}

JsonObject& JsonObject::floats(std::string_view key, std::span<const float> values) {
  this->key(key);
  append_array(text_, values, append_json_float);
  return *this;
}

JsonObject& JsonObject::ints(std::string_view key, std::span<const std::uint32_t> values) {
  this->key(key);
  append_array(text_, values, [](std::string& out, std::uint32_t v) { append_integer(out, v); });
  return *this;
}

void append_json_float(std::string& out, float v) {
  if (!std::isfinite(v)) v = 0.0f;
  char buf[32];
  auto res = detail::float_chars(buf, buf + sizeof buf, v);
  out.append(buf, res.ptr);
}

std::string json_float(float v) {
  std::string out;
  append_json_float(out, v);
  return out;
}

std::string json_array(const std::vector<std::string>& elements) {
  std::size_t size = 2 + elements.size();
  for (const auto& e : elements) size += e.size();
  std::string out;
  out.reserve(size);
  append_array(out, std::span(elements), [](std::string& text, const std::string& e) { text += e; });
  return out;
}

void Document::warn(std::string code, std::string path, std::string message) {
  warnings.push_back(
      Warning{.code = std::move(code), .format = "glTF", .path = std::move(path), .message = std::move(message)});
}

std::uint32_t Document::view(std::span<const std::byte> bytes, ViewTarget target) {
  pad(bin, std::byte{0});
  JsonObject v;
  v.num("buffer", 0)
      .num("byteOffset", static_cast<double>(bin.size()))
      .num("byteLength", static_cast<double>(bytes.size()));
  if (target != kNoTarget) v.num("target", target);
  bin.insert(bin.end(), bytes.begin(), bytes.end());
  buffer_views.push_back(v.text());
  return static_cast<std::uint32_t>(buffer_views.size() - 1);
}

std::uint32_t Document::float_accessor(std::span<const float> values, int components, bool bounds, ViewTarget target) {
  const std::size_t count = values.size() / components;
  JsonObject a;
  a.num("bufferView", view(std::as_bytes(values), target))
      .num("componentType", kFloat)
      .num("count", static_cast<double>(count));
  a.str("type", type_name(components));
  if (bounds && count > 0) {
    std::vector<float> lo(values.begin(), values.begin() + components), hi = lo;
    for (std::size_t i = 0; i < values.size(); ++i) {
      lo[i % components] = std::min(lo[i % components], values[i]);
      hi[i % components] = std::max(hi[i % components], values[i]);
    }
    a.floats("min", lo).floats("max", hi);
  }
  accessors.push_back(a.text());
  return static_cast<std::uint32_t>(accessors.size() - 1);
}

std::uint32_t Document::uint_accessor(std::span<const std::uint32_t> values, int components, ComponentType type,
                                      ViewTarget target) {
  std::vector<std::byte> bytes;
  const int size = type == kByte ? 1 : type == kShort ? 2 : 4;
  // Vertex attributes keep every element 4-byte aligned (u8 VEC4 and u16 VEC4 already are).
  bytes.reserve(values.size() * size);
  for (auto v : values)
    for (int i = 0; i < size; ++i) bytes.push_back(static_cast<std::byte>(v >> (8 * i)));
  JsonObject a;
  a.num("bufferView", view(bytes, target))
      .num("componentType", type)
      .num("count", static_cast<double>(values.size() / components));
  a.str("type", type_name(components));
  accessors.push_back(a.text());
  return static_cast<std::uint32_t>(accessors.size() - 1);
}

std::string Document::json(std::string_view buffer_uri) const {
  JsonObject root;
  root.raw("asset", JsonObject().str("version", "2.0").str("generator", "aem").text());
  if (!extensions_used.empty()) {
    std::vector<std::string> names;
    for (const auto& e : extensions_used) names.push_back(detail::json_quote(e));
    root.raw("extensionsUsed", json_array(names));
  }
  root.num("scene", 0);
  root.raw("scenes", "[" + JsonObject().raw("nodes", json_array(scene_roots)).text() + "]");
  auto add = [&](std::string_view key, const std::vector<std::string>& items) {
    if (!items.empty()) root.raw(key, json_array(items));
  };
  add("nodes", nodes);
  add("meshes", meshes);
  add("skins", skins);
  add("cameras", cameras);
  add("materials", materials);
  add("textures", textures);
  add("images", images);
  add("samplers", samplers);
  add("animations", animations);
  add("accessors", accessors);
  add("bufferViews", buffer_views);
  if (!bin.empty()) {
    JsonObject buffer;
    buffer.num("byteLength", static_cast<double>(bin.size()));
    if (!buffer_uri.empty()) buffer.str("uri", buffer_uri);
    root.raw("buffers", "[" + buffer.text() + "]");
  }
  if (!lights.empty())
    root.raw("extensions",
             JsonObject().raw("KHR_lights_punctual", JsonObject().raw("lights", json_array(lights)).text()).text());
  return root.text();
}

std::string data_uri(std::string_view mime, std::span<const std::byte> bytes) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out = "data:" + std::string(mime) + ";base64,";
  out.reserve(out.size() + (bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    std::uint32_t n = std::to_integer<std::uint32_t>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) n |= std::to_integer<std::uint32_t>(bytes[i + 1]) << 8;
    if (i + 2 < bytes.size()) n |= std::to_integer<std::uint32_t>(bytes[i + 2]);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kAlphabet[n & 63] : '=';
  }
  return out;
}

std::string uri_escape(std::string_view name) {
  std::string out;
  for (unsigned char c : name) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

std::vector<std::byte> glb(const std::string& json, std::vector<std::byte> bin) {
  const std::size_t json_size = (json.size() + 3) / 4 * 4;
  pad(bin, std::byte{0});
  const std::size_t total = 12 + 8 + json_size + (bin.empty() ? 0 : 8 + bin.size());
  std::vector<std::byte> front;
  front.reserve(12 + 8 + json_size + 8);
  const char magic[4] = {'g', 'l', 'T', 'F'};
  for (char c : magic) front.push_back(static_cast<std::byte>(c));
  put_u32(front, 2);
  put_u32(front, static_cast<std::uint32_t>(total));
  put_u32(front, static_cast<std::uint32_t>(json_size));
  put_u32(front, 0x4E4F534A);  // "JSON"
  const auto* text = reinterpret_cast<const std::byte*>(json.data());
  front.insert(front.end(), text, text + json.size());
  pad(front, std::byte{' '});  // 20 bytes precede the JSON: this pads the chunk itself to 4
  if (bin.empty()) return front;
  put_u32(front, static_cast<std::uint32_t>(bin.size()));
  put_u32(front, 0x004E4942);  // "BIN\0"
  if (bin.capacity() - bin.size() >= front.size()) {
    bin.insert(bin.begin(), front.begin(), front.end());
    return bin;
  }
  // No room: one exact allocation (inserting would grow `bin` to twice its size).
  front.reserve(front.size() + bin.size());
  front.insert(front.end(), bin.begin(), bin.end());
  return front;
}

}  // namespace aem::formats::gltf
