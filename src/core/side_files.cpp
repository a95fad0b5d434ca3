#include "core/side_files.hpp"

#include <optional>
#include <string>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <fcntl.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#endif

namespace aem::detail {
namespace {

/// The path of an existing `p` with every symbolic link resolved, as the kernel names the file it
/// opens: three system calls, where std::filesystem resolves one component at a time (a dozen for a
/// texture's path, twice per side file). None where `p` is missing or /proc is not mounted.
std::optional<std::filesystem::path> resolved_by_kernel([[maybe_unused]] const std::filesystem::path& p) {
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  const int fd = ::open(p.c_str(), O_PATH | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  char link[40];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  std::string target(PATH_MAX, '\0');
  const ssize_t length = ::readlink(link, target.data(), target.size());
  ::close(fd);
  if (length <= 0 || static_cast<std::size_t>(length) >= target.size() || target[0] != '/') return std::nullopt;
  target.resize(static_cast<std::size_t>(length));
  return std::filesystem::path(std::move(target));
#else
  return std::nullopt;
#endif
}

std::filesystem::path real(const std::filesystem::path& p) {
  if (auto resolved = resolved_by_kernel(p.empty() ? "." : p)) return *resolved;
  std::error_code ec;
  auto r = std::filesystem::weakly_canonical(std::filesystem::absolute(p.empty() ? "." : p, ec), ec);
  return ec ? std::filesystem::absolute(p.empty() ? "." : p).lexically_normal() : r;
}

bool inside(const std::filesystem::path& file, const std::filesystem::path& folder) {
  const auto rel = file.lexically_relative(folder);
  return !rel.empty() && *rel.begin() != ".." && rel != ".";
}

}  // namespace

bool side_file_allowed(const std::filesystem::path& file, const std::filesystem::path& model_dir,
                       const std::filesystem::path& asset_root) {
  const auto target = real(file);
  return inside(target, real(model_dir)) || (!asset_root.empty() && inside(target, real(asset_root)));
}

Result<std::filesystem::path> resolve_side_file(const std::filesystem::path& model_dir, std::string_view reference,
                                                const std::filesystem::path& asset_root) {
  const std::filesystem::path file =
      (model_dir.empty() ? std::filesystem::path(".") : model_dir) / std::filesystem::path(reference);
  if (side_file_allowed(file, model_dir, asset_root)) return file;
  return Error{.code = "SIDE_FILE_REFUSED",
               .path = std::string(reference),
               .message = "the model refers to \"" + std::string(reference) + "\", which is outside " +
                          (asset_root.empty() ? "the model's folder" : "the model's folder and the asset root") +
                          "; not read"};
}

}  // namespace aem::detail
