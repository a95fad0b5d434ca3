// Parser for the reference dumps beside the corpus AEM files (printed by the reference libaem and
// the 2022 viewer): header counts, meshes, materials, bones and evaluated bone matrices.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace aem::test {

struct DumpEval {
  int animation = 0;
  float frac = 0;  ///< fraction of the duration; recompute t = frac * duration (t is printed with 6 digits)
  float time = 0;
  std::vector<std::array<float, 16>> bones;  ///< one matrix per bone, column-major
};

struct AemDump {
  std::map<std::string, std::uint64_t> header;  ///< "vertex_count" -> 24, ...
  struct Mesh {
    std::uint32_t first_index, index_count, material_index;
  };
  struct Material {
    std::int32_t base_color, normal, orm;
  };
  struct Bone {
    std::int32_t parent;
    std::array<float, 16> inverse_bind;
  };
  struct Animation {
    std::string name;
    float duration;
    std::uint32_t sequence_index;
  };
  std::vector<std::string> textures;
  std::vector<Mesh> meshes;
  std::vector<Material> materials;
  std::vector<Bone> bones;
  std::vector<Animation> animations;
  std::vector<float> keyframe_times;  ///< legacy dumps: "keyframe i time=t"
  std::vector<DumpEval> evals;
  std::array<float, 3> bbox_min{}, bbox_max{};
};

/// Parses a dump file; throws std::runtime_error on a line it does not understand.
AemDump parse_aem_dump(const std::filesystem::path& path);

/// |a - b| <= abs_tol + rel_tol * |b|
bool close_enough(float a, float b, float abs_tol = 1e-5f, float rel_tol = 1e-5f);

}  // namespace aem::test
