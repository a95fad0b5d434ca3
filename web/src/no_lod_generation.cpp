// The browser build has no meshoptimizer: a CEM written there keeps only the LODs the scene has.
#include "formats/cem/lod_generation.hpp"

namespace aem::formats {

void generate_lods(Scene&, int count, std::vector<Warning>& warnings) {
  warnings.push_back(
      Warning{.code = "CEM_LODS_UNAVAILABLE",
              .format = "CEM",
              .message = std::to_string(count) + " LODs requested, but this build has no simplifier (browser build)"});
}

}  // namespace aem::formats
