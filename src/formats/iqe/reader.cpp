// IQE text -> scene: parse, generate normals from the smoothing commands when there is no `vn`, build.
#include <cstring>

#include "formats/iqe/iqe_format.hpp"
#include "formats/iqe/normals.hpp"
#include "formats/iqe/parser.hpp"
#include "formats/iqe/scene_builder.hpp"

namespace aem::formats {

Conventions iqe_conventions() { return Conventions{UpAxis::Z, true, false, false, 1.0f}; }

bool iqe_sniff(std::span<const std::byte> head) {
  constexpr std::string_view h = "# Inter-Quake Export";
  return head.size() >= h.size() && std::memcmp(head.data(), h.data(), h.size()) == 0;
}

Result<Scene> iqe_read(const ReadInput& input) {
  const std::string_view text(reinterpret_cast<const char*>(input.bytes.data()), input.bytes.size());
  iqe::Document doc = iqe::parse(text, input.options.threads);
  const bool generate = doc.normals.empty() && !doc.corners.empty() && input.options.generate_normals;
  std::vector<Vec3> normals = generate ? iqe::generate_normals(doc) : std::move(doc.normals);
  Result<Scene> result = iqe::build_scene(doc, normals, "IQE");
  result->conventions = iqe_conventions();
  if (generate) result->source_notes.push_back({"normals", "generated from smoothing"});
  return result;
}

}  // namespace aem::formats
