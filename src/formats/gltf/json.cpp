// Json/JsonDocument over rapidjson's DOM (see json.hpp).
#include "formats/gltf/json.hpp"

#include <rapidjson/document.h>

#include <algorithm>
#include <rapidjson/error/en.h>

namespace aem::formats::gltf {
namespace {

const rapidjson::Value* as_value(const void* p) { return static_cast<const rapidjson::Value*>(p); }

/// Where the first object or array (outside strings) nested deeper than `limit` opens, if one does.
std::optional<std::size_t> too_deep_at(std::string_view text, int limit) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > limit) return i;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return std::nullopt;
}

}  // namespace

struct JsonDocument::Impl {
  rapidjson::Document doc;
};

JsonDocument::JsonDocument() : impl_(std::make_unique<Impl>()) {}
JsonDocument::JsonDocument(JsonDocument&&) noexcept = default;
JsonDocument& JsonDocument::operator=(JsonDocument&&) noexcept = default;
JsonDocument::~JsonDocument() = default;

std::variant<JsonDocument, JsonDocument::ParseFailure> JsonDocument::parse(std::string_view text, int max_depth) {
  if (const auto at = too_deep_at(text, max_depth))
    return ParseFailure{*at, "JSON nested deeper than " + std::to_string(max_depth) + " levels"};
  JsonDocument d;
  d.impl_->doc.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseStopWhenDoneFlag>(text.data(), text.size());
  if (d.impl_->doc.HasParseError())
    return ParseFailure{d.impl_->doc.GetErrorOffset(), rapidjson::GetParseError_En(d.impl_->doc.GetParseError())};
  return d;
}

Json JsonDocument::root() const { return Json(&impl_->doc, ""); }

bool Json::is_object() const { return value_ && as_value(value_)->IsObject(); }
bool Json::is_array() const { return value_ && as_value(value_)->IsArray(); }
bool Json::is_number() const { return value_ && as_value(value_)->IsNumber(); }
bool Json::is_string() const { return value_ && as_value(value_)->IsString(); }
bool Json::is_bool() const { return value_ && as_value(value_)->IsBool(); }

std::size_t Json::size() const { return is_array() ? as_value(value_)->Size() : 0; }

Json Json::operator[](std::size_t i) const {
  if (i >= size()) return {};
  return Json(&(*as_value(value_))[static_cast<rapidjson::SizeType>(i)], path_ + "[" + std::to_string(i) + "]");
}

Json Json::operator[](std::string_view key) const {
  if (!is_object()) return {};
  const auto& object = *as_value(value_);
  const auto it = object.FindMember(rapidjson::Value(rapidjson::StringRef(key.data(), key.size())));
  if (it == object.MemberEnd()) return {};
  return Json(&it->value, path_.empty() ? std::string(key) : path_ + "." + std::string(key));
}

std::vector<std::pair<std::string, Json>> Json::members() const {
  std::vector<std::pair<std::string, Json>> out;
  if (!is_object()) return out;
  for (const auto& m : as_value(value_)->GetObject()) {
    std::string key(m.name.GetString(), m.name.GetStringLength());
    out.emplace_back(key, Json(&m.value, path_.empty() ? key : path_ + "." + key));
  }
  return out;
}

double Json::number() const { return is_number() ? as_value(value_)->GetDouble() : 0.0; }

std::string_view Json::string() const {
  return is_string() ? std::string_view(as_value(value_)->GetString(), as_value(value_)->GetStringLength())
                     : std::string_view();
}

bool Json::boolean() const { return is_bool() && as_value(value_)->GetBool(); }

}  // namespace aem::formats::gltf
