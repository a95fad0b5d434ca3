#include "commands/build_cache.hpp"

#include <fmt/core.h>

#include <filesystem>
#include <optional>
#include <sstream>

#include "core/file.hpp"

namespace aem::cli {
namespace {

/// "<size> <hash>" of a file's bytes, or nothing when it cannot be read.
std::optional<std::string> fingerprint(const std::string& path) {
  auto mapped = detail::MappedFile::open(path);
  if (!mapped) return std::nullopt;
  const auto bytes = mapped->bytes();
  return fmt::format("{} {:016x}", bytes.size(), fnv1a(bytes.data(), bytes.size()));
}

std::optional<std::string> read_text(const std::string& path) {
  auto bytes = detail::read_file(path);
  if (!bytes) return std::nullopt;
  return std::string(reinterpret_cast<const char*>(bytes->data()), bytes->size());
}

}  // namespace

std::uint64_t fnv1a(const void* bytes, std::size_t size, std::uint64_t hash) {
  const auto* p = static_cast<const unsigned char*>(bytes);
  for (std::size_t i = 0; i < size; ++i) hash = (hash ^ p[i]) * 0x100000001b3ull;
  return hash;
}

std::string BuildCache::entry_path(const std::string& key) const {
  return (std::filesystem::path(dir_) / fmt::format("{:016x}.entry", fnv1a(key.data(), key.size()))).string();
}

// Entry text: the key's length and bytes, then one "<size> <hash> <path>" line per file.
bool BuildCache::fresh(const std::string& key) const {
  const auto text = read_text(entry_path(key));
  const std::string header = fmt::format("{}\n{}\n", key.size(), key);
  if (!text || text->compare(0, header.size(), header) != 0) return false;
  std::istringstream lines(text->substr(header.size()));
  std::string size, hash, path;
  bool any = false;
  while (lines >> size >> hash && std::getline(lines >> std::ws, path)) {
    const auto now = fingerprint(path);
    if (!now || *now != size + " " + hash) return false;
    any = true;
  }
  return any;
}

bool BuildCache::store(const std::string& key, const std::vector<std::string>& read, const std::vector<std::string>& written) const {
  std::string text = fmt::format("{}\n{}\n", key.size(), key);
  for (const auto* list : {&read, &written})
    for (const auto& path : *list) {
      const auto print = fingerprint(path);
      if (!print) return false;  // a file that vanished cannot vouch for anything
      text += *print + " " + std::filesystem::absolute(path).string() + "\n";
    }
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  return static_cast<bool>(detail::write_file_atomic(entry_path(key), std::as_bytes(std::span(text.data(), text.size()))));
}

}  // namespace aem::cli
