// The checker's input: one reference frame per line, tab-separated (scripts/fbx_corpus.py writes it):
//   id  fbx  glb  obj  animation  time  scale  rotation  load_axes  load_unit
// animation: "-" for the file's default take, else a part of the take's name (ufbx's test argument);
// time: "-" for the stored pose, else seconds on the file's time line; rotation: w,x,y,z;
// load_axes: "-" or right_handed_y_up and the like; load_unit: "-" or metres. Lines starting with # are
// comments.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "fbx_corpus/reference_space.hpp"

namespace aem::fbx_corpus {

struct FrameCase {
  std::string id;
  std::filesystem::path fbx, glb, obj;
  std::optional<std::string> animation;
  std::optional<double> time;  ///< none: the stored pose
  ObjPlacement placement;
};

/// One manifest line; none for comments and blank lines. Throws std::runtime_error saying what is wrong.
std::optional<FrameCase> parse_manifest_line(std::string_view line);

}  // namespace aem::fbx_corpus
