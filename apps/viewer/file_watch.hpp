// Notices when a model file or the texture files next to it change on disk (live reload).
#pragma once

#include <filesystem>
#include <vector>

#include "aem/scene.hpp"

namespace aem::viewer {

/// The files a loaded model depends on: the model itself and every texture named by file (not
/// embedded), relative to the model's directory.
std::vector<std::filesystem::path> model_files(const std::filesystem::path& model, const Scene& scene);

class FileWatch {
 public:
  /// Remembers the modification time and size of each file (a missing file counts as a state too).
  void watch(std::vector<std::filesystem::path> files);
  /// True once per change: when any watched file's time or size differs from what was remembered,
  /// which then becomes the remembered state.
  bool changed();

 private:
  struct Stamp {
    std::filesystem::file_time_type time{};
    std::uintmax_t size = 0;
    bool exists = false;
    bool operator==(const Stamp&) const = default;
  };
  static Stamp stamp(const std::filesystem::path& file);
  std::vector<std::filesystem::path> files_;
  std::vector<Stamp> stamps_;
};

}  // namespace aem::viewer
