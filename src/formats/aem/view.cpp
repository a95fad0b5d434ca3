// One-pass validation of current-layout AEM files (docs/formats/aem.md §1, §3, §10).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <optional>
#include <string>

#include "aem/aem_view.hpp"
#include "aem/legacy.hpp"
#include "formats/aem/oddity_counter.hpp"
#include "formats/aem/section_scan.hpp"
#include "core/bit_cast.hpp"
#include "core/lane_vectors.hpp"

namespace aem {
namespace {

using detail::indexed;
using detail::OddityCounter;

constexpr const char* kFormat = "AEM";

Error aem_error(const char* code, std::uint64_t offset, std::string path, std::string message) {
  return Error{
      .code = code, .format = kFormat, .offset = offset, .path = std::move(path), .message = std::move(message)};
}

using aem_file::records_size;

/// Float words of a vertex, as a mask over its 23 words (the bone index words are integers).
constexpr std::size_t kVertexWords = sizeof(aem_file::Vertex) / 4;
constexpr std::uint32_t kVertexFloatMask = 0x3FFFu | (0xFu << 18);  // words 0-13 and 18-21
static_assert(kVertexWords == 23 && offsetof(aem_file::Vertex, bone_indices) == 14 * 4 &&
              offsetof(aem_file::Vertex, extra_bone) == 22 * 4);

inline bool finite_bits(std::uint32_t w) { return (w & 0x7F800000u) != 0x7F800000u; }

bool all_finite(const float* f, std::size_t n) {
  std::uint32_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) bad |= !finite_bits(detail::bit_cast<std::uint32_t>(f[i]));
  return bad == 0;
}

// A bone index must be -1 (none) or a real bone: (idx + 1) as unsigned <= bone_count.
inline bool bone_index_ok(std::int32_t idx, std::uint32_t bone_count) {
  return static_cast<std::uint32_t>(idx) + 1u <= bone_count;
}

/// The first bad vertex with its exact error, when the vertex scan found one.
std::optional<Error> first_vertex_error(std::span<const aem_file::Vertex> verts, std::uint32_t bone_count,
                                        std::uint64_t offset) {
  for (std::size_t i = 0; i < verts.size(); ++i) {
    const aem_file::Vertex& vx = verts[i];
    std::uint32_t words[kVertexWords];
    std::memcpy(words, &vx, sizeof(words));
    const std::uint64_t at = offset + records_size<aem_file::Vertex>(i);
    for (std::size_t k = 0; k < kVertexWords; ++k)
      if ((kVertexFloatMask >> k) & 1 && !finite_bits(words[k]))
        return aem_error("AEM_NOT_FINITE", at, indexed("vertices", i), "vertex holds NaN or infinity");
    for (int k = 0; k < 4; ++k)
      if (!bone_index_ok(vx.bone_indices[k], bone_count))
        return aem_error("AEM_BONE_INDEX_OUT_OF_RANGE", at + offsetof(aem_file::Vertex, bone_indices) + 4 * k,
                         indexed("vertices", i) + ".bone_indices[" + std::to_string(k) + "]",
                         "bone index " + std::to_string(vx.bone_indices[k]) + " but the file has " +
                             std::to_string(bone_count) + " bones");
    if (!bone_index_ok(vx.extra_bone, bone_count))
      return aem_error("AEM_BONE_INDEX_OUT_OF_RANGE", at + offsetof(aem_file::Vertex, extra_bone),
                       indexed("vertices", i) + ".extra_bone",
                       "extra bone index " + std::to_string(vx.extra_bone) + " but the file has " +
                           std::to_string(bone_count) + " bones");
  }
  return std::nullopt;
}

}  // namespace

std::string_view AemView::texture_name(std::uint32_t i) const {
  const char* p = texture_names()[i].name;
  return {p, strnlen(p, aem_file::kStringSize)};
}

std::string_view AemView::animation_name(std::uint32_t i) const {
  const char* p = animations()[i].name;
  return {p, strnlen(p, aem_file::kStringSize)};
}

Result<AemView> AemView::validate(std::span<const std::byte> bytes) { return validate(bytes, nullptr); }

Result<AemView> AemView::validate(std::span<const std::byte> bytes, const detail::SectionScan* scanned) {
  using namespace aem_file;
  if (bytes.size() < 4)
    return aem_error("AEM_TOO_SMALL", 0, "header",
                     "file has " + std::to_string(bytes.size()) + " bytes, an AEM file starts with a 40-byte header");
  if (std::memcmp(bytes.data(), "AEM", 3) != 0)
    return aem_error("AEM_BAD_MAGIC", 0, "header.magic", "magic is not \"AEM\"");
  if (std::to_integer<std::uint8_t>(bytes[3]) != kVersion)
    return aem_error("AEM_BAD_VERSION", 3, "header.version",
                     "version " + std::to_string(std::to_integer<int>(bytes[3])) + " is not supported (only 1)");
  if (bytes.size() < kHeaderSize)
    return aem_error("AEM_TOO_SMALL", bytes.size(), "header", "file ends inside the 40-byte header");
  if (reinterpret_cast<std::uintptr_t>(bytes.data()) % 4 != 0)
    return aem_error("AEM_MISALIGNED", 0, "", "bytes must be 4-byte aligned for a zero-copy view");

  AemView v;
  v.bytes_ = bytes;
  std::memcpy(&v.counts_, bytes.data() + 4, sizeof(Counts));
  const Counts& c = v.counts_;
  const std::uint64_t expected = file_size(c);
  if (expected != bytes.size()) {
    auto layout = detect_aem_layout(bytes);
    if (layout && layout.value() == AemLayout::Legacy)
      return aem_error("AEM_LEGACY_LAYOUT", 0, "header",
                       "this is a legacy (2022) layout file; the runtime view reads the current layout only "
                       "(use LegacyView / LegacyAnimator, or read_scene, which reads both)");
    return aem_error(
        "AEM_SIZE_MISMATCH", expected < bytes.size() ? expected : bytes.size(), "header",
        "the header's counts imply " + std::to_string(expected) + " bytes but the file has " +
            std::to_string(bytes.size()) +
            (expected < bytes.size() ? " (unexplained trailing bytes)" : " (counts larger than the file)"));
  }
  Offsets& o = v.off_;
  o.vertices = kHeaderSize;
  o.indices = o.vertices + records_size<Vertex>(c.vertices);
  o.textures = o.indices + records_size<std::uint32_t>(c.indices);
  o.meshes = o.textures + records_size<TextureName>(c.textures);
  o.materials = o.meshes + records_size<Mesh>(c.meshes);
  o.bones = o.materials + records_size<Material>(c.materials);
  o.animations = o.bones + records_size<Bone>(c.bones);
  o.sequences = o.animations + records_size<Animation>(c.animations);
  o.keyframes = o.sequences + records_size<Sequence>(c.sequences);

  Result<AemView> result(AemView{});
  auto& warnings = result.warnings;

  // Vertices (finite floats, bone indices in range; weights and normals are only warned about) and
  // indices (below the vertex count): one scan, which AemModel::load may have made while reading.
  {
    detail::SectionScan own(c.vertices, c.bones, c.indices, o.vertices);
    const detail::SectionScan* scan = scanned;
    if (!scan || !scan->passed(c.vertices, c.bones, c.indices)) {
      own.advance(bytes);
      scan = &own;
    }
    if (!scan->passed(c.vertices, c.bones, c.indices)) [[unlikely]] {
      if (auto e = first_vertex_error(v.vertices(), c.bones, o.vertices)) return *e;
      const auto idx = v.indices();
      for (std::size_t i = 0; i < idx.size(); ++i)
        if (idx[i] >= c.vertices)
          return aem_error("AEM_INDEX_OUT_OF_RANGE", o.indices + records_size<std::uint32_t>(i), indexed("indices", i),
                           "vertex index " + std::to_string(idx[i]) + " but the file has " +
                               std::to_string(c.vertices) + " vertices");
    }
    scan->weight_sum.report(warnings, "AEM_WEIGHTS_NOT_NORMALIZED",
                            "skinned vertices have bone weights that do not sum to 1");
    scan->normal_len.report(warnings, "AEM_NORMAL_NOT_UNIT", "vertices have normals that are not unit length");
  }

  // Texture names.
  {
    OddityCounter unterminated;
    const auto names = v.texture_names();
    for (std::size_t i = 0; i < names.size(); ++i)
      if (!std::memchr(names[i].name, 0, kStringSize))
        unterminated.hit(o.textures + records_size<TextureName>(i), "textures", i);
    unterminated.report(warnings, "AEM_NAME_NOT_TERMINATED", "texture names fill all 128 bytes with no NUL");
  }

  // Meshes.
  for (std::size_t i = 0; i < c.meshes; ++i) {
    const Mesh& m = v.meshes()[i];
    const std::uint64_t at = o.meshes + records_size<Mesh>(i);
    if (std::uint64_t(m.first_index) + m.index_count > c.indices)
      return aem_error("AEM_MESH_RANGE", at, indexed("meshes", i),
                       "indices " + std::to_string(m.first_index) + ".." +
                           std::to_string(std::uint64_t(m.first_index) + m.index_count) + " run past the " +
                           std::to_string(c.indices) + " indices");
    if (m.material_index >= c.materials)
      return aem_error("AEM_MATERIAL_INDEX_OUT_OF_RANGE", at + offsetof(Mesh, material_index),
                       indexed("meshes", i) + ".material",
                       "material " + std::to_string(m.material_index) + " but the file has " +
                           std::to_string(c.materials) + " materials");
  }

  // Materials.
  {
    OddityCounter uses_255;
    for (std::size_t i = 0; i < c.materials; ++i) {
      const Material& m = v.materials()[i];
      const std::int32_t slots[3] = {m.base_color, m.normal, m.orm};
      static const char* names[3] = {"base_color", "normal", "orm"};
      static constexpr std::size_t fields[3] = {offsetof(Material, base_color), offsetof(Material, normal),
                                                offsetof(Material, orm)};
      for (int k = 0; k < 3; ++k) {
        const std::int32_t t = slots[k];
        if (t >= 0 && static_cast<std::uint32_t>(t) < c.textures) continue;
        if (!is_no_texture(t, c.textures))
          return aem_error(
              "AEM_TEXTURE_INDEX_OUT_OF_RANGE", o.materials + records_size<Material>(i) + fields[k],
              indexed("materials", i) + "." + names[k],
              "texture " + std::to_string(t) + " but the file has " + std::to_string(c.textures) + " textures");
        if (t == 255) uses_255.hit(o.materials + records_size<Material>(i) + fields[k], "materials", i);
      }
    }
    uses_255.report(warnings, "AEM_TEXTURE_255", "material slots use 255 for \"no texture\" (files normally use -1)");
  }

  // Bones: finite matrices, parents in range, no cycles; build the parents-first order.
  {
    const auto bones = v.bones();
    for (std::size_t i = 0; i < bones.size(); ++i) {
      const std::uint64_t at = o.bones + records_size<Bone>(i);
      if (!all_finite(bones[i].inverse_bind, 16))
        return aem_error("AEM_NOT_FINITE", at, indexed("bones", i) + ".inverse_bind", "matrix holds NaN or infinity");
      if (!bone_index_ok(bones[i].parent, c.bones) || bones[i].parent == static_cast<std::int32_t>(i))
        return aem_error("AEM_PARENT_OUT_OF_RANGE", at + offsetof(Bone, parent), indexed("bones", i) + ".parent",
                         "parent " + std::to_string(bones[i].parent) + " is not -1 or another of the " +
                             std::to_string(c.bones) + " bones");
    }
    // Depth-first resolution with an explicit stack: state 0 = unvisited, 1 = on the current path, 2 = placed.
    std::vector<std::uint8_t> state(bones.size(), 0);
    std::vector<std::uint32_t> path;
    v.order_.reserve(bones.size());
    for (std::uint32_t i = 0; i < bones.size(); ++i) {
      std::uint32_t cur = i;
      path.clear();
      while (state[cur] == 0) {
        state[cur] = 1;
        path.push_back(cur);
        std::int32_t p = bones[cur].parent;
        if (p < 0) break;
        if (state[p] == 1)
          return aem_error("AEM_PARENT_CYCLE", o.bones + records_size<Bone>(cur) + offsetof(Bone, parent),
                           indexed("bones", cur) + ".parent",
                           "bone hierarchy has a cycle through bone " + std::to_string(p));
        cur = static_cast<std::uint32_t>(p);
      }
      for (auto it = path.rbegin(); it != path.rend(); ++it) {
        state[*it] = 2;
        v.order_.push_back(*it);
      }
    }
  }

  // Animations and their sequences.
  {
    OddityCounter unterminated;
    for (std::size_t a = 0; a < c.animations; ++a) {
      const Animation& an = v.animations()[a];
      const std::uint64_t at = o.animations + records_size<Animation>(a);
      if (!std::memchr(an.name, 0, kStringSize)) unterminated.hit(at, "animations", a);
      if (!std::isfinite(an.duration))
        return aem_error("AEM_NOT_FINITE", at + offsetof(Animation, duration), indexed("animations", a) + ".duration",
                         "duration is NaN or infinite");
      if (std::uint64_t(an.sequence_index) + c.bones > c.sequences)
        return aem_error("AEM_SEQUENCE_RANGE", at + offsetof(Animation, sequence_index),
                         indexed("animations", a) + ".sequence_index",
                         "sequences " + std::to_string(an.sequence_index) + ".." +
                             std::to_string(std::uint64_t(an.sequence_index) + c.bones) +
                             " (one per bone) run past the " + std::to_string(c.sequences) + " sequences");
    }
    unterminated.report(warnings, "AEM_NAME_NOT_TERMINATED", "animation names fill all 128 bytes with no NUL");
  }

  // Keyframes: finite, and within each sequence channel times never decrease. The scan made while
  // reading may have found so; else the same scan runs now. Where it fails, this finds the first fault.
  bool keys_passed = scanned && scanned->keyframes_passed(c.sequences, c.keyframes);
  if (!keys_passed) {
    detail::SectionScan own(0, 0, 0, o.vertices, detail::ScanKernels::for_bytes(records_size<Keyframe>(c.keyframes)));
    own.with_keyframes(c.sequences, c.keyframes, o.keyframes);
    own.advance(bytes);
    keys_passed = own.keyframes_passed(c.sequences, c.keyframes);
  }
  if (!keys_passed) [[unlikely]] {
    const auto keys = v.keyframes();
    for (std::size_t k = 0; k < keys.size(); ++k)
      if (!all_finite(&keys[k].time, 5))
        return aem_error("AEM_NOT_FINITE", o.keyframes + records_size<Keyframe>(k), indexed("keyframes", k),
                         "keyframe holds NaN or infinity");
    static const char* channel_names[3] = {"position", "rotation", "scale"};
    static constexpr std::size_t first_fields[3] = {
        offsetof(Sequence, first_position), offsetof(Sequence, first_rotation), offsetof(Sequence, first_scale)};
    for (std::size_t s = 0; s < c.sequences; ++s) {
      const Sequence& sq = v.sequences()[s];
      const std::uint32_t firsts[3] = {sq.first_position, sq.first_rotation, sq.first_scale};
      const std::uint32_t counts[3] = {sq.position_count, sq.rotation_count, sq.scale_count};
      for (int ch = 0; ch < 3; ++ch) {
        const std::uint64_t at = o.sequences + records_size<Sequence>(s) + first_fields[ch];
        if (std::uint64_t(firsts[ch]) + counts[ch] > c.keyframes)
          return aem_error("AEM_KEYFRAME_RANGE", at, indexed("sequences", s) + "." + channel_names[ch],
                           "keys " + std::to_string(firsts[ch]) + ".." +
                               std::to_string(std::uint64_t(firsts[ch]) + counts[ch]) + " run past the " +
                               std::to_string(c.keyframes) + " keyframes");
        for (std::uint32_t k = 1; k < counts[ch]; ++k)
          if (keys[firsts[ch] + k].time < keys[firsts[ch] + k - 1].time)
            return aem_error("AEM_KEYS_UNSORTED", o.keyframes + records_size<Keyframe>(std::uint64_t{firsts[ch]} + k),
                             indexed("sequences", s) + "." + channel_names[ch], "key times decrease");
      }
    }
  }

  result.value() = std::move(v);
  return result;
}

}  // namespace aem
