#include "support/blender.hpp"

#include "support/corpus.hpp"
#include "support/source_tree.hpp"

namespace aem::test {
namespace {

std::string quoted(const std::filesystem::path& p) {
  std::string out = "'";
  for (char c : p.string()) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

bool blender_available() { return run_shell("command -v blender >/dev/null 2>&1") == 0; }

std::string blender_export(const std::filesystem::path& source, const std::vector<std::filesystem::path>& outputs) {
  return blender_export(std::vector<BlenderExport>{{source, outputs}});
}

std::string blender_export(const std::vector<BlenderExport>& exports) {
  // Blender may write user settings under HOME: a fresh folder keeps the user's own out of it.
  // -noaudio: no sound server, whose client left a pulse-* folder in /tmp per run.
  const auto home = temp_dir("blender-home");
  std::string command = "HOME=" + quoted(home) +
                        " timeout 600 blender -b --factory-startup -noaudio --python-exit-code 1 --python " +
                        quoted(source_root() / "tests/support/blender_export.py") + " --";
  for (std::size_t i = 0; i < exports.size(); ++i) {
    command += (i > 0 ? " + " : " ") + quoted(exports[i].source);  // "+" starts the next source's group
    for (const auto& out : exports[i].outputs) command += " " + quoted(out);
  }
  std::string log;
  if (run_shell(command + " 2>&1", &log) != 0) return "Blender failed:\n" + log;
  for (const auto& e : exports)
    for (const auto& out : e.outputs)
      if (!std::filesystem::is_regular_file(out)) return "Blender wrote no " + out.string() + ":\n" + log;
  return {};
}

}  // namespace aem::test
