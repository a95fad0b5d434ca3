#include "commands/animation_choice.hpp"

#include <fmt/core.h>

#include <charconv>

#include "commands/commands.hpp"

namespace aem::cli {

std::optional<std::int32_t> find_animation(const std::string& spec, const std::vector<std::string>& names) {
  std::int32_t index = 0;
  auto [end, ec] = std::from_chars(spec.data(), spec.data() + spec.size(), index);
  if (ec == std::errc() && end == spec.data() + spec.size()) {
    if (index < 0 || static_cast<std::size_t>(index) < names.size()) return index;
    return std::nullopt;
  }
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == spec) return static_cast<std::int32_t>(i);
  return std::nullopt;
}

int fail_animation(const std::string& file, const std::string& spec, const std::vector<std::string>& names) {
  if (names.empty()) {
    fmt::print(stderr, "error: {} has no animations (--anim -1 gives the bind pose)\n", file);
    return kExitInvalid;
  }
  fmt::print(stderr, "error: no animation \"{}\" (the file has {})\n", spec, names.size());
  for (std::size_t i = 0; i < names.size(); ++i) fmt::print(stderr, "  {}: {}\n", i, names[i]);
  return kExitUsage;
}

}  // namespace aem::cli
