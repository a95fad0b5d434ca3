// Scene -> IQM version 2, laid out as the reference compiler writes it (docs/formats/iqm.md §2): header,
// text, meshes, vertex arrays, vertex data (8-aligned), triangles, adjacency, joints, poses, anims,
// frames, bounds, comment. Only the recommended vertex formats, so every IQM reader accepts it.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <map>

#include "core/byte_writer.hpp"
#include "core/influences.hpp"
#include "core/lane_vectors.hpp"
#include "formats/iqe/export_model.hpp"
#include "formats/iqm/adjacency.hpp"
#include "formats/iqm/frame_bounds.hpp"
#include "formats/iqm/iqm_format.hpp"
#include "formats/iqm/layout.hpp"

namespace aem::formats {
namespace {

using detail::ByteWriter;
using iqe::ExportModel;

class TextTable {
 public:
  TextTable() : text_(1, '\0') {}
  std::uint32_t add(const std::string& s) {
    if (s.empty()) return 0;
    auto [it, added] = offsets_.emplace(s, static_cast<std::uint32_t>(text_.size()));
    if (added) text_.append(s).push_back('\0');
    return it->second;
  }
  const std::string& bytes() const { return text_; }

 private:
  std::string text_;
  std::map<std::string, std::uint32_t> offsets_;
};

void pad(ByteWriter& w, std::size_t alignment) {
  while (w.size() % alignment) w.u8(0);
}

/// Blend indices are ubytes: the largest joint index a vertex can name.
constexpr std::int32_t kLargestBlendIndex = 255;

// The 4 largest influences as bytes (joints checked against kLargestBlendIndex beforehand): weights
// rounded so that they sum to exactly 255.
void blend_bytes(const SkinInfluences& all, std::uint8_t (&index)[4], std::uint8_t (&weight)[4]) {
  const SkinInfluences s = strongest_influences(all, 4);
  int total = 0;
  for (int k = 0; k < 4; ++k) {
    const bool used = s.joints[k] >= 0;
    index[k] = used ? static_cast<std::uint8_t>(s.joints[k]) : 0;
    weight[k] = used ? static_cast<std::uint8_t>(std::lround(s.weights[k] * 255.0f)) : 0;
    total += weight[k];
  }
  if (s.joints[0] >= 0)
    weight[0] = static_cast<std::uint8_t>(weight[0] + (255 - total));  // the largest absorbs rounding
}

struct ArraySpec {
  std::uint32_t type, format, size;
};

// Channel quantisation over every frame of every animation (docs/formats/iqm.md §3).
struct PoseChannels {
  std::uint32_t mask = 0;
  float offset[iqm::kPoseChannels] = {}, scale[iqm::kPoseChannels] = {};
};

// The iqm::kPoseChannels channels of `t` into c[0] to c[9], in the file's order.
void channel_values(const Transform& t, float* c) {
  const float v[] = {t.translation.x, t.translation.y, t.translation.z, t.rotation.x, t.rotation.y,
                     t.rotation.z,    t.rotation.w,    t.scale.x,       t.scale.y,    t.scale.z};
  std::copy(std::begin(v), std::end(v), c);
}

std::vector<PoseChannels> quantise_channels(const ExportModel& m) {
  const std::size_t joints = m.joints.size();
  std::vector<std::array<float, iqm::kPoseChannels>> lo(joints), hi(joints);
  for (std::size_t j = 0; j < joints; ++j) lo[j].fill(INFINITY), hi[j].fill(-INFINITY);
  // Frame by frame (each frame's joints lie together in memory); each channel still meets the
  // frames in their order.
  float c[iqm::kPoseChannels];
  for (const auto& a : m.animations)
    for (const auto& f : a.frames)
      for (std::size_t j = 0; j < joints; ++j) {
        channel_values(f[j], c);
        for (int k = 0; k < iqm::kPoseChannels; ++k)
          lo[j][k] = std::min(lo[j][k], c[k]), hi[j][k] = std::max(hi[j][k], c[k]);
      }
  std::vector<PoseChannels> poses(joints);
  for (std::size_t j = 0; j < joints; ++j)
    for (int k = 0; k < iqm::kPoseChannels; ++k) {
      poses[j].offset[k] = lo[j][k];
      if (hi[j][k] - lo[j][k] >= 1e-10f) {
        poses[j].mask |= 1u << k;
        poses[j].scale[k] = (hi[j][k] - lo[j][k]) / 65535.0f;
      }
    }
  return poses;
}

// A joint's channels in three 4-lane vectors (10 channels, 2 spare lanes).
constexpr int kChannelVectors = 3;

// The stored value of each of a joint's channels, min(65535, 0.5 + (value - offset) / scale), 4
// channels per vector operation: lane for lane the same division and sum as one channel at a time.
// Channels outside the mask (and the spare lanes) divide by 1 and are not written; the masked ones
// go out in one write per joint.
class ChannelQuantiser {
 public:
  explicit ChannelQuantiser(const PoseChannels& p) {
    float offset[4 * kChannelVectors] = {}, scale[4 * kChannelVectors];
    std::fill(std::begin(scale), std::end(scale), 1.0f);
    for (int k = 0; k < iqm::kPoseChannels; ++k)
      if (p.mask & (1u << k)) offset[k] = p.offset[k], scale[k] = p.scale[k], written_[count_++] = k;
    for (int v = 0; v < kChannelVectors; ++v)
      offset_[v] = detail::load<f32x4>(&offset[4 * v]), scale_[v] = detail::load<f32x4>(&scale[4 * v]);
  }

  void write(const Transform& t, ByteWriter& w) const {
    float c[4 * kChannelVectors] = {}, q[4 * kChannelVectors];
    channel_values(t, c);
    for (int v = 0; v < kChannelVectors; ++v) {
      const f32x4 stored = 0.5f + (detail::load<f32x4>(&c[4 * v]) - offset_[v]) / scale_[v];
      const f32x4 clamped = stored < 65535.0f ? stored : 65535.0f;  // std::min(65535.0f, stored)
      std::memcpy(&q[4 * v], &clamped, sizeof clamped);
    }
    std::uint16_t out[iqm::kPoseChannels];
    for (std::size_t i = 0; i < count_; ++i) out[i] = static_cast<std::uint16_t>(q[written_[i]]);
    w.bytes(std::as_bytes(std::span(out, count_)));
  }

 private:
  using f32x4 = detail::f32x4;
  f32x4 offset_[kChannelVectors], scale_[kChannelVectors];
  int written_[iqm::kPoseChannels] = {};  ///< the masked channels, in file order
  std::size_t count_ = 0;                 ///< how many there are
};

class IqmWriter {
 public:
  IqmWriter(const ExportModel& m, unsigned threads) : m_(m), threads_(threads) {}

  std::vector<std::byte> run() {
    collect_names();
    plan_arrays();
    if (!m_.animations.empty() && !m_.joints.empty()) channels_ = quantise_channels(m_);
    w_.reserve(size_bound());  // one buffer: growing it would copy and fault in each larger one
    iqm::Header h{};
    h.version = iqm::kVersion;
    w_.bytes(std::as_bytes(std::span(iqm::kMagic.data(), iqm::kMagic.size())));
    w_.bytes(std::as_bytes(std::span(&h, 1)));
    h.num_text = static_cast<std::uint32_t>((text_.bytes().size() + 3) & ~std::size_t{3});
    h.ofs_text = here();
    w_.bytes(std::as_bytes(std::span(text_.bytes().data(), text_.bytes().size())));
    pad(w_, 4);
    write_meshes(h);
    write_vertices(h);
    write_triangles(h);
    write_skeleton(h);
    write_comment(h);
    h.filesize = here();
    std::vector<std::byte> out = w_.take();
    std::memcpy(out.data() + iqm::kMagic.size(), &h, sizeof h);
    return out;
  }

 private:
  // At least the file's size, from the counts of everything it holds.
  std::size_t size_bound() const {
    std::size_t vertices = 0, triangles = 0, frames = 0, vertex_bytes = 0;
    for (const Mesh& mesh : m_.meshes) vertices += mesh.vertex_count(), triangles += mesh.triangle_count();
    for (const auto& a : m_.animations) frames += a.frames.size();
    for (const ArraySpec& a : arrays_) vertex_bytes += a.size * iqm::component_size(a.format);
    std::size_t frame_channels = 0;
    for (const PoseChannels& p : channels_) frame_channels += static_cast<std::size_t>(std::popcount(p.mask));
    const std::size_t joints = m_.joints.size(), alignment = 8;
    return iqm::kHeaderSize + text_.bytes().size() + m_.meshes.size() * iqm::kMeshSize +
           arrays_.size() * (iqm::kVertexArraySize + alignment) + vertices * vertex_bytes +
           triangles * 2 * iqm::kTriangleSize + joints * (iqm::kJointSize + iqm::kPoseSize) +
           m_.animations.size() * iqm::kAnimSize + frames * (frame_channels * 2 + iqm::kBoundsSize) +
           m_.comment.size() + 4 * alignment;
  }

  std::uint32_t here() const { return static_cast<std::uint32_t>(w_.size()); }

  void collect_names() {
    for (std::size_t i = 0; i < m_.meshes.size(); ++i) text_.add(m_.meshes[i].name), text_.add(m_.material_names[i]);
    for (const auto& j : m_.joints) text_.add(j.name);
    for (const auto& a : m_.animations) text_.add(a.name);
    for (const auto& mesh : m_.meshes)
      for (const auto& c : mesh.custom) text_.add(c.name);
  }

  void plan_arrays() {
    auto any = [&](auto has) { return std::any_of(m_.meshes.begin(), m_.meshes.end(), has); };
    arrays_.push_back({iqm::Position, iqm::Float, 3});
    if (any([](const Mesh& x) { return !x.uvs.empty(); })) arrays_.push_back({iqm::TexCoord, iqm::Float, 2});
    if (any([](const Mesh& x) { return !x.normals.empty(); })) arrays_.push_back({iqm::Normal, iqm::Float, 3});
    if (any([](const Mesh& x) { return !x.tangents.empty(); })) arrays_.push_back({iqm::Tangent, iqm::Float, 4});
    if (any([](const Mesh& x) { return !x.skin.empty(); })) {
      arrays_.push_back({iqm::BlendIndexes, iqm::UByte, 4});
      arrays_.push_back({iqm::BlendWeights, iqm::UByte, 4});
    }
    if (any([](const Mesh& x) { return !x.colors.empty(); })) arrays_.push_back({iqm::Color, iqm::UByte, 4});
    // Custom arrays by name, in the order the names first appear; types sort by text offset.
    std::map<std::uint32_t, int> customs;
    for (const auto& mesh : m_.meshes)
      for (const auto& c : mesh.custom) customs.emplace(text_.add(c.name), std::clamp(c.components, 1, 4));
    for (auto [offset, size] : customs)
      arrays_.push_back({iqm::Custom + offset, iqm::Float, static_cast<std::uint32_t>(size)});
  }

  void write_meshes(iqm::Header& h) {
    h.num_meshes = static_cast<std::uint32_t>(m_.meshes.size());
    h.ofs_meshes = h.num_meshes ? here() : 0;
    std::uint32_t vertex = 0, triangle = 0;
    for (std::size_t i = 0; i < m_.meshes.size(); ++i) {
      const Mesh& mesh = m_.meshes[i];
      w_.u32(text_.add(mesh.name));
      w_.u32(text_.add(m_.material_names[i]));
      w_.u32(vertex), w_.u32(static_cast<std::uint32_t>(mesh.vertex_count()));
      w_.u32(triangle), w_.u32(static_cast<std::uint32_t>(mesh.triangle_count()));
      vertex += static_cast<std::uint32_t>(mesh.vertex_count());
      triangle += static_cast<std::uint32_t>(mesh.triangle_count());
    }
    h.num_vertexes = vertex;
    h.num_triangles = triangle;
  }

  // The first `count` values of `values` as they lie in memory (floats only), zeros for any missing.
  template <class V>
  void put_values(std::span<const V> values, std::size_t count) {
    const std::size_t present = std::min(values.size(), count);
    w_.bytes(std::as_bytes(values.first(present)));
    w_.zeros((count - present) * sizeof(V));
  }

  // Every vertex's 4 blend indices and 4 blend weights, meshes in order (zeros without a skin):
  // reduced once, though the file stores them as two arrays.
  void collect_blend_bytes() {
    for (const Mesh& mesh : m_.meshes)
      for (std::size_t v = 0; v < mesh.vertex_count(); ++v) {
        BlendBytes& b = blend_.emplace_back();
        if (v < mesh.skin.size()) blend_bytes(mesh.skin[v], b.index, b.weight);
      }
  }

  // The ubyte colour of one vertex: white without colours.
  static std::array<std::uint8_t, 4> color_bytes(const Mesh& mesh, std::size_t v) {
    std::array<std::uint8_t, 4> b{0, 0, 0, 255};
    if (!mesh.colors.empty())
      for (int k = 0; k < 4; ++k)
        b[k] = static_cast<std::uint8_t>(std::lround(std::clamp((&mesh.colors[0][v].x)[k], 0.0f, 1.0f) * 255.0f));
    return b;
  }

  // The custom array `spec` of one mesh: its first spec.size components per vertex, zero where the
  // mesh's attribute of that name has fewer (or the mesh has none).
  void put_custom(const ArraySpec& spec, const Mesh& mesh) {
    const CustomAttribute* attribute = nullptr;
    for (const auto& c : mesh.custom)
      if (text_.add(c.name) == spec.type - iqm::Custom) attribute = &c;  // a later one of the same name wins
    const int components = attribute ? std::min(attribute->components, 4) : 0;
    for (std::size_t v = 0; v < mesh.vertex_count(); ++v)
      for (std::uint32_t k = 0; k < spec.size; ++k)
        w_.f32(static_cast<int>(k) < components ? attribute->values[v * attribute->components + k] : 0.0f);
  }

  // One vertex array of every mesh, meshes in order.
  void put_array(const ArraySpec& spec) {
    for (const Mesh& mesh : m_.meshes) {
      const std::size_t n = mesh.vertex_count();
      switch (spec.type) {
        case iqm::Position:
          put_values(std::span(mesh.positions), n);
          break;
        case iqm::TexCoord:
          put_values(mesh.uvs.empty() ? std::span<const Vec2>() : std::span(mesh.uvs[0]), n);
          break;
        case iqm::Normal:
          put_values(std::span(mesh.normals), n);
          break;
        case iqm::Tangent:
          put_values(std::span(mesh.tangents), n);
          break;
        case iqm::Color:
          for (std::size_t v = 0; v < n; ++v) w_.object(color_bytes(mesh, v));
          break;
        case iqm::BlendIndexes:
        case iqm::BlendWeights:
          break;  // all meshes at once, below
        default:
          put_custom(spec, mesh);
      }
    }
    if (spec.type == iqm::BlendIndexes || spec.type == iqm::BlendWeights)
      for (const BlendBytes& b : blend_) w_.object(spec.type == iqm::BlendIndexes ? b.index : b.weight);
  }

  void write_vertices(iqm::Header& h) {
    h.num_vertexarrays = static_cast<std::uint32_t>(arrays_.size());
    h.ofs_vertexarrays = here();
    constexpr std::size_t kFields = iqm::kVertexArraySize / 4;  // type, flags, format, size, offset
    std::vector<ByteWriter::Field> table;
    for (std::size_t i = 0; i < arrays_.size() * kFields; ++i) table.push_back(w_.u32_field());
    pad(w_, 8);
    if (std::any_of(arrays_.begin(), arrays_.end(), [](const ArraySpec& a) { return a.type == iqm::BlendIndexes; }))
      collect_blend_bytes();
    for (std::size_t a = 0; a < arrays_.size(); ++a) {
      const ArraySpec& spec = arrays_[a];
      pad(w_, 4);
      const std::uint32_t values[kFields] = {spec.type, 0, spec.format, spec.size, here()};
      for (std::size_t k = 0; k < kFields; ++k) w_.patch_u32(table[a * kFields + k], values[k]);
      put_array(spec);
    }
    pad(w_, 4);
  }

  void write_triangles(iqm::Header& h) {
    if (h.num_triangles == 0) return;
    // Several meshes are joined (indices moved past the vertices before them); one is read in place.
    std::vector<Vec3> joined_positions;
    std::vector<std::uint32_t> joined_indices;
    if (m_.meshes.size() > 1)
      for (const Mesh& mesh : m_.meshes) {
        const auto base = static_cast<std::uint32_t>(joined_positions.size());
        joined_positions.insert(joined_positions.end(), mesh.positions.begin(), mesh.positions.end());
        for (std::uint32_t i : mesh.indices) joined_indices.push_back(base + i);
      }
    const bool one = m_.meshes.size() == 1;
    const std::span<const Vec3> positions = one ? std::span<const Vec3>(m_.meshes[0].positions) : joined_positions;
    const std::span<const std::uint32_t> indices =
        one ? std::span<const std::uint32_t>(m_.meshes[0].indices) : joined_indices;
    h.ofs_triangles = here();
    w_.bytes(std::as_bytes(indices));
    h.ofs_adjacency = here();
    const auto adjacency = iqm::compute_adjacency(positions, indices);
    w_.bytes(std::as_bytes(std::span(adjacency)));
  }

  void write_skeleton(iqm::Header& h) {
    h.num_joints = static_cast<std::uint32_t>(m_.joints.size());
    h.ofs_joints = h.num_joints ? here() : 0;
    float c[iqm::kPoseChannels];
    for (const auto& j : m_.joints) {
      w_.u32(text_.add(j.name));
      w_.i32(j.parent);
      channel_values(j.base, c);
      for (float x : c) w_.f32(x);
    }
    if (channels_.empty()) return;
    const std::vector<PoseChannels>& poses = channels_;
    h.num_poses = h.num_joints;
    h.ofs_poses = here();
    for (std::size_t j = 0; j < poses.size(); ++j) {
      w_.i32(m_.joints[j].parent);
      w_.u32(poses[j].mask);
      for (float x : poses[j].offset) w_.f32(x);
      for (float x : poses[j].scale) w_.f32(x);
      h.num_framechannels += static_cast<std::uint32_t>(std::popcount(poses[j].mask));
    }
    h.num_anims = static_cast<std::uint32_t>(m_.animations.size());
    h.ofs_anims = here();
    for (const auto& a : m_.animations) {
      w_.u32(text_.add(a.name));
      w_.u32(h.num_frames), w_.u32(static_cast<std::uint32_t>(a.frames.size()));
      w_.f32(a.frame_rate);
      w_.u32(a.loop ? iqm::kAnimLoop : 0);
      h.num_frames += static_cast<std::uint32_t>(a.frames.size());
    }
    h.ofs_frames = here();
    const std::vector<ChannelQuantiser> quantisers(poses.begin(), poses.end());
    for (const auto& a : m_.animations)
      for (const auto& frame : a.frames)
        for (std::size_t j = 0; j < quantisers.size(); ++j) quantisers[j].write(frame[j], w_);
    pad(w_, 4);
    if (m_.meshes.empty()) return;
    h.ofs_bounds = here();
    for (const auto& b : iqm::compute_frame_bounds(m_, threads_)) {
      for (float x : {b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z, b.xy_radius, b.radius}) w_.f32(x);
    }
  }

  void write_comment(iqm::Header& h) {
    if (m_.comment.empty()) return;
    h.ofs_comment = here();
    w_.bytes(std::as_bytes(std::span(m_.comment.data(), m_.comment.size())));
    w_.u8(0);
    pad(w_, 4);
    h.num_comment = here() - h.ofs_comment;
  }

  const ExportModel& m_;
  unsigned threads_;  ///< WriteOptions::threads, for the frame bounds
  ByteWriter w_;
  TextTable text_;
  std::vector<ArraySpec> arrays_;
  std::vector<PoseChannels> channels_;  ///< per joint, when the file has animations (and joints)
  struct BlendBytes {
    std::uint8_t index[4] = {}, weight[4] = {};
  };
  std::vector<BlendBytes> blend_;  ///< per vertex of all meshes, when the file has blend arrays
};

}  // namespace

Result<std::vector<std::byte>> iqm_write(const Scene& scene, const WriteOptions& options) {
  std::vector<Warning> warnings;
  const ExportModel model = iqe::prepare_export(scene, options.frame_rate, "IQM", warnings);
  for (std::size_t m = 0; m < model.meshes.size(); ++m) {
    const Mesh& mesh = model.meshes[m];
    if (largest_joint_named(mesh) <= kLargestBlendIndex) continue;
    if (const JointUse use = highest_joint(mesh, 4); use.joint > kLargestBlendIndex)
      return Error{.code = "IQM_JOINT_INDEX_TOO_LARGE",
                   .format = "IQM",
                   .path = "meshes[" + std::to_string(m) + "]",
                   .message = describe_joint_use(mesh, use, model.joints.size()) +
                              "; IQM blend indices are bytes, so a mesh can use joints 0 to " +
                              std::to_string(kLargestBlendIndex) + " only (at most 256)"};
  }
  Result<std::vector<std::byte>> result(IqmWriter(model, options.threads).run());
  result.warnings = std::move(warnings);
  return result;
}

}  // namespace aem::formats
