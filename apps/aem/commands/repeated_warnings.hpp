// Warnings as a person reads them: a model with fifty meshes lacking the same array gives one line
// naming a few of them, not fifty lines that differ only in the mesh. The library keeps every warning
// (its callers and `--json` get them all); the tool's text output folds the repeats.
#pragma once

#include <span>
#include <vector>

#include "aem/error.hpp"

namespace aem::cli {

/// `warnings` in their order, each run of the same fact told once: warnings equal in everything but
/// `path` become the first of them, whose path lists the distinct paths (the first `names_shown`,
/// then "and N more"). Exact repeats are dropped.
std::vector<Diagnostic> fold_repeated_warnings(std::span<const Diagnostic> warnings, std::size_t names_shown = 3);

}  // namespace aem::cli
