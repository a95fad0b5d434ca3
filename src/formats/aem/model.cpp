// AemModel: owns the bytes of an AEM file (read into memory, copied, or mapped) plus its view.
#include <optional>

#include "aem/aem_view.hpp"
#include "core/file.hpp"

namespace aem {

// std::allocator and new[] storage come from ::operator new, aligned to at least 16 bytes, which the
// zero-copy view needs (4).
struct AemModel::Storage {
  std::vector<std::byte> owned;
  detail::FileBytes read;  ///< a file read by load(): no zero fill before the read
  std::optional<detail::MappedFile> mapped;
};

Result<AemModel> AemModel::adopt(std::shared_ptr<Storage> storage, std::span<const std::byte> bytes,
                                 const std::string& file) {
  auto view = AemView::validate(bytes);
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
  return adopt(std::move(storage), bytes, {});
}

Result<AemModel> AemModel::load(const std::filesystem::path& path, Source source) {
  auto storage = std::make_shared<Storage>();
  std::span<const std::byte> bytes;
  if (source == Source::Map) {
    auto mapped = detail::MappedFile::open(path);
    if (!mapped) return mapped.error();
    storage->mapped.emplace(std::move(mapped.value()));
    bytes = storage->mapped->bytes();
  } else {
    auto data = detail::read_file_uninitialized(path);
    if (!data) return data.error();
    storage->read = std::move(data.value());
    bytes = storage->read.bytes();
  }
  return adopt(std::move(storage), bytes, path.string());
}

}  // namespace aem
