// Picking an animation by the name or number a user typed (--anim), shared by pose and render.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aem::cli {

/// Index of the animation named or numbered `spec` among `names`; a negative number is kept (bind
/// pose). nullopt when there is no such animation.
std::optional<std::int32_t> find_animation(const std::string& spec, const std::vector<std::string>& names);

/// Prints that `spec` names no animation and lists the ones there are; returns kExitUsage (a wrong
/// --anim), or kExitInvalid when `file` has no animation at all (the file cannot do what was asked).
int fail_animation(const std::string& file, const std::string& spec, const std::vector<std::string>& names);

}  // namespace aem::cli
