// Part of the FBX reader's one translation unit (reader.cpp): blend shapes and vertex caches, as the
// positions of each logical vertex (ufbx_mesh::vertices) at rest and at each frame of a take.

namespace aem::formats::fbx {
namespace {

/// How much each shape of `channel` contributes at channel weight `weight` (1 = 100 %): FBX blends the
/// two shapes whose target weights surround the weight (a shape at target 0 stands for the base),
/// extrapolating the nearest pair past either end; a plain blend shape is a single shape at target 1.
std::vector<std::pair<const ufbx_blend_shape*, double>> shape_weights(const ufbx_blend_channel& channel,
                                                                      double weight) {
  struct Point {
    double target;
    const ufbx_blend_shape* shape;  // null: the base (no offset)
  };
  std::vector<Point> points{{0.0, nullptr}};
  for (std::size_t k = 0; k < channel.keyframes.count; ++k)
    if (channel.keyframes.data[k].shape)
      points.push_back({channel.keyframes.data[k].target_weight, channel.keyframes.data[k].shape});
  std::stable_sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.target < b.target; });
  std::vector<std::pair<const ufbx_blend_shape*, double>> out;
  if (points.size() < 2 || weight == 0.0) return out;
  std::size_t hi = 1;
  while (hi + 1 < points.size() && points[hi].target < weight) ++hi;
  const Point& a = points[hi - 1];
  const Point& b = points[hi];
  if (b.target == a.target) return out;
  const double t = (weight - a.target) / (b.target - a.target);
  if (a.shape) out.push_back({a.shape, 1.0 - t});
  if (b.shape) out.push_back({b.shape, t});
  return out;
}

/// Adds `weight` times `offsets` (`shape`'s position or normal offsets, one per offset vertex) to
/// `values` (one per logical vertex).
void add_offsets(const ufbx_blend_shape& shape, const ufbx_vec3_list& offsets, double weight,
                 std::vector<Vec3>& values) {
  const std::size_t n = std::min({shape.num_offsets, shape.offset_vertices.count, offsets.count});
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t v = shape.offset_vertices.data[i];
    if (v >= values.size()) continue;
    const double w = i < shape.offset_weights.count ? weight * shape.offset_weights.data[i] : weight;
    values[v] = values[v] + to_vec3(offsets.data[i]) * static_cast<float>(w);
  }
}

/// Adds to `values` (one per logical vertex) the offsets of `mesh`'s blend shapes (`offsets`: their
/// position or normal offsets) with every blend channel at the weight `weight_of` gives it.
template <class WeightOf>
void add_blend(const ufbx_mesh& mesh, ufbx_vec3_list ufbx_blend_shape::*offsets, WeightOf&& weight_of,
               std::vector<Vec3>& values) {
  for (std::size_t d = 0; d < mesh.blend_deformers.count; ++d) {
    const ufbx_blend_deformer& blend = *mesh.blend_deformers.data[d];
    for (std::size_t c = 0; c < blend.channels.count; ++c)
      for (const auto& [shape, w] : shape_weights(*blend.channels.data[c], weight_of(*blend.channels.data[c])))
        add_offsets(*shape, shape->*offsets, w, values);
  }
}

/// The logical vertices of `mesh` with every blend channel at the weight `weight_of` gives it.
template <class WeightOf>
std::vector<Vec3> blended_vertices(const ufbx_mesh& mesh, WeightOf&& weight_of) {
  std::vector<Vec3> positions(mesh.vertices.count);
  for (std::size_t v = 0; v < positions.size(); ++v) positions[v] = to_vec3(mesh.vertices.data[v]);
  add_blend(mesh, &ufbx_blend_shape::position_offsets, weight_of, positions);
  return positions;
}

/// What the normals of `mesh`'s logical vertices gain with every blend channel at the weight `weight_of`
/// gives it: the shapes' normal offsets so weighted (see shapes_carry_normals).
template <class WeightOf>
std::vector<Vec3> blended_normal_offsets(const ufbx_mesh& mesh, WeightOf&& weight_of) {
  std::vector<Vec3> deltas(mesh.vertices.count);
  add_blend(mesh, &ufbx_blend_shape::normal_offsets, weight_of, deltas);
  return deltas;
}

/// True when one of `mesh`'s blend channels has, at some of `times` of `anim`, another weight than the
/// file stores. Evaluated rather than looked up: FBX 6 animates a property of the model that the
/// channel's weight is connected to, not the channel itself.
bool blend_animated(const ufbx_mesh& mesh, const ufbx_anim* anim, const std::vector<double>& times) {
  if (!anim) return false;
  for (std::size_t d = 0; d < mesh.blend_deformers.count; ++d) {
    const ufbx_blend_deformer& blend = *mesh.blend_deformers.data[d];
    for (std::size_t c = 0; c < blend.channels.count; ++c)
      for (double t : times)
        if (ufbx_evaluate_blend_weight(anim, blend.channels.data[c], t) != blend.channels.data[c]->weight) return true;
  }
  return false;
}

/// Every blend channel of `mesh`, in deformer order.
std::vector<const ufbx_blend_channel*> blend_channels(const ufbx_mesh& mesh) {
  std::vector<const ufbx_blend_channel*> out;
  for (std::size_t d = 0; d < mesh.blend_deformers.count; ++d)
    for (std::size_t c = 0; c < mesh.blend_deformers.data[d]->channels.count; ++c)
      out.push_back(mesh.blend_deformers.data[d]->channels.data[c]);
  return out;
}

/// True when every shape of `mesh`'s blend channels carries normal offsets (Maya writes them): its
/// normals then follow the shapes as the file says, rather than as the moved faces suggest.
bool shapes_carry_normals(const ufbx_mesh& mesh) {
  const auto channels = blend_channels(mesh);
  return !channels.empty() && std::all_of(channels.begin(), channels.end(), [](const ufbx_blend_channel* c) {
    for (std::size_t k = 0; k < c->keyframes.count; ++k)
      if (c->keyframes.data[k].shape && c->keyframes.data[k].shape->normal_offsets.count == 0) return false;
    return true;
  });
}

/// True when each blend channel of `mesh` is one shape at full weight (no in-betweens): a morph target
/// then plays it exactly, its weight scaling the shape's offsets.
bool plain_blend_channels(const ufbx_mesh& mesh) {
  const auto channels = blend_channels(mesh);
  return !channels.empty() && std::all_of(channels.begin(), channels.end(), [](const ufbx_blend_channel* c) {
    return c->keyframes.count == 1 && c->keyframes.data[0].shape && c->keyframes.data[0].target_weight == 1.0;
  });
}

/// One morph target per blend channel: its name, its shape's position offsets per logical vertex, and
/// its normal offsets when the shape has them (Maya writes them; they are deltas of the normals).
std::vector<MorphTarget> logical_targets(const ufbx_mesh& mesh) {
  std::vector<MorphTarget> out;
  for (const ufbx_blend_channel* channel : blend_channels(mesh)) {
    const ufbx_blend_shape& shape = *channel->keyframes.data[0].shape;
    MorphTarget& target = out.emplace_back();
    target.name = to_string(channel->name);
    target.positions.assign(mesh.vertices.count, Vec3{});
    add_offsets(shape, shape.position_offsets, 1.0, target.positions);
    if (shape.normal_offsets.count > 0) {
      target.normals.assign(mesh.vertices.count, Vec3{});
      add_offsets(shape, shape.normal_offsets, 1.0, target.normals);
    }
  }
  return out;
}

/// The weights `anim` gives `mesh`'s blend channels at `times` (seconds from `begin`), one track.
WeightTrack channel_weights(const ufbx_mesh& mesh, const ufbx_anim* anim, const std::vector<double>& times,
                            double begin) {
  WeightTrack track;
  const auto channels = blend_channels(mesh);
  for (double t : times) {
    track.times.push_back(static_cast<float>(t - begin));
    for (const ufbx_blend_channel* channel : channels)
      track.weights.push_back(static_cast<float>(ufbx_evaluate_blend_weight(anim, channel, t)));
  }
  return track;
}

/// The vertex cache that replaces `mesh`'s positions, when its point data could be loaded.
const ufbx_cache_channel* point_cache(const ufbx_mesh& mesh) {
  for (std::size_t d = 0; d < mesh.cache_deformers.count; ++d) {
    const ufbx_cache_channel* channel = mesh.cache_deformers.data[d]->external_channel;
    if (channel && channel->frames.count > 0 && channel->interpretation == UFBX_CACHE_INTERPRETATION_VERTEX_POSITION)
      return channel;
  }
  return nullptr;
}

/// The stretch of time vertex animation is baked over: the default take, or without takes the file's
/// time line from 0 to the end of a vertex cache.
struct Timeline {
  std::string name;
  double begin = 0, end = 0;
  const ufbx_anim* anim = nullptr;  ///< what drives blend weights; null without takes
};

std::optional<Timeline> vertex_timeline(const Build& b) {
  if (b.default_stack)
    return Timeline{to_string(b.default_stack->name), b.default_stack->time_begin, b.default_stack->time_end,
                    b.default_stack->anim};
  for (std::size_t i = 0; i < b.fbx.meshes.count; ++i)
    if (const ufbx_cache_channel* cache = point_cache(*b.fbx.meshes.data[i]);
        cache && b.fbx.meshes.data[i]->instances.count > 0)
      return Timeline{to_string(cache->name), 0.0, std::max(0.0, cache->frames.data[cache->frames.count - 1].time),
                      nullptr};
  return std::nullopt;
}

/// Where a mesh's blend shapes or vertex cache put its logical vertices, at rest and at each frame,
/// and what its normals gain there when the shapes carry normal offsets (empty otherwise: the normals
/// then turn with the faces, frame_normals.inl).
struct LogicalShapes {
  std::vector<Vec3> rest;                 ///< empty: the file's vertices
  std::vector<Vec3> rest_normal_offsets;  ///< empty or one per logical vertex
  std::vector<std::vector<Vec3>> frames;
  std::vector<std::vector<Vec3>> frame_normal_offsets;  ///< empty or one list per frame
};

/// `mesh`'s frames at each of `times` into `shapes`: its vertex cache when it has one, else its blend
/// shapes with the weights `anim` gives them (with their normal offsets when they all carry them).
void deform_frames(Build& b, const ufbx_mesh& mesh, const ufbx_anim* anim, const std::vector<double>& times,
                   SideFileOpener& opener, LogicalShapes& shapes) {
  if (const ufbx_cache_channel* cache = point_cache(mesh)) {
    ufbx_geometry_cache_data_opts opts{};
    opts.open_file_cb.fn = &SideFileOpener::open;
    opts.open_file_cb.user = &opener;
    std::vector<ufbx_vec3> data(mesh.vertices.count);
    std::vector<std::vector<Vec3>> frames(times.size());
    for (std::size_t f = 0; f < times.size(); ++f) {
      const std::size_t got = ufbx_sample_geometry_cache_vec3(cache, times[f], data.data(), data.size(), &opts);
      if (got != data.size()) {
        b.warn("FBX_VERTEX_CACHE_DROPPED", to_string(mesh.name),
               "the vertex cache gives " + std::to_string(got) + " points for " + std::to_string(data.size()) +
                   " vertices; not used");
        return;
      }
      frames[f].resize(data.size());
      for (std::size_t v = 0; v < data.size(); ++v) frames[f][v] = to_vec3(data[v]);
    }
    shapes.frames = std::move(frames);
    return;
  }
  const bool normals = shapes_carry_normals(mesh);
  for (double t : times) {
    const auto weight_at = [&](const ufbx_blend_channel& c) { return ufbx_evaluate_blend_weight(anim, &c, t); };
    shapes.frames.push_back(blended_vertices(mesh, weight_at));
    if (normals) shapes.frame_normal_offsets.push_back(blended_normal_offsets(mesh, weight_at));
  }
}

}  // namespace
}  // namespace aem::formats::fbx
