// One file in, one file out: read (any format), prepare for the target, convert conventions, write.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "aem/io.hpp"

namespace aem::convert {

struct ConvertOptions {
  const FormatHandler* to = nullptr;  ///< output format; null = from the output's extension
  float scale = 1.0f;                 ///< multiplies every coordinate
  std::optional<UpAxis> up;           ///< the output's up axis; default: the output format's own
  bool flip_uv = false;               ///< V -> 1 - V on top of the format's own convention
  bool textures = true;               ///< AEM/IQE/IQM: write PNG textures next to the output; CEM: embedded images as files
  bool optimize = false;              ///< merge duplicate vertices, optimise vertex cache and fetch order
  ReadOptions read;                   ///< e.g. asset_root: where side files may come from
  WriteOptions write;
};

struct StepTime {
  std::string step;
  double milliseconds = 0;
};

struct ConvertReport {
  std::vector<StepTime> steps;
  std::string input_format, output_format;
  std::uint64_t input_bytes = 0, output_bytes = 0;
  std::size_t vertices = 0, triangles = 0, joints = 0, animations = 0;
  std::vector<std::filesystem::path> textures_written;
};

/// Converts `input` into `output`. Nothing is left behind on failure: the output is written
/// atomically and texture files written for it are removed again. Warnings come back in the result.
Result<ConvertReport> convert_file(const std::filesystem::path& input, const std::filesystem::path& output,
                                   const ConvertOptions& options);

}  // namespace aem::convert
