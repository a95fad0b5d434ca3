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
  for (std::size_t k = 0; k < list.count; ++k) keys.push_back({static_cast<float>(list.data[k].time), convert(list.data[k].value)});
  return keys;
}

/// One take baked: every node it moves that has a joint gets a channel.
Animation bake_take(Build& b, const ufbx_anim_stack& stack, const std::vector<std::int32_t>& joint_of_node) {
  Animation out;
  out.name = to_string(stack.name);
  out.frame_rate = static_cast<float>(b.frame_rate());
  ufbx_bake_opts opts{};
  opts.trim_start_time = true;  // the scene's animations start at 0 where the take starts
  opts.resample_rate = b.frame_rate();
  opts.key_reduction_enabled = true;
  opts.key_reduction_rotation = true;
  ufbx_error error{};
  std::unique_ptr<ufbx_baked_anim, void (*)(ufbx_baked_anim*)> baked(ufbx_bake_anim(&b.fbx, stack.anim, &opts, &error), ufbx_free_baked_anim);
  if (!baked) {
    b.warn("FBX_TAKE_DROPPED", out.name, "the take could not be evaluated (" + to_string(error.description) + "); it is left out");
    return out;
  }
  out.duration = static_cast<float>(std::max(0.0, baked->playback_duration));
  for (std::size_t i = 0; i < baked->nodes.count; ++i) {
    const ufbx_baked_node& bn = baked->nodes.data[i];
    if (bn.typed_id >= b.node_of.size() || b.node_of[bn.typed_id] < 0) continue;
    const std::int32_t joint = joint_of_node[b.node_of[bn.typed_id]];
    if (joint < 0) continue;
    const Transform& rest = b.scene.joints[joint].rest;
    Channel ch;
    ch.joint = static_cast<std::uint32_t>(joint);
    ch.translation = keys_of<Vec3>(bn.translation_keys, bn.constant_translation, rest.translation, to_vec3);
    ch.rotation = keys_of<Quat>(bn.rotation_keys, bn.constant_rotation, rest.rotation, to_quat);
    ch.scale = keys_of<Vec3>(bn.scale_keys, bn.constant_scale, rest.scale, to_vec3);
    if (!ch.translation.empty() || !ch.rotation.empty() || !ch.scale.empty()) out.channels.push_back(std::move(ch));
  }
  return out;
}

void read_animations(Build& b, const std::vector<std::int32_t>& joint_of_node) {
  if (!b.default_stack) return;
  b.scene.animations.push_back(bake_take(b, *b.default_stack, joint_of_node));
  for (std::size_t s = 0; s < b.fbx.anim_stacks.count; ++s)
    if (b.fbx.anim_stacks.data[s] != b.default_stack) b.scene.animations.push_back(bake_take(b, *b.fbx.anim_stacks.data[s], joint_of_node));
}

}  // namespace
}  // namespace aem::formats::fbx
