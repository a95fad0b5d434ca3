// File input and atomic output (POSIX).
#include "core/file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <algorithm>
#include <fstream>
#include <random>
#include <string>

namespace aem::detail {
namespace {

Error io_error(const char* code, const std::filesystem::path& path, const std::string& what) {
  return Error{code, {}, path.string(), {}, {}, {}, what + ": " + std::strerror(errno)};
}

thread_local ReadRecorder* innermost_recorder = nullptr;

/// Reads the whole file into the memory `allocate(size)` returns (every byte is overwritten), at most
/// `chunk` bytes per read (0: no limit), reporting each to `progress` (if set).
template <class Allocate>
Status read_into(const std::filesystem::path& path, Allocate&& allocate, std::size_t chunk = 0, const ReadProgress& progress = {}) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
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

Result<std::vector<std::byte>> read_file(const std::filesystem::path& path) {
  std::vector<std::byte> data;
  auto st = read_into(path, [&](std::size_t size) {
    data.resize(size);
    return data.data();
  });
  if (!st) return st.error();
  return data;
}

Result<FileBytes> read_file_uninitialized(const std::filesystem::path& path, std::size_t chunk, const ReadProgress& progress) {
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

Result<MappedFile> MappedFile::open(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
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
    void* p = ::mmap(nullptr, f.size_, PROT_READ, MAP_PRIVATE, fd, 0);
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

/// Writes `bytes` to a new temporary file beside `path`; returns its name, or "" with errno set.
std::string write_temporary(const std::filesystem::path& path, std::span<const std::byte> bytes) {
  std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  std::string tmpl = (dir / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
  int fd = ::mkstemp(tmpl.data());
  if (fd < 0) return {};
  std::size_t done = 0;
  bool ok = true;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = false;
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  if (ok) ok = ::fchmod(fd, 0644) == 0 && ::fsync(fd) == 0;
  int saved = errno;
  if (::close(fd) != 0) ok = false;
  if (ok) return tmpl;
  if (!saved) saved = errno;
  ::unlink(tmpl.c_str());
  errno = saved;
  return {};
}

}  // namespace

Status write_files_atomic(std::span<const PendingFile> files) {
  std::vector<std::string> temporaries;
  auto fail = [&](const std::filesystem::path& path, std::size_t renamed) {
    const int saved = errno;
    for (std::size_t i = 0; i < renamed; ++i) ::unlink(files[i].path.c_str());
    for (std::size_t i = renamed; i < temporaries.size(); ++i) ::unlink(temporaries[i].c_str());
    errno = saved;
    return io_error("IO_WRITE_FAILED", path, "cannot write");
  };
  for (const auto& f : files) {
    temporaries.push_back(write_temporary(f.path, f.bytes));
    if (temporaries.back().empty()) {
      temporaries.pop_back();
      return fail(f.path, 0);
    }
  }
  for (std::size_t i = 0; i < files.size(); ++i)
    if (::rename(temporaries[i].c_str(), files[i].path.c_str()) != 0) return fail(files[i].path, i);
  return Ok{};
}

Status write_file_atomic(const std::filesystem::path& path, std::span<const std::byte> bytes) {
  const PendingFile file{path, bytes};
  return write_files_atomic({&file, 1});
}

}  // namespace aem::detail
