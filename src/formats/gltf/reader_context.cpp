// Checked getters of the reader context (see reader_context.hpp).
#include "formats/gltf/reader_context.hpp"

#include <cmath>

#include "core/parse_error.hpp"

namespace aem::formats::gltf {

void Context::fail(std::string_view code, const std::string& path, std::string message,
                   std::optional<std::uint64_t> offset) const {
  throw detail::ParseError(Error{
      .code = std::string(code), .format = "glTF", .offset = offset, .path = path, .message = std::move(message)});
}

void Context::warn(std::string_view code, const std::string& path, std::string message) {
  warnings.push_back(Warning{.code = std::string(code), .format = "glTF", .path = path, .message = std::move(message)});
}

void Context::spend(std::uint64_t bytes, const std::string& path) {
  if (bytes > budget)
    fail("GLTF_TOO_LARGE", path, "needs " + std::to_string(bytes) + " bytes, more than the read's limit allows");
  budget -= bytes;
}

void Context::done_with(std::span<const std::byte> bytes) const {
  const auto at = [](const std::byte* p) { return reinterpret_cast<std::uintptr_t>(p); };
  const auto whole = input.bytes;
  if (input.release && at(bytes.data()) >= at(whole.data()) &&
      at(bytes.data() + bytes.size()) <= at(whole.data() + whole.size()))
    input.release(bytes);
}

Json Context::array(const Json& parent, std::string_view key) const {
  Json a = parent[key];
  if (a.exists() && !a.is_array()) fail("GLTF_BAD_VALUE", a.path(), "must be an array");
  return a;
}

std::uint64_t Context::uint(const Json& value, std::uint64_t fallback, std::uint64_t max) const {
  if (!value.exists()) return fallback;
  const double d = value.number();
  if (!value.is_number() || d < 0 || d != std::floor(d) || d > static_cast<double>(max))
    fail("GLTF_BAD_VALUE", value.path(), "must be an integer from 0 to " + std::to_string(max));
  return static_cast<std::uint64_t>(d);
}

std::uint32_t Context::index(const Json& value, std::string_view target) const {
  if (!value.exists()) fail("GLTF_MISSING", value.path(), "required index into " + std::string(target) + " is missing");
  const std::size_t n = count(target);
  const double d = value.number();
  if (!value.is_number() || d < 0 || d != std::floor(d) || d >= static_cast<double>(n))
    fail("GLTF_INDEX_OUT_OF_RANGE", value.path(),
         "index must name one of the " + std::to_string(n) + " " + std::string(target));
  return static_cast<std::uint32_t>(d);
}

std::optional<std::uint32_t> Context::optional_index(const Json& value, std::string_view target) const {
  if (!value.exists()) return std::nullopt;
  return index(value, target);
}

float Context::number(const Json& value, float fallback) const {
  if (!value.exists()) return fallback;
  const double d = value.number();
  if (!value.is_number() || !std::isfinite(static_cast<float>(d)))
    fail("GLTF_BAD_VALUE", value.path(), "must be a finite number");
  return static_cast<float>(d);
}

std::vector<float> Context::numbers(const Json& value, std::size_t n, std::vector<float> fallback) const {
  if (!value.exists()) return fallback;
  if (value.size() != n) fail("GLTF_BAD_VALUE", value.path(), "must be an array of " + std::to_string(n) + " numbers");
  std::vector<float> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = number(value[i], 0.0f);
  return out;
}

std::string Context::string(const Json& value) const {
  if (value.exists() && !value.is_string()) fail("GLTF_BAD_VALUE", value.path(), "must be a string");
  return std::string(value.string());
}

}  // namespace aem::formats::gltf
