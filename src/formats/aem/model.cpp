// AemModel: owns the bytes of an AEM file (read into memory, copied, or mapped) plus its view.
#include <algorithm>
#include <optional>

#include "aem/aem_view.hpp"
#include "core/file.hpp"
#include "formats/aem/section_scan.hpp"

namespace aem {

// std::allocator and new[] storage come from ::operator new, aligned to at least 16 bytes, which the
// zero-copy view needs (4).
struct AemModel::Storage {
  std::vector<std::byte> owned;
  detail::FileBytes read;  ///< a file read by load(): no zero fill before the read
  std::optional<detail::MappedFile> mapped;
};

Result<AemModel> AemModel::adopt(std::shared_ptr<Storage> storage, std::span<const std::byte> bytes, const char* file,
                                 const detail::SectionScan* scanned) {
  auto view = AemView::validate(bytes, scanned);
  if (!view) {
    view.error().file = file;
    return view.error();
  }
  AemModel m;
  m.storage_ = std::move(storage);
  m.view_ = std::move(view.value());
  Result<AemModel> r(std::move(m));
  r.warnings = std::move(view.warnings);
  for (auto& w : r.warnings) w.file = file;
  return r;
}

Result<AemModel> AemModel::from_memory(std::span<const std::byte> bytes, bool copy) {
  auto storage = std::make_shared<Storage>();
  if (copy || reinterpret_cast<std::uintptr_t>(bytes.data()) % 4 != 0) {
    storage->owned.assign(bytes.begin(), bytes.end());
    bytes = storage->owned;
  }
  return adopt(std::move(storage), bytes, "");
}

// Vertices and indices (most of a model's bytes) are checked a chunk at a time: right after each read,
// while the chunk is in cache, or (MapAndRelease) before its pages are given back.
constexpr std::size_t kChunk = 128 * 1024;

Result<AemModel> AemModel::load(const std::filesystem::path& path, Source source, VertexWarnings warnings) {
  return load(path.c_str(), source, warnings);
}

Result<AemModel> AemModel::load(const char* path, Source source, VertexWarnings warnings) {
  auto storage = std::make_shared<Storage>();
  if (source != Source::Read) {
    // Private writes: the C API hands out non-const pointers into these bytes, as the reference's does.
    auto mapped = detail::MappedFile::open(path, detail::MappedFile::Writes::Private);
    if (!mapped) return mapped.error();
    storage->mapped.emplace(std::move(mapped.value()));
    const auto bytes = storage->mapped->bytes();
    auto scan = detail::SectionScan::for_file(bytes, bytes.size(), warnings);
    if (source == Source::Map) {
      if (scan) scan->advance(bytes);
      return adopt(std::move(storage), bytes, path, scan ? &*scan : nullptr);
    }
    // Pages go back one chunk behind the scan: each advance re-reads the unfinished vertex block
    // before its start, and the kernel maps the neighbours of a page it faults in again.
    std::size_t released = 0;
    for (std::size_t end = kChunk; scan && released < bytes.size(); end += kChunk) {
      scan->advance(bytes.first(std::min(end, bytes.size())));
      const std::size_t behind = end >= bytes.size() ? bytes.size() : end - kChunk;
      storage->mapped->release(bytes.subspan(released, behind - released));
      released = behind;
    }
    return adopt(std::move(storage), bytes, path, scan ? &*scan : nullptr);
  }
  std::optional<detail::SectionScan> scan;
  bool no_scan = false;  // the header does not describe this file: validate() reports it
  auto data = detail::read_file_uninitialized(path, kChunk, [&](std::span<const std::byte> read, std::size_t size) {
    if (!scan && !no_scan && read.size() >= aem_file::kHeaderSize) {
      scan = detail::SectionScan::for_file(read, size, warnings);
      no_scan = !scan;
    }
    if (scan) scan->advance(read);
  });
  if (!data) return data.error();
  storage->read = std::move(data.value());
  const auto bytes = storage->read.bytes();
  return adopt(std::move(storage), bytes, path, scan ? &*scan : nullptr);
}

}  // namespace aem
