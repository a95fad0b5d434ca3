#include "core/finite.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>

namespace aem::detail {
namespace {

bool finite(float v) { return std::isfinite(v); }
bool finite(const Vec2& v) { return finite(v.x) && finite(v.y); }
bool finite(const Vec3& v) { return finite(v.x) && finite(v.y) && finite(v.z); }
bool finite(const Vec4& v) { return finite(v.x) && finite(v.y) && finite(v.z) && finite(v.w); }
bool finite(const Quat& q) { return finite(q.x) && finite(q.y) && finite(q.z) && finite(q.w); }
bool finite(const Mat4& m) { return is_finite(m); }
bool finite(const Transform& t) { return finite(t.translation) && finite(t.rotation) && finite(t.scale); }
template <class V>
bool finite(const Key<V>& k) {
  return finite(k.time) && finite(k.value);
}

/// Element types made of floats only: an array of them is checked as one run of floats.
template <class T>
constexpr bool kFloatsOnly = std::is_same_v<T, float> || std::is_same_v<T, Vec2> || std::is_same_v<T, Vec3> ||
                             std::is_same_v<T, Vec4> || std::is_same_v<T, Quat>;

/// True when none of the floats in `bytes` is NaN or infinite. A float is, exactly when its exponent
/// bits are all set, i.e. when adding one to the exponent field carries into the sign bit: branch-free
/// integer operations the compiler vectorises, where the per-number test branches on every value
/// (a large mesh's check was as long as writing it).
bool all_finite(std::span<const std::byte> bytes) {
  std::uint32_t carry = 0;
  for (std::size_t at = 0; at + 4 <= bytes.size(); at += 4) {
    std::uint32_t bits;
    std::memcpy(&bits, bytes.data() + at, 4);
    carry |= (bits & 0x7F800000u) + 0x00800000u;
  }
  return (carry & 0x80000000u) == 0;
}

bool finite(const SkinInfluences& s) { return all_finite(std::as_bytes(std::span(s.weights))); }
bool finite(const StoredFrame& f) { return finite(f.radius) && finite(f.lower) && finite(f.upper); }

class Finder {
 public:
  explicit Finder(std::size_t limit) : limit_(limit) {}

  template <class T>
  void value(const T& v, const std::string& path) {
    if (!finite(v)) add(path);
  }
  template <class T>
  void array(const std::vector<T>& values, const std::string& path) {
    if constexpr (kFloatsOnly<T>) {
      static_assert(sizeof(T) % sizeof(float) == 0);
      if (all_finite(std::as_bytes(std::span(values)))) return;
    }
    for (std::size_t i = 0; i < values.size(); ++i)
      if (!finite(values[i])) return add(path + "[" + std::to_string(i) + "]");
  }
  std::vector<Error> take() { return std::move(errors_); }

 private:
  void add(std::string path) {
    if (errors_.size() < limit_)
      errors_.push_back(Error{.code = "SCENE_NOT_FINITE",
                              .format = "scene",
                              .path = std::move(path),
                              .message = "a number is NaN or infinite"});
  }
  std::size_t limit_;
  std::vector<Error> errors_;
};

std::string at(const char* what, std::size_t i) { return std::string(what) + "[" + std::to_string(i) + "]"; }

void mesh(Finder& f, const Mesh& m, const std::string& p) {
  f.array(m.positions, p + ".positions");
  f.array(m.normals, p + ".normals");
  f.array(m.tangents, p + ".tangents");
  f.array(m.bitangents, p + ".bitangents");
  for (std::size_t s = 0; s < m.uvs.size(); ++s) f.array(m.uvs[s], p + "." + at("uvs", s));
  for (std::size_t s = 0; s < m.colors.size(); ++s) f.array(m.colors[s], p + "." + at("colors", s));
  f.array(m.skin, p + ".skin");
  for (std::size_t c = 0; c < m.custom.size(); ++c) f.array(m.custom[c].values, p + "." + at("custom", c) + ".values");
  for (std::size_t k = 0; k < m.frames.size(); ++k) {
    const std::string fp = p + "." + at("frames", k);
    f.array(m.frames[k].positions, fp + ".positions");
    f.array(m.frames[k].normals, fp + ".normals");
    f.array(m.frames[k].uvs, fp + ".uvs");
  }
  for (std::size_t t = 0; t < m.targets.size(); ++t) {
    const std::string tp = p + "." + at("targets", t);
    f.array(m.targets[t].positions, tp + ".positions");
    f.array(m.targets[t].normals, tp + ".normals");
  }
  f.array(m.target_weights, p + ".target_weights");
}

void material(Finder& f, const Material& m, const std::string& p) {
  f.value(m.base_color, p + ".base_color");
  f.value(m.metallic, p + ".metallic");
  f.value(m.roughness, p + ".roughness");
  f.value(m.emissive, p + ".emissive");
  f.value(m.opacity, p + ".opacity");
  f.value(m.ambient, p + ".ambient");
  f.value(m.diffuse, p + ".diffuse");
  f.value(m.specular, p + ".specular");
  f.value(m.shininess, p + ".shininess");
}

void node(Finder& f, const Node& n, const std::string& p) {
  f.value(n.local, p + ".local");
  if (n.stored.matrix) f.value(*n.stored.matrix, p + ".stored.matrix");
  if (n.stored.center) f.value(*n.stored.center, p + ".stored.center");
  f.array(n.stored.frames, p + ".stored.frames");
}

}  // namespace

std::vector<Error> find_non_finite(const Scene& scene, std::size_t limit) {
  Finder f(limit);
  f.value(scene.conventions.meters_per_unit, "conventions.meters_per_unit");
  for (std::size_t i = 0; i < scene.meshes.size(); ++i) mesh(f, scene.meshes[i], at("meshes", i));
  for (std::size_t i = 0; i < scene.materials.size(); ++i) material(f, scene.materials[i], at("materials", i));
  for (std::size_t i = 0; i < scene.nodes.size(); ++i) node(f, scene.nodes[i], at("nodes", i));
  for (std::size_t i = 0; i < scene.joints.size(); ++i) {
    f.value(scene.joints[i].inverse_bind, at("joints", i) + ".inverse_bind");
    f.value(scene.joints[i].rest, at("joints", i) + ".rest");
  }
  for (std::size_t a = 0; a < scene.animations.size(); ++a) {
    const Animation& anim = scene.animations[a];
    const std::string p = at("animations", a);
    f.value(anim.duration, p + ".duration");
    f.value(anim.frame_rate, p + ".frame_rate");
    for (std::size_t c = 0; c < anim.channels.size(); ++c) {
      const std::string cp = p + "." + at("channels", c);
      f.array(anim.channels[c].translation, cp + ".translation");
      f.array(anim.channels[c].rotation, cp + ".rotation");
      f.array(anim.channels[c].scale, cp + ".scale");
    }
    for (std::size_t w = 0; w < anim.weight_tracks.size(); ++w) {
      const std::string wp = p + "." + at("weight_tracks", w);
      f.array(anim.weight_tracks[w].times, wp + ".times");
      f.array(anim.weight_tracks[w].weights, wp + ".weights");
    }
  }
  f.value(scene.vertex_animation.frame_rate, "vertex_animation.frame_rate");
  for (std::size_t t = 0; t < scene.tags.size(); ++t) f.array(scene.tags[t].positions, at("tags", t) + ".positions");
  return f.take();
}

}  // namespace aem::detail
