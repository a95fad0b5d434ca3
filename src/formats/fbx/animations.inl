// Part of the FBX reader's one translation unit (reader.cpp): takes (animation stacks) baked into the
// scene's per-joint TRS keys, the file's active take first.

namespace aem::formats::fbx {
namespace {

/// The value of the first string property after `key` in `bytes`, in either encoding: ASCII
/// `"ActiveAnimStackName", "KString", "", "", "Take 001"` or binary records ('S', length, bytes)...
/// Empty when not found. Used for the one document property ufbx does not hand out.
std::string string_property(std::span<const std::byte> bytes, std::string_view key, int skip) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const std::size_t at = text.find(key);
  if (at == std::string_view::npos) return {};
  std::size_t pos = at + key.size();
  if (pos < text.size() && text[pos] == '"') {  // ASCII: skip `skip` quoted strings, take the next
    for (int field = 0; field <= skip; ++field) {
      const std::size_t open = text.find('"', pos + 1);
      if (open == std::string_view::npos || open - pos > 16) return {};
      const std::size_t close = text.find('"', open + 1);
      if (close == std::string_view::npos || close - open > 1024) return {};
      if (field == skip) return std::string(text.substr(open + 1, close - open - 1));
      pos = close;
    }
    return {};
  }
  for (int field = 0; field <= skip; ++field) {  // binary: 'S' then a 32-bit little-endian length
    if (pos + 5 > text.size() || text[pos] != 'S') return {};
    std::uint32_t length = 0;
    std::memcpy(&length, text.data() + pos + 1, 4);
    if (length > text.size() - pos - 5 || length > 1024) return {};
    if (field == skip) return std::string(text.substr(pos + 5, length));
    pos += 5 + length;
  }
  return {};
}

/// The take FBX tools play first: the one the file names as active (FBX 7: the document's
/// ActiveAnimStackName; FBX 6: Takes' "Current"), else the first.
const ufbx_anim_stack* default_take(const ufbx_scene& fbx, std::span<const std::byte> bytes) {
  if (fbx.anim_stacks.count == 0) return nullptr;
  std::string active = string_property(bytes, "ActiveAnimStackName", 3);
  if (active.empty() && fbx.dom_root) {
    if (const ufbx_dom_node* takes = ufbx_dom_find(fbx.dom_root, "Takes"))
      if (const ufbx_dom_node* current = ufbx_dom_find(takes, "Current"); current && current->values.count > 0)
        active = to_string(current->values.data[0].value_str);
  }
  for (std::size_t s = 0; s < fbx.anim_stacks.count; ++s)
    if (!active.empty() && to_string(fbx.anim_stacks.data[s]->name) == active) return fbx.anim_stacks.data[s];
  return fbx.anim_stacks.data[0];
}

template <class V>
bool same(const V& a, const V& b) {
  return std::abs(a.x - b.x) <= 1e-6f && std::abs(a.y - b.y) <= 1e-6f && std::abs(a.z - b.z) <= 1e-6f;
}
bool same(const Quat& a, const Quat& b) {
  return std::abs(std::abs(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w) - 1.0f) <= 1e-6f;
}

/// The keys of one baked list; none when it holds the joint's rest value all along (the scene's
/// empty list means rest), one when it is constant.
template <class V, class Baked, class Convert>
std::vector<Key<V>> keys_of(const Baked& list, bool constant, const V& rest, Convert&& convert) {
  std::vector<Key<V>> keys;
  if (list.count == 0) return keys;
  if (constant) {
    const V value = convert(list.data[0].value);
    if (!same(value, rest)) keys.push_back({0.0f, value});
    return keys;
  }
  keys.reserve(list.count);
  for (std::size_t k = 0; k < list.count; ++k)
    keys.push_back({static_cast<float>(list.data[k].time), convert(list.data[k].value)});
  return keys;
}

/// How far a key may be from the blend of its neighbours and still be dropped (metres, quaternion
/// components, scale factors): keys that add nothing visible go, the curve's shape stays.
inline constexpr float kKeyTolerance = 1e-6f;

float distance(const Vec3& a, const Vec3& b) {
  return std::max({std::abs(a.x - b.x), std::abs(a.y - b.y), std::abs(a.z - b.z)});
}
float distance(const Quat& a, const Quat& b) {
  const float s = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w < 0 ? -1.0f : 1.0f;
  return std::max({std::abs(a.x - s * b.x), std::abs(a.y - s * b.y), std::abs(a.z - s * b.z), std::abs(a.w - s * b.w)});
}
Vec3 blend(const Vec3& a, const Vec3& b, float f) { return lerp(a, b, f); }
Quat blend(const Quat& a, const Quat& b, float f) { return slerp(a, b, f); }

/// `keys` without those a blend (lerp, or slerp for rotations) of the kept key before and the key after
/// reproduces within kKeyTolerance; a list that holds one value throughout keeps one key.
template <class V>
std::vector<Key<V>> reduced(const std::vector<Key<V>>& keys) {
  if (keys.size() < 3) return keys;
  std::vector<Key<V>> out{keys.front()};
  for (std::size_t i = 1; i + 1 < keys.size(); ++i) {
    const Key<V>& a = out.back();
    const Key<V>& c = keys[i + 1];
    const float f = c.time > a.time ? (keys[i].time - a.time) / (c.time - a.time) : 0.0f;
    if (distance(blend(a.value, c.value, f), keys[i].value) > kKeyTolerance) out.push_back(keys[i]);
  }
  out.push_back(keys.back());
  if (out.size() == 2 && distance(out[0].value, out[1].value) <= kKeyTolerance) out.pop_back();
  return out;
}

/// True when baking can miss how `node` moves: its transform also follows its parent's animated scale
/// (Maya's segment scale compensation, which ufbx compensates or hands to a scale helper node), and
/// baking samples a node only where its own curves have keys.
bool follows_parent_scale(const ufbx_node& node) {
  return node.is_scale_helper || node.original_inherit_mode != UFBX_INHERIT_MODE_NORMAL ||
         (node.parent && node.parent->is_scale_compensate_parent);
}

/// True when one of `node`'s curves in `stack` repeats, mirrors or extends its keys past their ends
/// (Maya's pre- and post-infinity) within the take: baking holds the end keys' values there.
bool extrapolates_in(const ufbx_anim_stack& stack, const ufbx_node& node) {
  for (std::size_t l = 0; l < stack.layers.count; ++l) {
    const ufbx_anim_prop_list props = ufbx_find_anim_props(stack.layers.data[l], &node.element);
    for (std::size_t p = 0; p < props.count; ++p)
      for (const ufbx_anim_curve* curve : props.data[p].anim_value->curves) {
        if (!curve || curve->keyframes.count == 0) continue;
        const bool before =
            curve->pre_extrapolation.mode != UFBX_EXTRAPOLATION_CONSTANT && stack.time_begin < curve->min_time;
        const bool after =
            curve->post_extrapolation.mode != UFBX_EXTRAPOLATION_CONSTANT && stack.time_end > curve->max_time;
        if (before || after) return true;
      }
  }
  return false;
}

/// `node`'s transform evaluated by ufbx at every frame of `stack` and at the times of its baked keys
/// (which keep steps sharp), as key lists from the take's start; false (and `ch` untouched) when the
/// take is too long to sample, or the read has spent its evaluations (Build::evaluations_left).
bool sample_node(Build& b, const ufbx_anim_stack& stack, const ufbx_node& node, const ufbx_baked_node& baked,
                 Channel& ch) {
  std::optional<std::vector<double>> frames = frame_times(stack.time_begin, stack.time_end, b.frame_rate());
  if (!frames || frames->size() > b.evaluations_left) return false;
  b.evaluations_left -= frames->size();
  std::vector<double>& times = *frames;
  for (const auto* list : {&baked.translation_keys, &baked.scale_keys})
    for (std::size_t k = 0; k < list->count; ++k) times.push_back(stack.time_begin + list->data[k].time);
  for (std::size_t k = 0; k < baked.rotation_keys.count; ++k)
    times.push_back(stack.time_begin + baked.rotation_keys.data[k].time);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  std::vector<Key<Vec3>> translation, scale;
  std::vector<Key<Quat>> rotation;
  for (double t : times) {
    if (t < stack.time_begin - 1e-9 || t > stack.time_end + 1e-9) continue;
    const ufbx_transform tr = ufbx_evaluate_transform(stack.anim, &node, t);
    const auto at = static_cast<float>(t - stack.time_begin);
    translation.push_back({at, to_vec3(tr.translation)});
    rotation.push_back({at, to_quat(tr.rotation)});
    scale.push_back({at, to_vec3(tr.scale)});
  }
  ch.translation = reduced(translation);
  ch.rotation = reduced(rotation);
  ch.scale = reduced(scale);
  return true;
}

using BakedPtr = std::unique_ptr<ufbx_baked_anim, void (*)(ufbx_baked_anim*)>;

/// A take with its curves evaluated into TRS keys per node (times from the take's start).
struct BakedTake {
  const ufbx_anim_stack* stack;
  BakedPtr baked;
};

/// Every take baked, the default one first: where a curve is not linear it is sampled at the file's
/// frame rate, keys a linear (or, for rotations, spherical) blend of their neighbours reproduces
/// within 1e-6 are dropped (ufbx's key reduction). A take ufbx cannot evaluate is left out with a warning.
std::vector<BakedTake> bake_takes(Build& b) {
  std::vector<BakedTake> takes;
  std::vector<const ufbx_anim_stack*> order;
  if (b.default_stack) order.push_back(b.default_stack);
  for (std::size_t s = 0; s < b.fbx.anim_stacks.count; ++s)
    if (b.fbx.anim_stacks.data[s] != b.default_stack) order.push_back(b.fbx.anim_stacks.data[s]);
  for (const ufbx_anim_stack* stack : order) {
    ufbx_bake_opts opts{};
    opts.temp_allocator = opts.result_allocator = b.allocator();
    opts.trim_start_time = true;  // the scene's animations start at 0 where the take starts
    opts.resample_rate = b.frame_rate();
    opts.key_reduction_enabled = true;
    opts.key_reduction_rotation = true;
    ufbx_error error{};
    BakedPtr baked(ufbx_bake_anim(&b.fbx, stack->anim, &opts, &error), ufbx_free_baked_anim);
    if (baked)
      takes.push_back({stack, std::move(baked)});
    else
      b.warn("FBX_TAKE_DROPPED", to_string(stack->name),
             "the take could not be evaluated (" + to_string(error.description) + "); it is left out");
  }
  return takes;
}

/// A baked take as a scene animation: every node it moves that has a joint gets a channel.
Animation animation_of(Build& b, const BakedTake& take, const std::vector<std::int32_t>& joint_of_node) {
  Animation out;
  out.name = to_string(take.stack->name);
  out.frame_rate = static_cast<float>(b.frame_rate());
  const ufbx_baked_anim& baked = *take.baked;
  out.duration = static_cast<float>(std::max(0.0, baked.playback_duration));
  const auto joint_of = [&](const ufbx_baked_node& bn) {
    const std::int32_t node = bn.typed_id < b.node_of.size() ? b.node_of[bn.typed_id] : -1;
    return node < 0 ? -1 : joint_of_node[node];
  };
  for (std::size_t i = 0; i < baked.nodes.count; ++i) {
    const ufbx_baked_node& bn = baked.nodes.data[i];
    const std::int32_t joint = joint_of(bn);
    if (joint < 0) continue;
    const Transform& rest = b.scene.joints[joint].rest;
    Channel ch;
    ch.joint = static_cast<std::uint32_t>(joint);
    const ufbx_node* node = bn.typed_id < b.fbx.nodes.count ? b.fbx.nodes.data[bn.typed_id] : nullptr;
    const bool sample = node && (follows_parent_scale(*node) || extrapolates_in(*take.stack, *node));
    const bool sampled = sample && sample_node(b, *take.stack, *node, bn, ch);
    if (sample && !sampled)
      b.warn(
          "FBX_TAKE_NOT_SAMPLED", out.name,
          "the take is too long to evaluate frame by frame (or the file's nodes have used up the reader's evaluations): " +
              to_string(node->name) +
              " keeps the baked keys, which miss its parent's scale or its curves' extrapolation");
    if (!sampled) {
      ch.translation = keys_of<Vec3>(bn.translation_keys, bn.constant_translation, rest.translation, to_vec3);
      ch.rotation = keys_of<Quat>(bn.rotation_keys, bn.constant_rotation, rest.rotation, to_quat);
      ch.scale = keys_of<Vec3>(bn.scale_keys, bn.constant_scale, rest.scale, to_vec3);
    }
    if (!ch.translation.empty() || !ch.rotation.empty() || !ch.scale.empty()) out.channels.push_back(std::move(ch));
  }
  // A take that only holds the rest pose ("Base", "T-pose") stays a take: its nodes keep one key each,
  // so that writers which drop animations without keys (glTF) keep it.
  for (std::size_t i = 0; out.channels.empty() && i < baked.nodes.count; ++i) {
    const std::int32_t joint = joint_of(baked.nodes.data[i]);
    if (joint < 0) continue;
    const Transform& rest = b.scene.joints[joint].rest;
    out.channels.push_back(Channel{
        static_cast<std::uint32_t>(joint), {{0.0f, rest.translation}}, {{0.0f, rest.rotation}}, {{0.0f, rest.scale}}});
  }
  return out;
}

/// The takes as scene animations, the one that plays kept morph targets with their weight tracks. A
/// take that moves no joint is kept only when the vertex animation or morph weights play by it: Maya
/// and Max write a "Take 001" into files with nothing animated, and an animation without keys would
/// only be dropped again by the writers, with a warning about nothing.
void read_animations(Build& b, const std::vector<BakedTake>& takes, const std::vector<std::int32_t>& joint_of_node) {
  const VertexAnimation& morphs = b.scene.vertex_animation;
  for (const BakedTake& take : takes) {
    Animation a = animation_of(b, take, joint_of_node);
    if (!b.weight_tracks.empty() && a.name == b.weight_take) a.weight_tracks = std::move(b.weight_tracks);
    if (!a.channels.empty() || !a.weight_tracks.empty() || (morphs.frame_count > 0 && a.name == morphs.name))
      b.scene.animations.push_back(std::move(a));
  }
}

}  // namespace
}  // namespace aem::formats::fbx
