// Current-layout AEM files read through the memory-mapped runtime view, for the checks that need no
// scene (validate_file, aem info): memory stays at the file's size, or far below it when only validating.
#pragma once

#include <string>

#include "aem/aem_view.hpp"

namespace aem {

/// Maps and validates `file` as a current-layout AEM file (`source`: Map, or MapAndRelease for a
/// caller that only validates). Its warnings are those read_scene gives before building a scene
/// (layout, then validation), each naming the file. Legacy files fail with AEM_LEGACY_LAYOUT, sizes
/// that fit neither layout with AEM_SIZE_MISMATCH.
Result<AemModel> map_current_aem(const std::string& file, AemModel::Source source = AemModel::Source::Map);

}  // namespace aem
