// AEM vertices posed by the runtime animator the way the reference viewer poses them, for tests that
// compare a converted AEM with its source.
#pragma once

#include <vector>

#include "aem/aem_view.hpp"
#include "aem/math.hpp"

namespace aem::test {

/// Every vertex of `view` posed by animation `anim` at `t` seconds: the extra bone first, then the
/// weighted skin over the four bone slots (weights as stored).
std::vector<Vec3> aem_posed(const AemView& view, std::int32_t anim, float t);

}  // namespace aem::test
