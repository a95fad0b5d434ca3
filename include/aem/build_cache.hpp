// The conversion cache of `aem convert --cache DIR` and the Python module's batches: a conversion whose
// inputs (the model and every side file it read), options and aem version are unchanged since the last
// one, and whose outputs are still as written, is skipped. Workers that share the folder share it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/convert.hpp"

namespace aem::convert {

/// One entry per conversion, named by a hash of its key and holding the whole key, so two keys with
/// the same hash never share a result. Files are compared by size and a 64-bit FNV-1a hash of their
/// bytes; timestamps play no part. Entries are replaced atomically, so processes may share the folder.
class BuildCache {
 public:
  explicit BuildCache(std::filesystem::path dir) : dir_(std::move(dir)) {}
  /// True when the entry for `key` exists and every file it lists still has the recorded size and hash.
  bool fresh(const std::string& key) const;
  /// Records the files read and written by the conversion of `key` (replacing an older entry). False
  /// when a listed file cannot be read or the entry cannot be written.
  bool store(const std::string& key, const std::vector<std::string>& read,
             const std::vector<std::string>& written) const;

 private:
  std::filesystem::path entry_path(const std::string& key) const;
  std::filesystem::path dir_;
};

/// Everything besides file contents that decides a conversion's result: the aem version, the absolute
/// input and output paths, the output format (named, or the output's extension's) and every option that
/// changes what is written (all but `write.sync`).
std::string cache_key(const std::filesystem::path& input, const std::filesystem::path& output,
                      const ConvertOptions& options);

/// FNV-1a (64-bit) of `bytes`, continuing from `hash`.
std::uint64_t fnv1a(const void* bytes, std::size_t size, std::uint64_t hash = 0xcbf29ce484222325ull);

}  // namespace aem::convert
