#include "aem/convert.hpp"

#include <chrono>
#include <iterator>
#include <map>

#include "aem/conventions.hpp"
#include "core/file.hpp"
#include "core/flatten.hpp"
#include "core/side_textures.hpp"
#include "core/weld.hpp"
#include "convert/animation_keys.hpp"
#include "convert/keys.hpp"
#include "convert/normals.hpp"
#include "convert/optimize.hpp"
#include "convert/textures.hpp"
#include "formats/cem/cem_format.hpp"
#include "io/vertex_animation_fit.hpp"

namespace aem::convert {
namespace {

class Timer {
 public:
  explicit Timer(ConvertReport& r) : report_(r) {}
  void lap(const char* step) {
    const auto now = std::chrono::steady_clock::now();
    report_.steps.push_back({step, std::chrono::duration<double, std::milli>(now - last_).count()});
    last_ = now;
  }

 private:
  ConvertReport& report_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

void remove_files(const std::vector<std::filesystem::path>& files) {
  std::error_code ec;
  for (const auto& f : files) std::filesystem::remove(f, ec);
}

/// Scale, up axis and V flip, then the format's conventions are declared done so that write_scene
/// does not convert again.
void apply_conventions(Scene& scene, const FormatHandler& format, const ConvertOptions& options) {
  Conventions target = format.conventions;
  if (options.up) target.up = *options.up;
  scene.conventions.meters_per_unit *= options.scale;
  convert_conventions(scene, target);
  if (options.flip_uv) {
    Conventions flipped = scene.conventions;
    flipped.uv_origin_bottom_left = !flipped.uv_origin_bottom_left;
    convert_conventions(scene, flipped);
  }
  scene.conventions = format.conventions;
}

/// The format `output` is written in, or why there is none.
/// glTF has no levels of detail: its writer shows each coarser one on a node of its own, which other
/// viewers would draw over the finest, so they are written only for a reader that joins them back
/// (ConvertOptions::lod_nodes); otherwise each mesh's are dropped here with a warning.
void drop_levels_of_detail(Scene& scene, const std::filesystem::path& output, std::vector<Warning>& warnings) {
  for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
    Mesh& mesh = scene.meshes[m];
    if (mesh.lod_indices.empty()) continue;
    warnings.push_back(Warning{.code = "GLTF_WRITE_LODS_DROPPED",
                               .format = "glTF",
                               .file = output.string(),
                               .path = "meshes[" + std::to_string(m) + "] \"" + mesh.name + "\"",
                               .message = std::to_string(mesh.lod_indices.size()) +
                                          " coarser level(s) of detail dropped; glTF gets the finest"});
    mesh.lod_indices.clear();
  }
}

Result<const FormatHandler*> output_format(const std::filesystem::path& output, const ConvertOptions& options) {
  const FormatHandler* format = options.to ? options.to : format_for_extension(output, FormatUse::Write);
  if (!format || !format->write)
    return Error{.code = "CONVERT_UNKNOWN_OUTPUT",
                 .file = output.string(),
                 .message = format ? "aem cannot write " + std::string(format->name) + " files"
                                   : "cannot tell the output format from the extension"};
  return format;
}

/// Paths as the clash rules compare them. A path the system cannot make absolute (the empty one) is
/// compared as given: reading or writing it fails later with an error that names it.
std::string comparable(const std::filesystem::path& p) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(p, ec);
  return (ec ? p : absolute).lexically_normal().string();
}

}  // namespace

Result<ConvertReport> convert_file(const std::filesystem::path& input, const std::filesystem::path& output,
                                   const ConvertOptions& options) {
  auto format = output_format(output, options);
  if (!format) return format.error();
  detail::ReadRecorder recorder;
  const auto start = std::chrono::steady_clock::now();
  ReadOptions read = options.read;
  read.keep_morph_targets = detail::reads_morph_targets_for(*format.value());
  auto scene = read_scene(input, read);
  if (!scene) return scene.error();
  const double read_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::vector<Warning> warnings = std::move(scene.warnings);
  auto converted = convert_scene(std::move(scene.value()), input, output, options);
  if (!converted) return converted;
  converted->steps.insert(converted->steps.begin(), StepTime{"read", read_ms});
  converted->files_read = recorder.paths();
  warnings.insert(warnings.end(), std::make_move_iterator(converted.warnings.begin()),
                  std::make_move_iterator(converted.warnings.end()));
  converted.warnings = std::move(warnings);
  return converted;
}

Result<ConvertReport> convert_scene(Scene scene, const std::filesystem::path& input,
                                    const std::filesystem::path& output, const ConvertOptions& options) {
  detail::ReadRecorder recorder;
  ConvertReport report;
  Timer timer(report);
  auto found = output_format(output, options);
  if (!found) return found.error();
  const FormatHandler* format = found.value();
  report.output_format = format->name;
  const detail::Sync sync = detail::sync_if(options.write.sync);

  std::vector<Warning> warnings;
  // Here rather than in write_scene, so that weld and optimize see no frames the output drops.
  if (auto dropped = detail::fit_vertex_animation(scene, *format)) warnings.push_back(std::move(*dropped));
  report.input_format = scene.source_format;
  std::error_code ec;
  if (!input.empty()) report.input_bytes = std::filesystem::file_size(input, ec);
  // AEM and CEM hold models: a file with only a skeleton, cameras or curves has nothing for them.
  if ((format->name == "aem" || format->name == "cem") && scene.triangle_count() == 0)
    return Error{.code = "CONVERT_NO_GEOMETRY",
                 .format = std::string(format->name == "aem" ? "AEM" : "CEM"),
                 .file = output.string(),
                 .message = "the source has no triangles (" + std::to_string(scene.joints.size()) + " joints, " +
                            std::to_string(scene.animations.size()) + " animations), and " +
                            std::string(format->name == "aem" ? "AEM" : "CEM") +
                            " files hold models; glTF, IQM and E3D keep a skeleton and its animations without a mesh"};
  // Unsorted keys and NaN normals are repaired here, once for every output format, rather than written
  // for validate to reject (keys) or refused by write_scene (normals).
  for (auto& w : sort_keys(scene)) warnings.push_back(std::move(w));
  for (auto& w : repair_normals(scene)) warnings.push_back(std::move(w));
  if (options.weld) {
    for (auto& m : scene.meshes) report.vertices_welded += weld_vertices(m, kQuantisedDirectionTolerance);
    timer.lap("weld");
  }

  WriteOptions write_options = options.write;
  if (format->name == "aem") {
    scene = flatten_nodes(std::move(scene));  // AEM has no nodes: instances become meshes
    write_options.normalize_weights = true;   // the writer keeps 4 influences summing to 1 as it goes
    timer.lap("flatten");
  }
  // Formats that name their textures (AEM materials, IQE/IQM material strings) get PNG files beside them,
  // except between IQE and IQM: there a material's name is already the engine's texture path, kept as is.
  const bool iqe_family = format->name == "iqe" || format->name == "iqm";
  const bool names_kept = iqe_family && (scene.source_format == "IQE" || scene.source_format == "IQM");
  const std::filesystem::path folder = output.has_parent_path() ? output.parent_path() : std::filesystem::path(".");
  const bool exports_images = (format->name == "aem" || iqe_family) && !names_kept && options.textures;
  // glTF carries image bytes, and the image files written for the formats that name them are made from
  // image bytes: textures the source names (an AEM's, an OBJ's) are read from beside it first.
  if ((format->name == "gltf" || exports_images) && !input.empty()) {
    std::uint64_t budget = options.read.max_decoded_bytes;
    const auto problems = load_side_textures(scene, input, options.read.asset_root, budget);
    for (Warning w : problems.refused) {
      w.file = input.string();
      w.format = scene.source_format;
      warnings.push_back(std::move(w));
    }
  }
  if ((format->name == "aem" || iqe_family) && !names_kept) {
    if (exports_images) {
      auto exported = export_textures(scene, folder, output.stem().string(), options.write.threads, sync);
      if (!exported) return exported.error();
      report.textures_written = exported->written;
      warnings.insert(warnings.end(), exported->warnings.begin(), exported->warnings.end());
    } else {
      scene.textures.clear();
      for (auto& m : scene.materials) m.textures = {};
    }
    timer.lap("textures");
  }
  // CEM keeps the texture names it is given; an embedded image needs a file of its own to be named,
  // and a colour without an image one made for it (CEM materials have no colour of their own).
  if (format->name == "cem" && options.textures) {
    auto saved = save_embedded_textures(scene, folder, output.stem().string(), sync);
    if (!saved) return saved.error();
    report.textures_written = saved->written;
    auto colours = export_colour_textures(scene, folder, output.stem().string(), sync);
    if (!colours) {
      remove_files(report.textures_written);
      return colours.error();
    }
    report.textures_written.insert(report.textures_written.end(), colours->written.begin(), colours->written.end());
  }
  if (format->name == "gltf" && !options.lod_nodes) drop_levels_of_detail(scene, output, warnings);
  if (options.optimize) {
    if (auto optimized = optimize_meshes(scene); !optimized) return optimized.error();
    timer.lap("optimize");
  }
  apply_conventions(scene, *format, options);
  timer.lap("conventions");
  // In the output's space and units, on what its writer stores: writers stay as they are.
  report.animation_keys = reduce_for_output(scene, *format, options);
  if (report.animation_keys) timer.lap("keys");

  report.vertices = scene.vertex_count();
  report.triangles = scene.triangle_count();
  report.joints = scene.joints.size();
  report.animations = scene.animations.size();
  if (format->name == "cem") report.estimated_output_bytes = formats::cem_baked_bytes(scene, write_options).value_or(0);
  Status written = write_scene(output, scene, format, write_options);
  if (!written) {
    remove_files(report.textures_written);
    return written.error();
  }
  warnings.insert(warnings.end(), written.warnings.begin(), written.warnings.end());
  report.output_bytes = std::filesystem::file_size(output, ec);
  timer.lap("write");
  report.files_read = recorder.paths();
  for (auto& w : warnings)
    if (w.file.empty()) w.file = output.string();  // the steps above tell what became of the output
  Result<ConvertReport> result(std::move(report));
  result.warnings = std::move(warnings);
  return result;
}

std::filesystem::path output_in_folder(const std::filesystem::path& input, const std::filesystem::path& out_dir,
                                       const FormatHandler& format) {
  return out_dir / (input.stem().string() + std::string(format.extensions.front()));
}

std::vector<std::string> output_clashes(std::span<const Conversion> conversions) {
  std::map<std::string, std::vector<std::string>> writers;
  for (const auto& c : conversions) writers[comparable(c.output)].push_back(c.input.string());
  std::vector<std::string> clashes;
  for (const auto& c : conversions) {
    const auto it = writers.find(comparable(c.input));
    if (it != writers.end()) clashes.push_back(it->first + " would overwrite the input " + c.input.string());
  }
  for (const auto& [output, inputs] : writers) {
    if (inputs.size() < 2) continue;
    std::string line = output + " <-";
    for (std::size_t i = 0; i < inputs.size(); ++i) line += (i ? ", " : " ") + inputs[i];
    clashes.push_back(std::move(line));
  }
  return clashes;
}

}  // namespace aem::convert
