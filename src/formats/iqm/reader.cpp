// IQM version 2 -> scene: every section is bounds-checked against the bytes present, decoded into the
// IQE document form and built by the code the IQE reader uses (same skin, pose and frame rules).
#include <cmath>
#include <bit>
#include <cstring>
#include <set>

#include "core/bit_cast.hpp"
#include "core/byte_reader.hpp"
#include "core/influences.hpp"
#include "formats/iqe/iqe_format.hpp"
#include "formats/iqe/scene_builder.hpp"
#include "formats/iqm/iqm_format.hpp"
#include "formats/iqm/layout.hpp"

namespace aem::formats {
namespace {

using detail::ByteReader;
using iqe::Document;

float half_to_float(std::uint16_t h) {
  const std::uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  if (exp == 0)
    return (sign ? -1.0f : 1.0f) * static_cast<float>(mant) * (1.0f / 16777216.0f);  // subnormal: mant·2^-24
  const std::uint32_t bits = exp == 31 ? sign | 0x7f800000u | (mant << 13) : sign | ((exp + 112) << 23) | (mant << 13);
  return detail::bit_cast<float>(bits);
}

// One component; integer formats are normalised to [0,1] / [-1,1] unless `raw` (blend indices).
float component(const std::byte* p, std::uint32_t format, bool raw) {
  auto get = [p]<class T>(T) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  auto norm = [raw](double v, double max) { return static_cast<float>(raw ? v : std::max(v / max, -1.0)); };
  switch (format) {
    case iqm::Byte:
      return norm(get(std::int8_t{}), 127.0);
    case iqm::UByte:
      return norm(get(std::uint8_t{}), 255.0);
    case iqm::Short:
      return norm(get(std::int16_t{}), 32767.0);
    case iqm::UShort:
      return norm(get(std::uint16_t{}), 65535.0);
    case iqm::Int:
      return norm(get(std::int32_t{}), 2147483647.0);
    case iqm::UInt:
      return norm(get(std::uint32_t{}), 4294967295.0);
    case iqm::Half:
      return half_to_float(get(std::uint16_t{}));
    case iqm::Float:
      return get(float{});
    default:
      return static_cast<float>(get(double{}));
  }
}

class IqmReader {
 public:
  IqmReader(std::span<const std::byte> bytes, const ReadOptions& options) : in_(bytes, "IQM"), options_(options) {}

  Result<Scene> run() {
    header();
    text_ = section(h_.ofs_text, h_.num_text, 1, "text").data().data();
    meshes();
    vertex_arrays();
    triangles();
    joints();
    animations();
    comment();
    Result<Scene> result = iqe::build_scene(doc_, doc_.normals, "IQM");
    result->conventions = iqe_conventions();
    for (auto& w : warnings_) result.warnings.push_back(std::move(w));
    if (h_.num_meshes == 0) result->source_notes.push_back({"content", "animation only (no meshes)"});
    return result;
  }

 private:
  void header() {
    const auto magic = in_.bytes(iqm::kMagic.size(), "magic");
    if (std::memcmp(magic.data(), iqm::kMagic.data(), iqm::kMagic.size()) != 0)
      in_.fail_here(0, "IQM_BAD_MAGIC", "not an IQM file (no \"INTERQUAKEMODEL\" magic)");
    std::memcpy(&h_, in_.bytes(sizeof h_, "header").data(), sizeof h_);
    if (h_.version != iqm::kVersion)
      in_.fail_here(16, "IQM_UNSUPPORTED_VERSION",
                    "version " + std::to_string(h_.version) + ": only version 2 is read" +
                        (h_.version == 1 ? " (upgrade version 1 files with the iqm tools' upgrade program)" : ""));
    if (h_.filesize > in_.size())
      in_.fail_here(20, "IQM_TRUNCATED",
                    "the header says the file has " + std::to_string(h_.filesize) + " bytes but it has " +
                        std::to_string(in_.size()));
    if (h_.filesize < in_.size())
      warn("IQM_FILESIZE_MISMATCH",
           std::to_string(in_.size() - h_.filesize) + " bytes after the size the header gives are ignored");
    if (h_.num_extensions > 0)
      warn("IQM_EXTENSIONS_SKIPPED", std::to_string(h_.num_extensions) + " extension blocks skipped");
  }

  void warn(const char* code, std::string message) {
    warnings_.push_back(Warning{.code = code, .format = "IQM", .message = std::move(message)});
  }

  // A reader over `count` records of `stride` bytes at `offset`; fails when they are not all present.
  ByteReader section(std::uint32_t offset, std::uint64_t count, std::uint64_t stride, const char* what) {
    if (count == 0) return ByteReader({}, "IQM", offset);
    ByteReader r(in_.data(), "IQM");
    r.seek(offset, what);
    const std::uint64_t start = r.offset();
    r.array(count, stride, what);
    return ByteReader(in_.data().subspan(start, count * stride), "IQM", start);
  }

  std::string name(std::uint32_t offset, const ByteReader& at, const char* what) {
    if (offset == 0 && h_.num_text == 0) return {};
    if (offset >= h_.num_text)
      at.fail_here(at.offset() - 4, "IQM_BAD_NAME",
                   std::string(what) + " name at text offset " + std::to_string(offset) + " is outside the " +
                       std::to_string(h_.num_text) + "-byte text section");
    const char* p = reinterpret_cast<const char*>(text_) + offset;
    return std::string(p, strnlen(p, h_.num_text - offset));
  }

  void meshes() {
    ByteReader r = section(h_.ofs_meshes, h_.num_meshes, iqm::kMeshSize, "meshes");
    for (std::uint32_t i = 0; i < h_.num_meshes; ++i) {
      iqe::Segment s;
      s.name = name(r.u32("mesh name"), r, "mesh");
      s.material = name(r.u32("mesh material"), r, "material");
      s.first_vertex = r.u32("first vertex");
      const std::uint64_t vertex_count = r.u32("vertex count");
      s.first_triangle = r.u32("first triangle");
      s.triangle_count = r.u32("triangle count");
      if (s.first_vertex + vertex_count > h_.num_vertexes ||
          std::uint64_t{s.first_triangle} + s.triangle_count > h_.num_triangles)
        r.fail_here(r.offset() - iqm::kMeshSize, "IQM_BAD_RANGE",
                    "mesh " + std::to_string(i) + " covers vertices or triangles beyond the " +
                        std::to_string(h_.num_vertexes) + " vertices / " + std::to_string(h_.num_triangles) +
                        " triangles of the file");
      s.end_vertex = static_cast<std::uint32_t>(s.first_vertex + vertex_count);
      doc_.segments.push_back(std::move(s));
    }
  }

  void vertex_arrays() {
    ByteReader r = section(h_.ofs_vertexarrays, h_.num_vertexarrays, iqm::kVertexArraySize, "vertex arrays");
    std::vector<float> values;
    bool has_position = false;
    std::vector<Vec4> blend_indexes, blend_weights;
    int custom_slot = 0;
    std::set<std::uint32_t> seen;
    for (std::uint32_t i = 0; i < h_.num_vertexarrays; ++i) {
      const std::uint64_t at = r.file_offset();
      const std::uint32_t type = r.u32("vertex array type");
      r.u32("vertex array flags");
      const std::uint32_t format = r.u32("vertex array format"), size = r.u32("vertex array size"),
                          offset = r.u32("vertex array offset");
      const std::uint32_t csize = iqm::component_size(format);
      if (csize == 0 || size == 0 || size > 16)
        in_.fail_here(at, "IQM_BAD_VERTEX_ARRAY",
                      "vertex array " + std::to_string(i) + " has format " + std::to_string(format) + " and size " +
                          std::to_string(size));
      const std::span<const std::byte> data =
          section(offset, h_.num_vertexes, std::uint64_t{size} * csize, "vertex array data").data();
      if (type < iqm::Custom && !seen.insert(type).second) {
        warn("IQM_VERTEX_ARRAY_SKIPPED",
             "vertex array " + std::to_string(i) + " repeats type " + std::to_string(type) + "; the first is used");
        continue;
      }
      const bool raw = type == iqm::BlendIndexes;
      auto decode = [&](std::uint32_t n, auto&& store) {
        for (std::uint32_t v = 0; v < h_.num_vertexes; ++v) {
          float c[16] = {};
          for (std::uint32_t k = 0; k < size; ++k) {
            const std::byte* p = data.data() + (std::size_t{v} * size + k) * csize;
            c[k] = component(p, format, raw);
            if (!std::isfinite(c[k]))
              in_.fail_here(
                  static_cast<std::uint64_t>(p - in_.data().data()), "IQM_NOT_FINITE",
                  "vertex array " + std::to_string(i) + ": vertex " + std::to_string(v) + " holds NaN or infinity");
          }
          store(c, n);
        }
      };
      switch (type) {
        case iqm::Position:
          has_position = true;
          decode(3, [&](const float* c, auto) { doc_.positions.push_back({c[0], c[1], c[2]}); });
          break;
        case iqm::TexCoord:
          decode(2, [&](const float* c, auto) { doc_.uvs.push_back({c[0], c[1]}); });
          break;
        case iqm::Normal:
          decode(3, [&](const float* c, auto) { doc_.normals.push_back({c[0], c[1], c[2]}); });
          break;
        case iqm::Tangent:
          decode(4, [&](const float* c, auto) { doc_.tangents.push_back({c[0], c[1], c[2], c[3]}); });
          break;
        case iqm::BlendIndexes:
          decode(4, [&](const float* c, auto) { blend_indexes.push_back({c[0], c[1], c[2], c[3]}); });
          break;
        case iqm::BlendWeights:
          decode(4, [&](const float* c, auto) { blend_weights.push_back({c[0], c[1], c[2], c[3]}); });
          break;
        case iqm::Color:
          decode(4, [&](const float* c, auto) { doc_.colors.push_back({c[0], c[1], c[2], size < 4 ? 1.0f : c[3]}); });
          break;
        default:
          if (type < iqm::Custom || custom_slot >= 10) {
            warn("IQM_VERTEX_ARRAY_SKIPPED",
                 "vertex array " + std::to_string(i) + " of type " + std::to_string(type) + " skipped");
            break;
          }
          doc_.custom_names[custom_slot] = name(type - iqm::Custom, r, "custom vertex array");
          doc_.custom_sizes[custom_slot] = static_cast<int>(std::min<std::uint32_t>(size, 4));
          decode(4, [&](const float* c, auto) { doc_.custom[custom_slot].push_back({c[0], c[1], c[2], c[3]}); });
          ++custom_slot;
      }
    }
    if (h_.num_vertexes > 0 && !has_position)
      in_.fail_here(48, "IQM_NO_POSITIONS", std::to_string(h_.num_vertexes) + " vertices but no position array");
    if (!blend_indexes.empty()) influences(blend_indexes, blend_weights);
  }

  void influences(const std::vector<Vec4>& indexes, const std::vector<Vec4>& weights) {
    doc_.influences.resize(indexes.size());
    for (std::size_t v = 0; v < indexes.size(); ++v) {
      SkinInfluences s;
      for (int k = 0; k < 4; ++k) {
        const float w = weights.empty() ? (k == 0 ? 1.0f : 0.0f) : (&weights[v].x)[k];
        const float j = (&indexes[v].x)[k];
        if (!(w > 0.0f)) continue;
        if (!(j >= 0.0f && j < static_cast<float>(std::max(h_.num_joints, h_.num_poses))))
          in_.fail_here(h_.ofs_vertexarrays, "IQM_JOINT_OUT_OF_RANGE",
                        "vertex " + std::to_string(v) + " uses joint " + std::to_string(j) + " but the file has " +
                            std::to_string(std::max(h_.num_joints, h_.num_poses)));
        s.joints[k] = static_cast<std::int32_t>(j);
        s.weights[k] = w;
      }
      doc_.influences[v] = strongest_influences(s, kMaxInfluences);  // largest first, summing to 1
    }
  }

  void triangles() {
    ByteReader r = section(h_.ofs_triangles, h_.num_triangles, iqm::kTriangleSize, "triangles");
    doc_.corners.resize(3 * std::size_t{h_.num_triangles});
    for (std::uint32_t t = 0; t < h_.num_triangles; ++t) {
      for (std::uint32_t k = 0; k < 3; ++k) {
        std::uint32_t& v = doc_.corners[3 * std::size_t{t} + k];
        v = r.u32("triangle index");
        if (v >= h_.num_vertexes)
          r.fail_here(r.offset() - 4, "IQM_INDEX_OUT_OF_RANGE",
                      "triangle " + std::to_string(t) + " uses vertex " + std::to_string(v) + " but there are " +
                          std::to_string(h_.num_vertexes));
      }
    }
  }

  void joints() {
    ByteReader r = section(h_.ofs_joints, h_.num_joints, iqm::kJointSize, "joints");
    for (std::uint32_t j = 0; j < h_.num_joints; ++j) {
      Document::Joint joint;
      joint.name = name(r.u32("joint name"), r, "joint");
      joint.parent = r.i32("joint parent");
      if (joint.parent >= static_cast<std::int32_t>(j))
        r.fail_here(
            r.offset() - 4, "IQM_BAD_PARENT",
            "joint " + std::to_string(j) + " has parent " + std::to_string(joint.parent) + ", not an earlier joint");
      joint.parent = std::max(joint.parent, -1);
      float v[10];
      for (float& x : v) x = r.f32("joint transform");
      doc_.joints.push_back(std::move(joint));
      if (j == 0) doc_.base_poses.first = doc_.poses.size();
      doc_.poses.push_back({{v[0], v[1], v[2]}, normalize(Quat{v[3], v[4], v[5], v[6]}), {v[7], v[8], v[9]}});
      ++doc_.base_poses.count;
    }
  }

  struct Pose {
    std::uint32_t mask;
    float offset[iqm::kPoseChannels], scale[iqm::kPoseChannels];
  };

  std::vector<Pose> poses() {
    ByteReader r = section(h_.ofs_poses, h_.num_poses, iqm::kPoseSize, "poses");
    std::vector<Pose> poses(h_.num_poses);
    std::uint64_t channels = 0;
    for (std::uint32_t p = 0; p < h_.num_poses; ++p) {
      const std::int32_t parent = r.i32("pose parent");
      poses[p].mask = r.u32("pose channel mask") & 0x3ffu;
      channels += std::popcount(poses[p].mask);
      for (float& x : poses[p].offset) x = r.f32("pose offset");
      for (float& x : poses[p].scale) x = r.f32("pose scale");
      if (parent >= static_cast<std::int32_t>(p))
        r.fail_here(r.offset() - iqm::kPoseSize, "IQM_BAD_PARENT",
                    "pose " + std::to_string(p) + " has parent " + std::to_string(parent) + ", not an earlier pose");
      if (h_.num_joints == 0)  // animation-only file: the poses define the skeleton
        doc_.joints.push_back({"pose" + std::to_string(p), std::max(parent, -1)});
    }
    if (channels != h_.num_framechannels)
      in_.fail_here(96, "IQM_BAD_FRAME_CHANNELS",
                    "the poses animate " + std::to_string(channels) + " channels but the header says " +
                        std::to_string(h_.num_framechannels));
    if (h_.num_joints > 0 && h_.num_poses != h_.num_joints)
      warn("IQM_POSE_COUNT", std::to_string(h_.num_poses) + " poses for " + std::to_string(h_.num_joints) + " joints");
    return poses;
  }

  void animations() {
    if (h_.num_anims == 0) return;
    const std::vector<Pose> pose = poses();
    ByteReader anims = section(h_.ofs_anims, h_.num_anims, iqm::kAnimSize, "animations");
    ByteReader frames = section(h_.ofs_frames, h_.num_frames, std::uint64_t{h_.num_framechannels} * 2, "frames");
    std::uint64_t decoded = 0;
    const std::uint64_t budget =
        std::min<std::uint64_t>(options_.max_decoded_bytes, 1024 * std::uint64_t{in_.size()} + (64u << 20));
    for (std::uint32_t a = 0; a < h_.num_anims; ++a) {
      iqe::AnimationData anim;
      anim.name = name(anims.u32("animation name"), anims, "animation");
      const std::uint32_t first = anims.u32("first frame"), count = anims.u32("frame count");
      anim.frame_rate = std::max(anims.f32("frame rate"), 0.0f);
      anim.loop = (anims.u32("animation flags") & iqm::kAnimLoop) != 0;
      if (std::uint64_t{first} + count > h_.num_frames)
        anims.fail_here(anims.offset() - iqm::kAnimSize, "IQM_BAD_RANGE",
                        "animation \"" + anim.name + "\" uses frames " + std::to_string(first) + ".." +
                            std::to_string(std::uint64_t{first} + count) + " of " + std::to_string(h_.num_frames));
      decoded += std::uint64_t{count} * std::max<std::uint32_t>(h_.num_poses, 1) * sizeof(Transform);
      if (decoded > budget)
        anims.fail_here(anims.offset() - iqm::kAnimSize, "IQM_TOO_LARGE",
                        "the animations would decode to more than " + std::to_string(budget) + " bytes");
      for (std::uint32_t f = first; f < first + count; ++f) anim.frames.push_back(decode_frame(frames, f, pose));
      doc_.animations.push_back(std::move(anim));
    }
  }

  // Appends frame `frame`'s poses to doc_.poses: their range there.
  iqe::PoseRange decode_frame(const ByteReader& frames, std::uint32_t frame, const std::vector<Pose>& poses) {
    const std::byte* p = frames.data().data() + std::size_t{frame} * h_.num_framechannels * 2;
    const iqe::PoseRange out{doc_.poses.size(), poses.size()};
    for (const Pose& pose : poses) {
      float c[iqm::kPoseChannels];
      for (int k = 0; k < iqm::kPoseChannels; ++k) {
        c[k] = pose.offset[k];
        if (pose.mask & (1u << k)) {
          std::uint16_t q;
          std::memcpy(&q, p, 2);
          p += 2;
          c[k] += static_cast<float>(q) * pose.scale[k];
        }
      }
      doc_.poses.push_back({{c[0], c[1], c[2]}, normalize(Quat{c[3], c[4], c[5], c[6]}), {c[7], c[8], c[9]}});
    }
    return out;
  }

  void comment() {
    if (h_.num_comment == 0) return;
    const auto bytes = section(h_.ofs_comment, h_.num_comment, 1, "comment").data();
    const char* p = reinterpret_cast<const char*>(bytes.data());
    doc_.comment.assign(p, strnlen(p, bytes.size()));
    doc_.has_comment = true;
  }

  ByteReader in_;
  const ReadOptions& options_;
  iqm::Header h_{};
  const std::byte* text_ = nullptr;
  Document doc_;
  std::vector<Warning> warnings_;
};

}  // namespace

bool iqm_sniff(std::span<const std::byte> head) {
  return head.size() >= iqm::kMagic.size() && std::memcmp(head.data(), iqm::kMagic.data(), iqm::kMagic.size()) == 0;
}

Result<Scene> iqm_read(const ReadInput& input) { return IqmReader(input.bytes, input.options).run(); }

}  // namespace aem::formats
