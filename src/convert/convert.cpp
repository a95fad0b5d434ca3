#include "convert/convert.hpp"

#include <chrono>

#include "aem/conventions.hpp"
#include "core/flatten.hpp"
#include "core/side_textures.hpp"
#include "convert/keys.hpp"
#include "convert/normals.hpp"
#include "convert/optimize.hpp"
#include "convert/textures.hpp"

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

}  // namespace

Result<ConvertReport> convert_file(const std::filesystem::path& input, const std::filesystem::path& output,
                                   const ConvertOptions& options) {
  ConvertReport report;
  Timer timer(report);
  const FormatHandler* format = options.to ? options.to : format_for_extension(output, FormatUse::Write);
  if (!format || !format->write)
    return Error{"CONVERT_UNKNOWN_OUTPUT", {}, output.string(), {}, {}, {},
                 format ? "aem cannot write " + std::string(format->name) + " files" : "cannot tell the output format from the extension; use --to"};
  report.output_format = format->name;
  const detail::Sync sync = detail::sync_if(options.write.sync);

  auto scene = read_scene(input, options.read);
  if (!scene) return scene.error();
  std::vector<Warning> warnings = std::move(scene.warnings);
  report.input_format = scene->source_format;
  std::error_code ec;
  report.input_bytes = std::filesystem::file_size(input, ec);
  timer.lap("read");
  // AEM and CEM hold models: a file with only a skeleton, cameras or curves has nothing for them.
  if ((format->name == "aem" || format->name == "cem") && scene->triangle_count() == 0)
    return Error{"CONVERT_NO_GEOMETRY", std::string(format->name == "aem" ? "AEM" : "CEM"), output.string(), {}, {}, {},
                 "the source has no triangles (" + std::to_string(scene->joints.size()) + " joints, " +
                     std::to_string(scene->animations.size()) + " animations), and " + std::string(format->name == "aem" ? "AEM" : "CEM") +
                     " files hold models; glTF, IQM and E3D keep a skeleton and its animations without a mesh"};
  // Unsorted keys and NaN normals are repaired here, once for every output format, rather than written
  // for validate to reject (keys) or refused by write_scene (normals).
  for (auto& w : sort_keys(scene.value())) warnings.push_back(std::move(w));
  for (auto& w : repair_normals(scene.value())) warnings.push_back(std::move(w));

  WriteOptions write_options = options.write;
  if (format->name == "aem") {
    scene.value() = flatten_nodes(std::move(scene.value()));  // AEM has no nodes: instances become meshes
    write_options.normalize_weights = true;  // the writer keeps 4 influences summing to 1 as it goes
    timer.lap("flatten");
  }
  // Formats that name their textures (AEM materials, IQE/IQM material strings) get PNG files beside them,
  // except between IQE and IQM: there a material's name is already the engine's texture path, kept as is.
  const bool iqe_family = format->name == "iqe" || format->name == "iqm";
  const bool names_kept = iqe_family && (scene->source_format == "IQE" || scene->source_format == "IQM");
  if ((format->name == "aem" || iqe_family) && !names_kept) {
    if (options.textures) {
      auto dir = output.has_parent_path() ? output.parent_path() : std::filesystem::path(".");
      auto exported = export_textures(scene.value(), dir, output.stem().string(), 0, sync);
      if (!exported) return exported.error();
      report.textures_written = exported->written;
      warnings.insert(warnings.end(), exported->warnings.begin(), exported->warnings.end());
    } else {
      scene->textures.clear();
      for (auto& m : scene->materials) m.textures = {};
    }
    timer.lap("textures");
  }
  // CEM keeps the texture names it is given; an embedded image needs a file of its own to be named.
  if (format->name == "cem" && options.textures) {
    auto dir = output.has_parent_path() ? output.parent_path() : std::filesystem::path(".");
    auto saved = save_embedded_textures(scene.value(), dir, output.stem().string(), sync);
    if (!saved) return saved.error();
    report.textures_written = saved->written;
  }
  // glTF carries image bytes: textures the source names are read from beside it.
  if (format->name == "gltf") {
    std::uint64_t budget = options.read.max_decoded_bytes;
    const auto problems = load_side_textures(scene.value(), input, options.read.asset_root, budget);
    warnings.insert(warnings.end(), problems.refused.begin(), problems.refused.end());
  }
  if (options.optimize) {
    optimize_meshes(scene.value());
    timer.lap("optimize");
  }
  apply_conventions(scene.value(), *format, options);
  timer.lap("conventions");

  report.vertices = scene->vertex_count();
  report.triangles = scene->triangle_count();
  report.joints = scene->joints.size();
  report.animations = scene->animations.size();
  Status written = write_scene(output, scene.value(), format, write_options);
  if (!written) {
    remove_files(report.textures_written);
    return written.error();
  }
  warnings.insert(warnings.end(), written.warnings.begin(), written.warnings.end());
  report.output_bytes = std::filesystem::file_size(output, ec);
  timer.lap("write");
  Result<ConvertReport> result(std::move(report));
  result.warnings = std::move(warnings);
  return result;
}

}  // namespace aem::convert
