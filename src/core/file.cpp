// File input and atomic output (POSIX).
#include "core/file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <algorithm>
#include <fstream>
#include <random>
#include <string>
#include <utility>

namespace aem::detail {
namespace {

Error io_error(const char* code, const char* path, const std::string& what) {
  return Error{.code = code, .file = path, .message = what + ": " + std::strerror(errno)};
}

Error io_error(const char* code, const std::filesystem::path& path, const std::string& what) {
  return io_error(code, path.c_str(), what);
}

thread_local ReadRecorder* innermost_recorder = nullptr;

/// Reads the whole file into the memory `allocate(size)` returns (every byte is overwritten), at most
/// `chunk` bytes per read (0: no limit), reporting each to `progress` (if set).
template <class Allocate>
Status read_into(const char* path, Allocate&& allocate, std::size_t chunk = 0, const ReadProgress& progress = {}) {
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_error("IO_OPEN_FAILED", path, "cannot open");
  note_read(path);
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) errno = EISDIR;
    auto e = io_error("IO_OPEN_FAILED", path, "not a regular file");
    ::close(fd);
    return e;
  }
  const std::size_t size = static_cast<std::size_t>(st.st_size);
  std::byte* data = allocate(size);
  std::size_t done = 0;
  while (done < size) {
    ssize_t n = ::read(fd, data + done, chunk ? std::min(chunk, size - done) : size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      auto e = io_error("IO_READ_FAILED", path, "read failed");
      ::close(fd);
      return e;
    }
    done += static_cast<std::size_t>(n);
    if (progress) progress({data, done}, size);
  }
  ::close(fd);
  return Ok{};
}

}  // namespace

ReadRecorder::ReadRecorder() : outer_(innermost_recorder) { innermost_recorder = this; }

ReadRecorder::~ReadRecorder() { innermost_recorder = outer_; }

void ReadRecorder::add(const std::string& path) {
  if (std::find(paths_.begin(), paths_.end(), path) == paths_.end()) paths_.push_back(path);
  if (outer_) outer_->add(path);
}

void note_read(const std::filesystem::path& path) {
  if (innermost_recorder) innermost_recorder->add(path.lexically_normal().string());
}

void note_read(const char* path) {
  if (innermost_recorder) note_read(std::filesystem::path(path));
}

template <class Byte>
Result<std::vector<Byte>> read_file(const std::filesystem::path& path) {
  static_assert(sizeof(Byte) == 1);
  std::vector<Byte> data;
  auto st = read_into(path.c_str(), [&](std::size_t size) {
    data.resize(size);
    return reinterpret_cast<std::byte*>(data.data());
  });
  if (!st) return st.error();
  return data;
}
template Result<std::vector<std::byte>> read_file(const std::filesystem::path& path);
template Result<std::vector<std::uint8_t>> read_file(const std::filesystem::path& path);

Result<FileBytes> read_file_uninitialized(const char* path, std::size_t chunk, const ReadProgress& progress) {
  FileBytes out;
  auto st = read_into(
      path,
      [&](std::size_t size) {
        out.data.reset(new std::byte[size]);  // default-initialised: no zero fill before the read overwrites it
        out.size = size;
        return out.data.get();
      },
      chunk, progress);
  if (!st) return st.error();
  return out;
}

Result<MappedFile> MappedFile::open(const char* path, Writes writes) {
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_error("IO_OPEN_FAILED", path, "cannot open");
  note_read(path);
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    auto e = io_error("IO_OPEN_FAILED", path, "not a regular file");
    ::close(fd);
    return e;
  }
  MappedFile f;
  f.size_ = static_cast<std::size_t>(st.st_size);
  if (f.size_ > 0) {
    // No MAP_POPULATE: on a writable private mapping it would copy every page, and faulting pages
    // in on first touch (the kernel maps neighbours too) costs less than populating them up front.
    const int protection = writes == Writes::Private ? PROT_READ | PROT_WRITE : PROT_READ;
    void* p = ::mmap(nullptr, f.size_, protection, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
      auto e = io_error("IO_READ_FAILED", path, "mmap failed");
      ::close(fd);
      return e;
    }
    f.data_ = p;
  }
  ::close(fd);
  return f;
}

void MappedFile::release(std::span<const std::byte> range) const {
  const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto base = reinterpret_cast<std::uintptr_t>(data_);
  const auto begin = std::max(reinterpret_cast<std::uintptr_t>(range.data()), base);
  const auto end = std::min(reinterpret_cast<std::uintptr_t>(range.data() + range.size()), base + size_);
  const std::uintptr_t first = (begin + page - 1) & ~(page - 1), last = end & ~(page - 1);
  // The kernel maps the file's pages in again when they are touched.
  if (first < last) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
}

MappedFile::MappedFile(MappedFile&& o) noexcept : data_(o.data_), size_(o.size_) {
  o.data_ = nullptr;
  o.size_ = 0;
}

MappedFile& MappedFile::operator=(MappedFile&& o) noexcept {
  if (this != &o) {
    if (data_) ::munmap(data_, size_);
    data_ = o.data_;
    size_ = o.size_;
    o.data_ = nullptr;
    o.size_ = 0;
  }
  return *this;
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(data_, size_);
}

namespace {

/// A new temporary file beside `path`, removed again when the object dies unless keep() took it. A
/// failed call leaves errno set; after one, every later call fails too.
class TemporaryFile final : public ByteSink {
 public:
  explicit TemporaryFile(const std::filesystem::path& path) {
    std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    name_ = (dir / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
    fd_ = ::mkstemp(name_.data());
    if (fd_ < 0) {
      saved_errno_ = errno;
      name_.clear();
    }
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() {
    const int saved = errno;  // the caller's error report comes after the clean-up
    if (fd_ >= 0) ::close(fd_);
    if (!name_.empty()) ::unlink(name_.c_str());
    errno = saved;
  }

  bool put(std::span<const std::byte> bytes) override {
    std::size_t done = 0;
    while (fd_ >= 0 && done < bytes.size()) {
      ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n == 0) errno = ENOSPC;  // a regular file that takes nothing is full
      if (n <= 0) return fail();
      done += static_cast<std::size_t>(n);
      written_ += static_cast<std::uint64_t>(n);
    }
    return fd_ >= 0 || fail();
  }
  /// Makes the file readable like any other (and flushes it to disk for Sync::yes), then closes it.
  bool finish(Sync sync) {
    if (fd_ < 0 || ::fchmod(fd_, 0644) != 0 || (sync == Sync::yes && ::fsync(fd_) != 0)) return fail();
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0 || fail();
  }
  /// The temporary's name, no longer removed by this object.
  std::string keep() { return std::exchange(name_, {}); }
  /// Puts the finished file in place of `path`.
  bool rename_to(const std::filesystem::path& path) {
    if (name_.empty() || ::rename(name_.c_str(), path.c_str()) != 0) return fail();
    name_.clear();
    return true;
  }
  bool failed() const { return saved_errno_ != 0; }
  /// Bytes that reached the file, i.e. the offset of the first one that did not.
  std::uint64_t written() const { return written_; }
  /// Restores errno to what the first failure set (clean-up calls may have changed it since).
  void restore_errno() const { errno = saved_errno_; }

 private:
  bool fail() {
    if (!saved_errno_) saved_errno_ = errno ? errno : EIO;
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    errno = saved_errno_;
    return false;
  }

  std::string name_;
  int fd_ = -1;
  int saved_errno_ = 0;
  std::uint64_t written_ = 0;
};

/// Writes `bytes` to a new temporary file beside `path`; returns its name, or "" with errno set.
std::string write_temporary(const std::filesystem::path& path, std::span<const std::byte> bytes, Sync sync) {
  TemporaryFile file(path);
  if (!file.put(bytes) || !file.finish(sync)) return {};
  return file.keep();
}

}  // namespace

Status write_files_atomic(std::span<const PendingFile> files, Sync sync) {
  std::vector<std::string> temporaries;
  auto fail = [&](const std::filesystem::path& path, std::size_t renamed) {
    const int saved = errno;
    for (std::size_t i = 0; i < renamed; ++i) ::unlink(files[i].path.c_str());
    for (std::size_t i = renamed; i < temporaries.size(); ++i) ::unlink(temporaries[i].c_str());
    errno = saved;
    return io_error("IO_WRITE_FAILED", path, "cannot write");
  };
  for (const auto& f : files) {
    temporaries.push_back(write_temporary(f.path, f.bytes, sync));
    if (temporaries.back().empty()) {
      temporaries.pop_back();
      return fail(f.path, 0);
    }
  }
  for (std::size_t i = 0; i < files.size(); ++i)
    if (::rename(temporaries[i].c_str(), files[i].path.c_str()) != 0) return fail(files[i].path, i);
  return Ok{};
}

Status write_file_streamed(const std::filesystem::path& path, const std::function<Status(ByteSink&)>& produce,
                           Sync sync) {
  TemporaryFile file(path);
  Status produced = produce(file);
  if (produced && file.finish(sync) && file.rename_to(path)) return produced;
  // A refused write outranks the writer's own report of it: only the file knows why (disk full, ...).
  if (!file.failed()) return produced;
  file.restore_errno();
  Status failed = io_error("IO_WRITE_FAILED", path, "cannot write");
  failed.error().offset = file.written();
  return failed;
}

Status write_file_atomic(const std::filesystem::path& path, std::span<const std::byte> bytes, Sync sync) {
  const PendingFile file{path, bytes};
  return write_files_atomic({&file, 1}, sync);
}

}  // namespace aem::detail
