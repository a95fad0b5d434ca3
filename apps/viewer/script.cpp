#include "script.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <map>
#include <sstream>

namespace aem::viewer {

Result<std::vector<ScriptStep>> parse_script(const std::string& text, const std::string& file_name) {
  // Step kind -> (fewest, most) arguments.
  static const std::map<std::string, std::pair<std::size_t, std::size_t>> kArity = {
      {"wait", {1, 1}},    {"key", {1, 2}},   {"click", {2, 2}},       {"scroll", {3, 3}},     {"print", {0, 0}},
      {"command", {0, 0}}, {"ready", {0, 0}}, {"wait-reload", {1, 1}}, {"screenshot", {1, 1}}, {"quit", {0, 0}}};
  std::vector<ScriptStep> steps;
  std::istringstream lines(text);
  std::string line;
  for (std::uint32_t number = 1; std::getline(lines, line); ++number) {
    std::istringstream words(line);
    ScriptStep step;
    if (!(words >> step.kind) || step.kind[0] == '#') continue;
    for (std::string w; words >> w;) step.args.push_back(w);
    const auto arity = kArity.find(step.kind);
    const bool bad_key =
        step.kind == "key" && (script_key_code(step.args[0]) < 0 || (step.args.size() == 2 && step.args[1] != "ctrl"));
    if (arity == kArity.end() || step.args.size() < arity->second.first || step.args.size() > arity->second.second ||
        bad_key) {
      return Error{.code = "VIEWER_BAD_SCRIPT",
                   .format = "viewer script",
                   .file = file_name,
                   .line = number,
                   .message = "cannot run \"" + line + "\" (see aem-viewer --help for the steps)"};
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

int script_key_code(const std::string& name) {
  static const std::map<std::string, int> kNamed = {
      {"SPACE", GLFW_KEY_SPACE}, {"LEFT", GLFW_KEY_LEFT},    {"RIGHT", GLFW_KEY_RIGHT}, {"UP", GLFW_KEY_UP},
      {"DOWN", GLFW_KEY_DOWN},   {"HOME", GLFW_KEY_HOME},    {"END", GLFW_KEY_END},     {"EQUAL", GLFW_KEY_EQUAL},
      {"MINUS", GLFW_KEY_MINUS}, {"ESCAPE", GLFW_KEY_ESCAPE}};
  if (name.size() == 1 && ((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= '0' && name[0] <= '9')))
    return name[0];  // GLFW uses ASCII
  if (name.size() >= 2 && name[0] == 'F' && name.find_first_not_of("0123456789", 1) == std::string::npos) {
    const int n = std::stoi(name.substr(1));
    if (n >= 1 && n <= 12) return GLFW_KEY_F1 + n - 1;
  }
  const auto it = kNamed.find(name);
  return it == kNamed.end() ? -1 : it->second;
}

}  // namespace aem::viewer
