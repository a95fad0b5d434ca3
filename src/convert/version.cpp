#include "aem/version.hpp"

namespace aem {

std::string_view version() { return AEM_VERSION; }

}  // namespace aem
