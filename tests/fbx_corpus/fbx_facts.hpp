// What the corpus check needs to know of an .fbx beyond our conversion of it, asked of ufbx with its
// default options (as ufbx's own tests load it): the declared axes and unit, and its takes.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "fbx_corpus/reference_space.hpp"

namespace aem::fbx_corpus {

/// An animation stack (take): its name without the "AnimStack::" prefix, its start in seconds, and
/// whether any of its curves has a key (a take without keys poses as the file's stored pose).
struct Take {
  std::string name;
  double start = 0.0;
  bool has_keys = true;
};

struct FbxFacts {
  FileSpace space;
  std::vector<Take> takes;  ///< in ufbx's order; the first is what ufbx evaluates for "no animation named"
  /// Meshes ufbx's diff subdivides before comparing (display mode smooth): the reference holds the
  /// subdivided surface.
  std::size_t subdivided_meshes = 0;
};

/// Reads the facts of `path`; throws std::runtime_error with ufbx's description when it cannot load it.
FbxFacts read_fbx_facts(const std::filesystem::path& path);

/// The take ufbx's tests evaluate for `animation`: the first whose name contains it, else the first
/// take (ufbx's default); -1 when the file has none.
int take_for(const FbxFacts& facts, const std::string* animation);

}  // namespace aem::fbx_corpus
