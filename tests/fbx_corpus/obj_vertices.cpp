#include "fbx_corpus/obj_vertices.hpp"

#include <charconv>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace aem::fbx_corpus {
namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/// The next number of `line` from `at` on, moving `at` past it; false when there is none.
bool next_number(std::string_view line, std::size_t& at, float& value) {
  while (at < line.size() && blank(line[at])) ++at;
  if (at < line.size() && line[at] == '+') ++at;  // from_chars takes no leading plus
  const auto [end, ec] = std::from_chars(line.data() + at, line.data() + line.size(), value);
  if (ec != std::errc{}) return false;
  at = static_cast<std::size_t>(end - line.data());
  return true;
}

}  // namespace

std::vector<Vec3> obj_vertices(std::string_view text) {
  std::vector<Vec3> out;
  std::size_t line_number = 0;
  for (std::size_t begin = 0; begin < text.size();) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(begin, end - begin);
    begin = end + 1;
    ++line_number;
    if (line.size() < 2 || line[0] != 'v' || !blank(line[1])) continue;
    std::size_t at = 1;
    Vec3 p;
    if (!next_number(line, at, p.x) || !next_number(line, at, p.y) || !next_number(line, at, p.z))
      throw std::runtime_error("line " + std::to_string(line_number) + ": a vertex needs three numbers");
    out.push_back(p);
  }
  return out;
}

std::vector<Vec3> read_obj_vertices(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return obj_vertices(text.str());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

}  // namespace aem::fbx_corpus
