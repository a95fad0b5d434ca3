// summarize_model: the scene path every format takes, and the mapped path for current-layout AEM.
#include "commands/info_summary.hpp"

#include <algorithm>
#include <optional>

#include "core/source_space.hpp"
#include "formats/aem/aem_format.hpp"
#include "io/mapped_aem.hpp"

namespace aem::cli {
namespace {

Result<InfoSummary> from_scene(Result<Scene> scene) {
  if (!scene) return scene.error();
  Result<InfoSummary> out(InfoSummary{});
  out.warnings = std::move(scene.warnings);
  InfoSummary& s = out.value();
  s.scene = std::move(scene.value());
  for (const Mesh& m : s.scene.meshes)
    s.meshes.push_back(
        {m.vertex_count(), m.indices.size(), !m.skin.empty(), m.lod_indices.size() + 1, m.frames.size()});
  for (const Animation& a : s.scene.animations) {
    std::uint64_t keys = 0;
    for (const Channel& ch : a.channels) keys += ch.translation.size() + ch.rotation.size() + ch.scale.size();
    s.animation_keys.push_back(keys);
  }
  s.weight_keys.assign(s.scene.animations.size(), 0);
  s.bounds = compute_bounds(s.scene);
  return out;
}

/// Empty when the file is not a valid current-layout AEM file: the scene path then reads it and
/// reports exactly what it always has. A valid one starts with "AEM", which read_scene always gives
/// to the AEM reader (first in detection order); not asking the format table keeps Assimp's
/// extension list, megabytes of its code, out of memory.
std::optional<Result<InfoSummary>> from_mapped_aem(const std::string& file) {
  auto model = map_current_aem(file);
  if (!model) return std::nullopt;
  auto scene = formats::aem_view_to_scene(model->view(), formats::AemSceneContent::Outline);
  for (auto& w : scene.warnings) w.file = file;
  scene.warnings.insert(scene.warnings.begin(), model.warnings.begin(), model.warnings.end());
  const formats::AemVertexSummary vertices = formats::aem_vertex_summary(model->view());
  Result<InfoSummary> out = from_scene(std::move(scene));  // counts all zero: the outline has no arrays
  for (std::size_t i = 0; i < vertices.meshes.size(); ++i) {
    out->meshes[i].vertices = vertices.meshes[i].vertex_count;
    out->meshes[i].indices = vertices.meshes[i].index_count;
    out->meshes[i].skinned = vertices.meshes[i].skinned;
  }
  out->bounds = vertices.bounds;
  const AemView& view = model->view();
  for (std::uint32_t a = 0; a < view.counts().animations && a < out->animation_keys.size(); ++a) {
    std::uint64_t keys = 0;  // the outline's channels have no keys: the sequences count them
    for (std::uint32_t b = 0; b < view.counts().bones; ++b) {
      const aem_file::Sequence& seq = view.sequence(a, b);
      keys += std::uint64_t{seq.position_count} + seq.rotation_count + seq.scale_count;
    }
    out->animation_keys[a] = keys;
  }
  return out;
}

/// Where `summary`'s meshes have frames, what a read keeping morph targets finds: each mesh's target
/// names and each animation's weight keys. A second read: the readers bake targets at their own rate
/// (FBX at the file's), so the frames shown are the ones a read for AEM or IQM makes.
void note_morph_targets(const std::string& file, const ReadOptions& options, InfoSummary& summary) {
  const auto has_frames = [](const InfoSummary::MeshCounts& c) { return c.frames > 0; };
  if (std::none_of(summary.meshes.begin(), summary.meshes.end(), has_frames)) return;
  ReadOptions keeping = options;
  keeping.keep_morph_targets = true;
  const Result<Scene> kept = read_scene(file, keeping);
  if (!kept || kept->meshes.size() != summary.meshes.size() ||
      kept->animations.size() != summary.scene.animations.size())
    return;
  for (std::size_t i = 0; i < kept->meshes.size(); ++i)
    for (const MorphTarget& t : kept->meshes[i].targets) summary.meshes[i].targets.push_back(t.name);
  for (std::size_t i = 0; i < kept->animations.size(); ++i)
    for (const WeightTrack& w : kept->animations[i].weight_tracks) summary.weight_keys[i] += w.times.size();
}

}  // namespace

Result<InfoSummary> summarize_model(const std::string& file, const ReadOptions& options, bool whole_scene) {
  if (!whole_scene)
    if (auto mapped = from_mapped_aem(file)) return *std::move(mapped);
  auto summary = from_scene(read_scene(file, options));
  if (summary) note_morph_targets(file, options, summary.value());
  return summary;
}

std::vector<SourceNote> shown_notes(const Scene& scene) {
  std::vector<SourceNote> notes = scene.source_notes;
  const bool declared = std::any_of(notes.begin(), notes.end(), [](const SourceNote& n) { return n.key == "axes"; });
  if (!declared) notes.push_back({"axes", describe_conventions(scene.conventions) + " (the format's)"});
  return notes;
}

}  // namespace aem::cli
