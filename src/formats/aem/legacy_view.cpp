// One-pass validation of legacy (2022) AEM files and field access by copy (no alignment needed).
// Layout: docs/formats/aem.md §7; hostile-input rules of §10.
#include <cmath>
#include <cstring>
#include <string>

#include "aem/animation.hpp"
#include "aem/legacy.hpp"
#include "formats/aem/oddity_counter.hpp"

namespace aem {
namespace {

using detail::indexed;
using detail::OddityCounter;

Error legacy_error(const char* code, std::uint64_t offset, std::string path, std::string message) {
  return Error{.code = code, .format = "AEM", .offset = offset, .path = std::move(path), .message = std::move(message)};
}

template <class T>
T load(std::span<const std::byte> bytes, std::uint64_t offset) {
  T v;
  std::memcpy(&v, bytes.data() + offset, sizeof(T));
  return v;
}

bool all_finite(std::span<const std::byte> bytes, std::uint64_t offset, std::size_t floats) {
  for (std::size_t i = 0; i < floats; ++i)
    if (!std::isfinite(load<float>(bytes, offset + 4 * i))) return false;
  return true;
}

// Word layout of a 76-byte vertex: floats at words 0-10 (position, normal, tangent, uv) and 15-18
// (weights), bone indices at words 11-14.
constexpr std::uint64_t kBoneIndexOffset = 44, kWeightOffset = 60;

}  // namespace

namespace legacy_file {

std::optional<std::uint64_t> file_size(const Counts& c) {
  // The fixed sections stay below 2^40; only keyframes * (4 + 64 * bones) can exceed 64 bits.
  const std::uint64_t fixed = kHeaderSize + kVertexSize * std::uint64_t(c.vertices) +
                              kTriangleSize * std::uint64_t(c.triangles) + kMeshSize * std::uint64_t(c.meshes) +
                              kBoneSize * std::uint64_t(c.bones);
  std::uint64_t keyframes, total;
  if (__builtin_mul_overflow(std::uint64_t(c.keyframes), keyframe_size(c.bones), &keyframes) ||
      __builtin_add_overflow(fixed, keyframes, &total))
    return std::nullopt;
  return total;
}

}  // namespace legacy_file

legacy_file::Vertex LegacyView::vertex(std::uint32_t i) const {
  const std::uint64_t at = off_.vertices + legacy_file::kVertexSize * i;
  legacy_file::Vertex v;
  v.position = load<Vec3>(bytes_, at);
  v.normal = load<Vec3>(bytes_, at + 12);
  v.tangent = load<Vec3>(bytes_, at + 24);
  v.uv = load<Vec2>(bytes_, at + 36);
  std::memcpy(v.bone_indices, bytes_.data() + at + kBoneIndexOffset, 16);
  std::memcpy(v.bone_weights, bytes_.data() + at + kWeightOffset, 16);
  return v;
}

std::uint32_t LegacyView::triangle_index(std::uint64_t i) const {
  return load<std::uint32_t>(bytes_, off_.triangles + 4 * i);
}

std::uint32_t LegacyView::mesh_triangle_count(std::uint32_t mesh) const {
  return load<std::uint32_t>(bytes_, off_.meshes + legacy_file::kMeshSize * mesh);
}

legacy_file::Bone LegacyView::bone(std::uint32_t b) const {
  const std::uint64_t at = off_.bones + legacy_file::kBoneSize * b;
  legacy_file::Bone bone;
  std::memcpy(bone.inverse_bind.m.data(), bytes_.data() + at, legacy_file::kMatrixSize);
  bone.parent = load<std::int32_t>(bytes_, at + legacy_file::kMatrixSize);
  return bone;
}

float LegacyView::key_time(std::uint32_t k) const {
  return load<float>(bytes_, off_.keyframes + legacy_file::keyframe_size(counts_.bones) * k);
}

Mat4 LegacyView::key_matrix(std::uint32_t k, std::uint32_t b) const {
  Mat4 m;
  std::memcpy(
      m.m.data(),
      bytes_.data() + off_.keyframes + legacy_file::keyframe_size(counts_.bones) * k + 4 + legacy_file::kMatrixSize * b,
      legacy_file::kMatrixSize);
  return m;
}

Result<LegacyView> LegacyView::validate(std::span<const std::byte> bytes) {
  using namespace legacy_file;
  if (bytes.size() < kHeaderSize)
    return legacy_error(
        "AEM_TOO_SMALL", bytes.size(), "header",
        "file has " + std::to_string(bytes.size()) + " bytes, a legacy AEM file starts with a 24-byte header");
  if (std::memcmp(bytes.data(), "AEM", 3) != 0)
    return legacy_error("AEM_BAD_MAGIC", 0, "header.magic", "magic is not \"AEM\"");
  if (std::to_integer<std::uint8_t>(bytes[3]) != 1)
    return legacy_error("AEM_BAD_VERSION", 3, "header.version",
                        "version " + std::to_string(std::to_integer<int>(bytes[3])) + " is not supported (only 1)");

  LegacyView v;
  v.bytes_ = bytes;
  Counts& c = v.counts_;
  c = {load<std::uint32_t>(bytes, 4), load<std::uint32_t>(bytes, 8), load<std::uint32_t>(bytes, 12),
       load<std::uint32_t>(bytes, 16), load<std::uint32_t>(bytes, 20)};
  const std::optional<std::uint64_t> expected = file_size(c);
  if (expected != bytes.size()) {
    const std::string implied = expected ? std::to_string(*expected) + " bytes" : "more than 2^64 bytes";
    return legacy_error(
        "AEM_LEGACY_SIZE_MISMATCH", expected && *expected < bytes.size() ? *expected : bytes.size(), "header",
        "the legacy header's counts imply " + implied + " but the file has " + std::to_string(bytes.size()));
  }
  Offsets& o = v.off_;
  o.vertices = kHeaderSize;
  o.triangles = o.vertices + kVertexSize * std::uint64_t(c.vertices);
  o.meshes = o.triangles + kTriangleSize * std::uint64_t(c.triangles);
  o.bones = o.meshes + kMeshSize * std::uint64_t(c.meshes);
  o.keyframes = o.bones + kBoneSize * std::uint64_t(c.bones);

  Result<LegacyView> result(LegacyView{});
  auto& warnings = result.warnings;

  // Vertices: finite floats; an influence that carries weight must name a bone. The add-on fills
  // unused slots with index 0 and weight 0; a zero-weight slot naming no bone is ignored.
  {
    OddityCounter weight_sum, stray_slot;
    for (std::uint32_t i = 0; i < c.vertices; ++i) {
      const std::uint64_t at = o.vertices + kVertexSize * i;
      if (!all_finite(bytes, at, 11) || !all_finite(bytes, at + kWeightOffset, 4))
        return legacy_error("AEM_LEGACY_NOT_FINITE", at, indexed("vertices", i), "vertex holds NaN or infinity");
      const Vertex vx = v.vertex(i);
      float sum = 0;
      for (int k = 0; k < 4; ++k) {
        if (vx.bone_indices[k] < c.bones) {
          sum += vx.bone_weights[k];
        } else if (vx.bone_weights[k] != 0.0f) {
          return legacy_error("AEM_LEGACY_BONE_INDEX_OUT_OF_RANGE", at + kBoneIndexOffset + 4 * k,
                              indexed("vertices", i) + ".bone_indices[" + std::to_string(k) + "]",
                              "bone index " + std::to_string(vx.bone_indices[k]) + " with weight " +
                                  std::to_string(vx.bone_weights[k]) + " but the file has " + std::to_string(c.bones) +
                                  " bones");
        } else {
          stray_slot.hit(at + kBoneIndexOffset + 4 * k, "vertices", i);
        }
      }
      if (c.bones > 0 && std::fabs(sum - 1.0f) > 1e-3f) weight_sum.hit(at + kWeightOffset, "vertices", i);
    }
    stray_slot.report(warnings, "AEM_LEGACY_UNUSED_SLOT_INDEX",
                      "zero-weight influence slots name no bone and were ignored");
    weight_sum.report(warnings, "AEM_LEGACY_WEIGHTS_NOT_NORMALIZED", "vertices have bone weights that do not sum to 1");
  }

  // Triangles: global vertex indices.
  for (std::uint64_t i = 0; i < 3ull * c.triangles; ++i) {
    const std::uint32_t idx = v.triangle_index(i);
    if (idx >= c.vertices)
      return legacy_error(
          "AEM_LEGACY_INDEX_OUT_OF_RANGE", o.triangles + 4 * i, indexed("triangles", i / 3),
          "vertex index " + std::to_string(idx) + " but the file has " + std::to_string(c.vertices) + " vertices");
  }

  // Meshes: consecutive runs of triangles that must stay inside the triangle section.
  {
    std::uint64_t covered = 0;
    for (std::uint32_t m = 0; m < c.meshes; ++m) {
      covered += v.mesh_triangle_count(m);
      if (covered > c.triangles)
        return legacy_error("AEM_LEGACY_MESH_RANGE", o.meshes + kMeshSize * m, indexed("meshes", m),
                            "meshes 0.." + std::to_string(m) + " hold " + std::to_string(covered) +
                                " triangles but the file has " + std::to_string(c.triangles));
    }
    if (covered < c.triangles)
      warnings.push_back(Warning{
          .code = "AEM_LEGACY_TRIANGLES_WITHOUT_MESH",
          .format = "AEM",
          .offset = o.meshes,
          .path = "meshes",
          .message = std::to_string(c.triangles - covered) + " triangles after the last mesh belong to no mesh"});
  }

  // Bones: finite inverse binds, parents in range, no cycles.
  {
    std::vector<std::int32_t> parents(c.bones);
    for (std::uint32_t b = 0; b < c.bones; ++b) {
      const std::uint64_t at = o.bones + kBoneSize * b;
      if (!all_finite(bytes, at, 16))
        return legacy_error("AEM_LEGACY_NOT_FINITE", at, indexed("bones", b) + ".inverse_bind",
                            "matrix holds NaN or infinity");
      const std::int32_t p = load<std::int32_t>(bytes, at + kMatrixSize);
      if (p < -1 || (p >= 0 && static_cast<std::uint32_t>(p) >= c.bones) || p == static_cast<std::int32_t>(b))
        return legacy_error(
            "AEM_LEGACY_PARENT_OUT_OF_RANGE", at + kMatrixSize, indexed("bones", b) + ".parent",
            "parent " + std::to_string(p) + " is not -1 or another of the " + std::to_string(c.bones) + " bones");
      parents[b] = p;
    }
    v.order_ = aem::parents_first_order(parents);
    if (v.order_.size() < c.bones) {
      std::vector<bool> placed(c.bones, false);
      for (std::uint32_t b : v.order_) placed[b] = true;
      std::uint32_t first = 0;
      while (placed[first]) ++first;
      return legacy_error("AEM_LEGACY_PARENT_CYCLE", o.bones + kBoneSize * first + kMatrixSize,
                          indexed("bones", first) + ".parent",
                          "bone hierarchy has a cycle through bone " + std::to_string(first));
    }
  }

  // Keyframes: finite times that never decrease, finite matrices.
  {
    const std::uint64_t stride = keyframe_size(c.bones);
    for (std::uint32_t k = 0; k < c.keyframes; ++k) {
      const std::uint64_t at = o.keyframes + stride * k;
      if (!all_finite(bytes, at, 1))
        return legacy_error("AEM_LEGACY_NOT_FINITE", at, indexed("keyframes", k) + ".time",
                            "key time is NaN or infinite");
      if (k > 0 && v.key_time(k) < v.key_time(k - 1))
        return legacy_error(
            "AEM_LEGACY_KEYS_UNSORTED", at, indexed("keyframes", k) + ".time",
            "key time " + std::to_string(v.key_time(k)) + " comes after " + std::to_string(v.key_time(k - 1)));
      for (std::uint32_t b = 0; b < c.bones; ++b)
        if (!all_finite(bytes, at + 4 + kMatrixSize * b, 16))
          return legacy_error("AEM_LEGACY_NOT_FINITE", at + 4 + kMatrixSize * b,
                              indexed("keyframes", k) + indexed(".matrices", b), "matrix holds NaN or infinity");
    }
    if (c.keyframes == 0)
      warnings.push_back(Warning{
          .code = "AEM_LEGACY_NO_KEYFRAMES",
          .format = "AEM",
          .offset = 20,
          .path = "header.keyframe_count",
          .message = "no keyframes (the 2022 add-on always wrote at least one); the model has only its bind pose"});
    else if (v.key_time(0) != 0.0f)
      warnings.push_back(Warning{
          .code = "AEM_LEGACY_FIRST_KEY_NOT_ZERO",
          .format = "AEM",
          .offset = o.keyframes,
          .path = "keyframes[0].time",
          .message = "the first key is at frame " + std::to_string(v.key_time(0)) + ", not 0 as the add-on wrote"});
  }

  result.value() = std::move(v);
  return result;
}

}  // namespace aem
