// Runtime access to AEM files: validate once in one linear pass, then read every section through
// typed, zero-copy spans with no further checks. This is what a game uses every frame.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "aem/aem_file.hpp"
#include "aem/error.hpp"

namespace aem {

namespace detail {
class SectionScan;
}

/// Whether a load tallies the vertex warnings (AEM_WEIGHTS_NOT_NORMALIZED, AEM_NORMAL_NOT_UNIT).
/// `Skip` scans the vertices for errors alone (no weight sums, no normal lengths), for callers that
/// drop warnings (the C API); every error is found either way, at the same offset.
enum class VertexWarnings { Report, Skip };

/// A validated view over the bytes of a current-layout AEM file. Does not own the bytes: they
/// must outlive the view. After validate() succeeds every index, range and parent link is in range,
/// the bone hierarchy is acyclic, every float is finite and key times never decrease.
class AemView {
 public:
  /// Validates `bytes` (must be 4-byte aligned). Tolerated oddities come back as warnings: weights
  /// that do not sum to 1, names with no NUL, non-unit normals, texture index 255 used as "none".
  static Result<AemView> validate(std::span<const std::byte> bytes);

  const aem_file::Counts& counts() const { return counts_; }
  std::uint8_t version() const { return static_cast<std::uint8_t>(bytes_[3]); }
  std::span<const std::byte> bytes() const { return bytes_; }

  std::span<const aem_file::Vertex> vertices() const {
    return section<aem_file::Vertex>(off_.vertices, counts_.vertices);
  }
  std::span<const std::uint32_t> indices() const { return section<std::uint32_t>(off_.indices, counts_.indices); }
  std::span<const aem_file::TextureName> texture_names() const {
    return section<aem_file::TextureName>(off_.textures, counts_.textures);
  }
  std::span<const aem_file::Mesh> meshes() const { return section<aem_file::Mesh>(off_.meshes, counts_.meshes); }
  std::span<const aem_file::Material> materials() const {
    return section<aem_file::Material>(off_.materials, counts_.materials);
  }
  std::span<const aem_file::Bone> bones() const { return section<aem_file::Bone>(off_.bones, counts_.bones); }
  std::span<const aem_file::Animation> animations() const {
    return section<aem_file::Animation>(off_.animations, counts_.animations);
  }
  std::span<const aem_file::Sequence> sequences() const {
    return section<aem_file::Sequence>(off_.sequences, counts_.sequences);
  }
  std::span<const aem_file::Keyframe> keyframes() const {
    return section<aem_file::Keyframe>(off_.keyframes, counts_.keyframes);
  }

  /// Texture file name i, up to its NUL (all 128 bytes when there is none).
  std::string_view texture_name(std::uint32_t i) const;
  /// Animation name i, up to its NUL (all 128 bytes when there is none).
  std::string_view animation_name(std::uint32_t i) const;
  /// Sequence of (animation a, bone b).
  const aem_file::Sequence& sequence(std::uint32_t a, std::uint32_t b) const {
    return sequences()[animations()[a].sequence_index + b];
  }
  /// Bone indices ordered so that every parent comes before its children (computed at validation).
  std::span<const std::uint32_t> parents_first_order() const { return order_; }

  /// Byte offset where each section starts, for tools and error reports.
  struct Offsets {
    std::uint64_t vertices = 0, indices = 0, textures = 0, meshes = 0, materials = 0, bones = 0, animations = 0,
                  sequences = 0, keyframes = 0;
  };
  const Offsets& offsets() const { return off_; }

 private:
  friend class AemModel;
  /// validate(), trusting `scanned` for the vertices and indices when it covered all of them and passed.
  static Result<AemView> validate(std::span<const std::byte> bytes, const detail::SectionScan* scanned);
  template <class T>
  std::span<const T> section(std::uint64_t offset, std::uint32_t count) const {
    return {reinterpret_cast<const T*>(bytes_.data() + offset), count};
  }

  std::span<const std::byte> bytes_;
  aem_file::Counts counts_;
  Offsets off_;
  std::vector<std::uint32_t> order_;
};

/// An AEM file held in memory (read, copied or memory-mapped) together with its validated view.
class AemModel {
 public:
  /// `Read` copies the file into memory the model owns. `Map` maps it instead (no copy; the fastest
  /// load): the file must then stay unchanged while the model lives (replace it by renaming a new
  /// file over it, never by writing into it or truncating it); writes into the mapped bytes stay
  /// private to this process. `MapAndRelease` maps it the same way but gives the pages of the vertex
  /// and index sections back as soon as they are checked, for a caller that only validates: memory
  /// stays far below the file's size, and bytes read later are mapped in again from the file.
  enum class Source { Read, Map, MapAndRelease };
  /// Loads and validates a file from `source`.
  static Result<AemModel> load(const std::filesystem::path& path, Source source = Source::Read,
                               VertexWarnings warnings = VertexWarnings::Report);
  /// The same for a NUL-terminated path, with no std::filesystem::path made (the C API's form).
  static Result<AemModel> load(const char* path, Source source = Source::Read,
                               VertexWarnings warnings = VertexWarnings::Report);
  /// Validates bytes in place when they are 4-byte aligned and `copy` is false, else copies them
  /// into aligned storage first. Non-copied bytes must outlive the model.
  static Result<AemModel> from_memory(std::span<const std::byte> bytes, bool copy = true);

  const AemView& view() const { return view_; }

 private:
  struct Storage;
  /// Validates `bytes` (held by `storage`) and wraps both in a model.
  static Result<AemModel> adopt(std::shared_ptr<Storage> storage, std::span<const std::byte> bytes, const char* file,
                                const detail::SectionScan* scanned = nullptr);
  std::shared_ptr<Storage> storage_;
  AemView view_;
};

}  // namespace aem
