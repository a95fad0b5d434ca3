// The library's version: project(VERSION) in the top CMakeLists.txt.
#pragma once

#include <string_view>

namespace aem {

/// "MAJOR.MINOR.PATCH" of this build of the library.
std::string_view version();

}  // namespace aem
