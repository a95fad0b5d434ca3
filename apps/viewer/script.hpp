// Scripted input for aem-viewer (--script FILE): synthetic key presses and clicks, waits and state
// dumps, so that tests drive the real window loop as a user would.
#pragma once

#include <string>
#include <vector>

#include "aem/error.hpp"

namespace aem::viewer {

/// One line of a script. Kinds and arguments:
///   wait N            draw N frames
///   key NAME [ctrl]   press and release a key (NAME: a letter, digit, SPACE, LEFT, RIGHT, HOME, END,
///                     EQUAL, MINUS, F1..F12); with "ctrl", Ctrl held
///   click X Y         left click at window coordinates (X, Y)
///   scroll X Y N      N wheel notches (negative: towards you) with the cursor at (X, Y)
///   print             write the viewer's state as one "state ..." line to stdout
///   command           write the "copy aem render command" text as one "command ..." line
///   ready             write "ready" (the test may now change files)
///   wait-reload N     draw frames until the file was reloaded (or failed to), at most N seconds
///   screenshot PATH   save the window as a PNG
///   quit              close the viewer
struct ScriptStep {
  std::string kind;
  std::vector<std::string> args;
};

/// Parses a script (one step a line; blank lines and lines starting with # are skipped). Unknown
/// steps and wrong argument counts are errors naming the line.
Result<std::vector<ScriptStep>> parse_script(const std::string& text, const std::string& file_name);

/// The GLFW key code for a script key name, or -1.
int script_key_code(const std::string& name);

}  // namespace aem::viewer
