#include "file_watch.hpp"

namespace aem::viewer {

std::vector<std::filesystem::path> model_files(const std::filesystem::path& model, const Scene& scene) {
  std::vector<std::filesystem::path> files{model};
  for (const Texture& t : scene.textures)
    if (t.data.empty() && !t.name.empty()) files.push_back(model.parent_path() / t.name);
  return files;
}

FileWatch::Stamp FileWatch::stamp(const std::filesystem::path& file) {
  std::error_code ec;
  Stamp s;
  s.time = std::filesystem::last_write_time(file, ec);
  if (ec) return {};
  s.size = std::filesystem::file_size(file, ec);
  s.exists = !ec;
  return s;
}

void FileWatch::watch(std::vector<std::filesystem::path> files) {
  files_ = std::move(files);
  stamps_.clear();
  for (const auto& f : files_) stamps_.push_back(stamp(f));
}

bool FileWatch::changed() {
  bool any = false;
  for (std::size_t i = 0; i < files_.size(); ++i) {
    const Stamp now = stamp(files_[i]);
    if (now != stamps_[i]) {
      stamps_[i] = now;
      any = true;
    }
  }
  return any;
}

}  // namespace aem::viewer
