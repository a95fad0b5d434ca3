// Whole-file input (read or memory-mapped) and atomic output.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "aem/byte_sink.hpp"
#include "aem/error.hpp"

namespace aem::detail {

/// Collects the paths of the files this thread reads (read_file, MappedFile, and readers that open
/// files another way and call note_read) while it lives, for depfiles and build caches. Scoped to
/// one conversion on one thread; recorders nest and each sees only what was read during its life.
class ReadRecorder {
 public:
  ReadRecorder();
  ~ReadRecorder();
  ReadRecorder(const ReadRecorder&) = delete;
  ReadRecorder& operator=(const ReadRecorder&) = delete;
  /// Every path read so far, in first-read order, each once (as given to the reading call).
  const std::vector<std::string>& paths() const { return paths_; }
  void add(const std::string& path);

 private:
  std::vector<std::string> paths_;
  ReadRecorder* outer_;
};

/// Tells this thread's live ReadRecorders (if any) that `path` was read.
void note_read(const std::filesystem::path& path);
/// The same for a C string: no path object is made unless a recorder is live.
void note_read(const char* path);

/// Reads a whole file into memory: std::byte, or std::uint8_t for image bytes kept as they are
/// (Texture::data), which then need no copy. Error code IO_OPEN_FAILED / IO_READ_FAILED.
template <class Byte = std::byte>
Result<std::vector<Byte>> read_file(const std::filesystem::path& path);
extern template Result<std::vector<std::byte>> read_file(const std::filesystem::path& path);
extern template Result<std::vector<std::uint8_t>> read_file(const std::filesystem::path& path);

/// A whole file in heap memory that was never zero-filled (new[]: aligned to at least 16 bytes).
struct FileBytes {
  std::unique_ptr<std::byte[]> data;
  std::size_t size = 0;
  std::span<const std::byte> bytes() const { return {data.get(), size}; }
};

/// Told after each chunk of a chunked read: the file's bytes read so far (from its start) and its size.
using ReadProgress = std::function<void(std::span<const std::byte> read, std::size_t size)>;

/// read_file without the zero fill of a std::vector: for callers that keep the bytes as they are.
/// With `progress`, reads at most `chunk` bytes at a time and reports each, so that the caller can
/// check data while it is still in cache. The C-string form builds no std::filesystem::path (the
/// C API's loads, where that costs as much as reading a small file).
Result<FileBytes> read_file_uninitialized(const char* path, std::size_t chunk = 0, const ReadProgress& progress = {});
inline Result<FileBytes> read_file_uninitialized(const std::filesystem::path& path, std::size_t chunk = 0,
                                                 const ReadProgress& progress = {}) {
  return read_file_uninitialized(path.c_str(), chunk, progress);
}

/// A memory mapping of a whole file; the bytes stay valid while the object lives. The pages are the
/// page cache's: the file must not be written or truncated while mapped (changes show through, and
/// touching pages past a truncated end raises SIGBUS). Replacing it by a rename, as our writers do, is
/// safe: the mapping keeps the old file.
class MappedFile {
 public:
  /// `Fault`: writing into the bytes faults. `Private`: writes are allowed and stay in this process
  /// (copy on write); the mapping then counts against the commit limit like allocated memory.
  enum class Writes { Fault, Private };
  static Result<MappedFile> open(const char* path, Writes writes = Writes::Fault);
  static Result<MappedFile> open(const std::filesystem::path& path, Writes writes = Writes::Fault) {
    return open(path.c_str(), writes);
  }
  MappedFile(MappedFile&& o) noexcept;
  MappedFile& operator=(MappedFile&& o) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();
  std::span<const std::byte> bytes() const { return {static_cast<const std::byte*>(data_), size_}; }
  /// Drops the whole pages of `range` (a part of bytes()) from this process's memory; the bytes stay
  /// readable, read again from the file when touched (on a `Private` mapping, writes to them are lost).
  void release(std::span<const std::byte> range) const;

 private:
  MappedFile() = default;
  void* data_ = nullptr;
  std::size_t size_ = 0;
};

/// Whether a written file is flushed to the storage device (fsync) before it is renamed into place.
/// Without it the file is still never seen half written (the rename happens after the last byte),
/// but a power loss within the next half minute or so may lose it; with it, writing waits for the
/// disk (a 57 MB model: 0.15-0.2 s more).
enum class Sync : bool { no, yes };
constexpr Sync sync_if(bool flush) { return flush ? Sync::yes : Sync::no; }

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`; on any failure
/// the temporary is removed and `path` is untouched. Error code IO_WRITE_FAILED.
Status write_file_atomic(const std::filesystem::path& path, std::span<const std::byte> bytes, Sync sync = Sync::no);

/// write_file_atomic for a file made as it is written: `produce` puts it into a temporary beside `path`
/// (writing through to disk, so the file is never whole in memory), renamed over `path` only when
/// produce succeeds and every byte was stored. Otherwise, or when produce throws, the temporary is
/// removed and `path` is untouched. A failed write gives IO_WRITE_FAILED with the byte offset and
/// the reason (over produce's own error), anything else produce's error.
Status write_file_streamed(const std::filesystem::path& path, const std::function<Status(ByteSink&)>& produce,
                           Sync sync = Sync::no);

struct PendingFile {
  std::filesystem::path path;
  std::span<const std::byte> bytes;
};
/// Writes every file to a temporary beside it, then renames them into place in order; on any failure
/// the temporaries and the files already renamed are removed. Error code IO_WRITE_FAILED.
Status write_files_atomic(std::span<const PendingFile> files, Sync sync = Sync::no);

}  // namespace aem::detail
