#include "aem/build_cache.hpp"

#include <fmt/core.h>

#include <filesystem>
#include <optional>
#include <sstream>

#include "aem/version.hpp"
#include "core/file.hpp"

namespace aem::convert {
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

std::filesystem::path BuildCache::entry_path(const std::string& key) const {
  return dir_ / fmt::format("{:016x}.entry", fnv1a(key.data(), key.size()));
}

std::string cache_key(const std::filesystem::path& input, const std::filesystem::path& output,
                      const ConvertOptions& options) {
  const auto absolute = [](const std::filesystem::path& p) {
    return std::filesystem::absolute(p).lexically_normal().string();
  };
  const char* up = !options.up ? "" : *options.up == UpAxis::Y ? "y" : *options.up == UpAxis::Z ? "z" : "-y";
  const WriteOptions& w = options.write;
  const ReadOptions& r = options.read;
  const FormatHandler* to = options.to ? options.to : format_for_extension(output, FormatUse::Write);
  return fmt::format(
      "aem {}\ninput {}\noutput {}\nto={} scale={} up={} flip_uv={} textures={} optimize={} weld={} fps={} lods={} compress={} embed={} "
      "lod_nodes={} asset_root={} generate_normals={} max_decoded_bytes={} anim_error={}",
      version(), absolute(input), absolute(output), to ? to->name : "", options.scale, up, options.flip_uv,
      options.textures, options.optimize, options.weld, w.frame_rate, w.lods, w.compress, w.embed, options.lod_nodes,
      r.asset_root.string(), r.generate_normals, r.max_decoded_bytes,
      options.anim_error ? fmt::format("{}", *options.anim_error) : "default");
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

bool BuildCache::store(const std::string& key, const std::vector<std::string>& read,
                       const std::vector<std::string>& written) const {
  std::string text = fmt::format("{}\n{}\n", key.size(), key);
  for (const auto* list : {&read, &written})
    for (const auto& path : *list) {
      const auto print = fingerprint(path);
      if (!print) return false;  // a file that vanished cannot vouch for anything
      text += *print + " " + std::filesystem::absolute(path).string() + "\n";
    }
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  return static_cast<bool>(
      detail::write_file_atomic(entry_path(key), std::as_bytes(std::span(text.data(), text.size()))));
}

}  // namespace aem::convert
