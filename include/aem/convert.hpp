// Converting models as `aem convert` does: one file in, one file out (read any format, prepare the scene
// for the target, convert conventions, write atomically), and the rules of its --out-dir batches (where
// each output goes, which sets of conversions clash). The aem tool and the Python module share these.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "aem/io.hpp"

namespace aem::convert {

struct ConvertOptions {
  const FormatHandler* to = nullptr;  ///< output format; null = from the output's extension
  float scale = 1.0f;                 ///< multiplies every coordinate
  std::optional<UpAxis> up;           ///< the output's up axis; default: the output format's own
  bool flip_uv = false;               ///< V -> 1 - V on top of the format's own convention
  bool textures = true;   ///< AEM/IQE/IQM: write PNG textures next to the output; CEM: embedded images as files
  bool optimize = false;  ///< merge duplicate vertices, optimise vertex cache and fetch order
  /// Merge vertices equal in everything but directions (normals, tangents) that differ by rounding
  /// only (at most 1e-4 per component): the corners an exporter split, as Blender's glTF exporter does
  /// with its custom normals. The Blender add-on's export asks for it; a plain conversion keeps the
  /// source's vertices.
  bool weld = false;
  /// AEM, glTF, E3D: key reduction's largest vertex error, in the output's units; 0 keeps every key.
  /// None: 0.1 mm when the source's units are known (glTF, or a "units" note), else 1/18000 of the
  /// model's largest extent (0.1 mm on a figure 1.8 m tall).
  std::optional<float> anim_error;
  /// glTF: keep each coarser level of detail of an unskinned mesh as a mesh on a child node marked in
  /// its extras ("aem_lod"), which aem's reader joins back (the Blender add-on's round trip,
  /// docs/formats/gltf.md §4). Off, glTF gets the finest level only (GLTF_WRITE_LODS_DROPPED): other
  /// viewers would draw every level at once.
  bool lod_nodes = false;
  ReadOptions read;  ///< e.g. asset_root: where side files may come from
  WriteOptions write;
};

struct StepTime {
  std::string step;
  double milliseconds = 0;
};

/// Animation keys as the output stores them, before and after key reduction.
struct AnimationKeys {
  std::uint64_t keys_before = 0, keys_after = 0;
  std::uint64_t
      bytes_before = 0,
      bytes_after =
          0;  ///< key data: AEM's keyframe, sequence and animation records; glTF's and E3D's key times and values
  float bound = 0.0f;          ///< the largest error allowed, output units (0: every key kept)
  float largest_error = 0.0f;  ///< the largest vertex error measured at every original key time and midpoint
  double check_ms = 0;         ///< of the reduction's time, the check's
};

struct ConvertReport {
  std::vector<StepTime> steps;
  std::string input_format, output_format;
  std::uint64_t input_bytes = 0, output_bytes = 0;
  /// CEM with skeletal animation baked into frames: the size estimated before baking (and checked
  /// against WriteOptions::max_output_bytes); 0 when nothing was estimated.
  std::uint64_t estimated_output_bytes = 0;
  std::size_t vertices = 0, triangles = 0, joints = 0, animations = 0;
  std::size_t vertices_welded = 0;  ///< vertices ConvertOptions::weld merged away
  std::vector<std::filesystem::path> textures_written;
  std::optional<AnimationKeys> animation_keys;  ///< outputs that store keys (AEM, glTF, E3D) of animated scenes
  /// Every file the conversion read, each once, in first-read order (the model, then its side files):
  /// what a depfile lists and a cache entry checks.
  std::vector<std::string> files_read;
};

/// Converts `input` into `output`. Nothing is left behind on failure: the output is written
/// atomically and texture files written for it are removed again. Warnings come back in the result.
Result<ConvertReport> convert_file(const std::filesystem::path& input, const std::filesystem::path& output,
                                   const ConvertOptions& options);

/// What convert_file does after its read, for a scene already in memory: the same steps give the same
/// bytes. `source` is the file the scene was read from (side textures a glTF output embeds are looked
/// for beside it, and its size is the report's input_bytes); it may be empty. Warnings are the steps'
/// and the writer's only (the read's stayed with the read).
Result<ConvertReport> convert_scene(Scene scene, const std::filesystem::path& source,
                                    const std::filesystem::path& output, const ConvertOptions& options);

/// Where a batch into `out_dir` writes `input`: `out_dir/<input's stem><format's first extension>`.
std::filesystem::path output_in_folder(const std::filesystem::path& input, const std::filesystem::path& out_dir,
                                       const FormatHandler& format);

struct Conversion {
  std::filesystem::path input, output;
};

/// Why `conversions` may not run together, one line each: an output that is also one of the inputs
/// ("OUT would overwrite the input IN"), or that several conversions would write ("OUT <- IN1, IN2").
/// Paths are compared absolute and normalised, so "d/x.aem" and "d/./x.aem" clash. Empty: no clash.
std::vector<std::string> output_clashes(std::span<const Conversion> conversions);

}  // namespace aem::convert
