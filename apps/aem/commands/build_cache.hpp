// `aem convert --cache DIR`: skips a conversion whose inputs (the model and every side file it read),
// options and aem version are unchanged since the last one, and whose outputs are still as written.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace aem::cli {

/// One entry per conversion, named by a hash of its key (input, output, options, aem version) and
/// holding the whole key, so two keys with the same hash never share a result. Files are compared by
/// size and a 64-bit FNV-1a hash of their bytes.
class BuildCache {
 public:
  explicit BuildCache(std::string dir) : dir_(std::move(dir)) {}
  /// True when the entry for `key` exists and every file it lists still has the recorded size and hash.
  bool fresh(const std::string& key) const;
  /// Records the files read and written by the conversion of `key` (replacing an older entry).
  bool store(const std::string& key, const std::vector<std::string>& read, const std::vector<std::string>& written) const;

 private:
  std::string entry_path(const std::string& key) const;
  std::string dir_;
};

/// FNV-1a (64-bit) of `bytes`, continuing from `hash`.
std::uint64_t fnv1a(const void* bytes, std::size_t size, std::uint64_t hash = 0xcbf29ce484222325ull);

}  // namespace aem::cli
