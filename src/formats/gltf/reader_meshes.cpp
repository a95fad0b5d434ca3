// Mesh primitives -> scene meshes (see reader_parts.hpp).
#include <algorithm>
#include <map>
#include <utility>

#include "formats/aem/scan_kernels.hpp"
#include "formats/gltf/draco_decode.hpp"
#include "formats/gltf/reader_accessors.hpp"
#include "formats/gltf/reader_parts.hpp"

namespace aem::formats::gltf {
namespace {

/// Triangles from a list, strip or fan of `indices` (glTF 2.0 §3.7.2.1 primitive modes). A list is
/// handed back as it is: no second copy of the largest array of the model while it is read.
std::vector<std::uint32_t> triangulate(std::vector<std::uint32_t> idx, int mode) {
  if (mode == 4) return idx;
  std::vector<std::uint32_t> out;
  for (std::size_t i = 2; i < idx.size(); ++i) {
    if (mode == 5) {
      const bool odd = (i % 2) == 1;  // every second strip triangle is reversed to keep the winding
      out.insert(out.end(), {idx[i - 2 + odd], idx[i - 1 - odd], idx[i]});
    } else {
      out.insert(out.end(), {idx[0], idx[i - 1], idx[i]});
    }
  }
  return out;
}

/// Attribute values of one primitive: from its Draco stream when it has one for `name`, else its accessor.
struct Attributes {
  Context& ctx;
  Json attributes;
  const DracoPrimitive* draco;

  bool has(const std::string& name) const { return attributes[name].exists(); }
  /// `name` as Vec2/Vec3/Vec4 elements: the accessor, or the Draco values, must have that many components.
  template <class V>
  std::vector<V> vectors(const std::string& name) const {
    constexpr std::size_t width = sizeof(V) / sizeof(float);
    if (draco)
      if (auto it = draco->attributes.find(name); it != draco->attributes.end()) {
        if (it->second.size() % width != 0)
          ctx.fail("GLTF_DECODE", attributes[name].path(),
                   "Draco attribute does not have " + std::to_string(width) + " components");
        std::vector<V> out(it->second.size() / width);
        std::copy(it->second.begin(), it->second.end(), reinterpret_cast<float*>(out.data()));
        return out;
      }
    return read_vectors<V>(ctx, accessor_index(ctx, attributes[name]), attributes[name].path());
  }
  std::vector<float> floats(const std::string& name, std::initializer_list<int> components) const {
    if (draco)
      if (auto it = draco->attributes.find(name); it != draco->attributes.end()) return it->second;
    return read_floats(ctx, accessor_index(ctx, attributes[name]), attributes[name].path(), components);
  }
  /// `name`'s values a block at a time (read_uint_blocks, read_float_blocks), four per element.
  template <class T>
  void blocks(const std::string& name, const ValueBlocks<T>& visit) const {
    if (draco)
      if (auto it = draco->attributes.find(name); it != draco->attributes.end()) {
        if constexpr (std::is_same_v<T, float>) {
          visit(0, it->second);
        } else {
          std::vector<std::uint32_t> out(it->second.size());
          std::transform(it->second.begin(), it->second.end(), out.begin(),
                         [](float f) { return f < 0 ? 0u : static_cast<std::uint32_t>(f); });
          visit(0, out);
        }
        return;
      }
    const std::uint32_t index = accessor_index(ctx, attributes[name]);
    if constexpr (std::is_same_v<T, float>)
      read_float_blocks(ctx, index, attributes[name].path(), {4}, visit);
    else
      read_uint_blocks(ctx, index, attributes[name].path(), {4}, visit);
  }
};

void check_count(Context& ctx, const Json& member, std::size_t got, std::size_t want, int components) {
  if (got != want * components)
    ctx.fail("GLTF_BAD_VALUE", member.path(),
             "has " + std::to_string(got / components) + " elements, POSITION has " + std::to_string(want));
}

void read_skin(Context& ctx, const Attributes& attr, Mesh& m) {
  const std::size_t n = m.positions.size();
  for (int set = 0; attr.has("JOINTS_" + std::to_string(set)) && attr.has("WEIGHTS_" + std::to_string(set)); ++set) {
    const std::string js = "JOINTS_" + std::to_string(set), ws = "WEIGHTS_" + std::to_string(set);
    const bool dropped = set * 4 >= kMaxInfluences;
    // Joints, then weights, go into the skin a block at a time: neither is ever a whole array beside
    // it. A joint whose weight is not positive is taken out again. Blocks hold whole elements, and
    // nothing past the skin is written before check_count reports a count that differs.
    if (!dropped) m.skin.resize(n);
    SkinInfluences* const skin = m.skin.data();
    const int slot = set * 4;
    // The vertices [begin, end) a block of `count` values starting at value `first` fills.
    const auto vertices = [&](std::size_t first, std::size_t count) {
      const std::size_t begin = std::min(first / 4, n);
      return std::pair{begin, dropped ? begin : std::min(n, begin + count / 4)};
    };
    std::size_t values = 0;
    attr.blocks<std::uint32_t>(js, [&](std::size_t first, std::span<const std::uint32_t> joints) {
      values = first + joints.size();
      const auto [begin, end] = vertices(first, joints.size());
      const std::uint32_t* in = joints.data();
      for (std::size_t v = begin; v < end; ++v, in += 4)
        for (int k = 0; k < 4; ++k)
          skin[v].joints[slot + k] = static_cast<std::int32_t>(std::min<std::uint32_t>(in[k], INT32_MAX));
    });
    check_count(ctx, attr.attributes[js], values, n, 4);
    values = 0;
    attr.blocks<float>(ws, [&](std::size_t first, std::span<const float> weights) {
      values = first + weights.size();
      const auto [begin, end] = vertices(first, weights.size());
      const float* in = weights.data();
      for (std::size_t v = begin; v < end; ++v, in += 4)
        for (int k = 0; k < 4; ++k) {
          if (in[k] > 0.0f)
            skin[v].weights[slot + k] = in[k];
          else
            skin[v].joints[slot + k] = -1;
        }
    });
    check_count(ctx, attr.attributes[ws], values, n, 4);
    if (dropped) {
      ctx.warn("GLTF_INFLUENCES_DROPPED", attr.attributes[js].path(),
               "more than " + std::to_string(kMaxInfluences) + " influences per vertex; extra sets dropped");
      break;
    }
  }
}

/// The primitive's morph targets and the mesh's default weights into `m`. Names come from the mesh's
/// extras.targetNames (the common exporters' convention) when it names every target, else from the
/// name of the target's POSITION or NORMAL accessor (as Khronos samples name them).
void read_targets(Context& ctx, const Json& prim, const Json& mesh, Mesh& m) {
  const std::size_t n = m.positions.size();
  const Json targets = ctx.array(prim, "targets");
  const Json names = mesh["extras"]["targetNames"];
  bool tangents_dropped = false;
  for (std::size_t t = 0; t < targets.size(); ++t) {
    const Json target = targets[t];
    // MorphTarget holds position and normal deltas only: said once, however many targets have tangents.
    if (target["TANGENT"].exists() && !std::exchange(tangents_dropped, true))
      ctx.warn("GLTF_MORPH_TANGENTS_DROPPED", target.path() + ".TANGENT",
               "morph targets' tangent deltas are not kept (positions and normals are)");
    MorphTarget& out = m.targets.emplace_back();
    if (names.size() == targets.size()) {
      out.name = names[t].string();  // extras are free-form: anything but a string names nothing
    } else {
      for (const char* attribute : {"POSITION", "NORMAL"})
        if (out.name.empty() && target[attribute].exists())
          out.name = ctx.root["accessors"][accessor_index(ctx, target[attribute])]["name"].string();
    }
    if (target["POSITION"].exists()) {
      out.positions = read_vectors<Vec3>(ctx, accessor_index(ctx, target["POSITION"]), target.path() + ".POSITION");
      check_count(ctx, target["POSITION"], out.positions.size(), n, 1);
    }
    if (target["NORMAL"].exists()) {
      out.normals = read_vectors<Vec3>(ctx, accessor_index(ctx, target["NORMAL"]), target.path() + ".NORMAL");
      check_count(ctx, target["NORMAL"], out.normals.size(), n, 1);
    }
  }
  m.target_weights = ctx.numbers(mesh["weights"], targets.size(), std::vector<float>(targets.size(), 0.0f));
}

std::optional<Mesh> read_primitive(Context& ctx, const Json& mesh, const Json& prim) {
  const int mode = static_cast<int>(ctx.uint(prim["mode"], 4, 6));
  if (mode < 4) {
    ctx.warn("GLTF_NOT_TRIANGLES", prim.path() + ".mode", "points and lines are not kept");
    return std::nullopt;
  }
  std::optional<DracoPrimitive> draco;
  if (const Json ext = prim["extensions"]["KHR_draco_mesh_compression"]; ext.exists()) draco = decode_draco(ctx, ext);
  const Attributes attr{ctx, prim["attributes"], draco ? &*draco : nullptr};
  if (!attr.has("POSITION")) {
    ctx.warn("GLTF_NO_POSITIONS", prim.path() + ".attributes", "primitive without POSITION skipped");
    return std::nullopt;
  }
  Mesh m;
  m.name = ctx.string(mesh["name"]);
  m.positions = attr.vectors<Vec3>("POSITION");
  const std::size_t n = m.positions.size();
  if (attr.has("NORMAL")) {
    m.normals = attr.vectors<Vec3>("NORMAL");
    check_count(ctx, attr.attributes["NORMAL"], m.normals.size(), n, 1);
  }
  if (attr.has("TANGENT")) {
    m.tangents = attr.vectors<Vec4>("TANGENT");
    check_count(ctx, attr.attributes["TANGENT"], m.tangents.size(), n, 1);
  }
  for (int set = 0; attr.has("TEXCOORD_" + std::to_string(set)); ++set) {
    const std::string name = "TEXCOORD_" + std::to_string(set);
    if (set >= kMaxUvSets) {
      ctx.warn("GLTF_UV_SETS_DROPPED", attr.attributes[name].path(),
               "more than " + std::to_string(kMaxUvSets) + " UV sets; the rest dropped");
      break;
    }
    m.uvs.push_back(attr.vectors<Vec2>(name));
    check_count(ctx, attr.attributes[name], m.uvs.back().size(), n, 1);
  }
  for (int set = 0; attr.has("COLOR_" + std::to_string(set)); ++set) {
    const std::string name = "COLOR_" + std::to_string(set);
    const auto f = attr.floats(name, {3, 4});
    const int c = f.size() == n * 3 ? 3 : 4;
    check_count(ctx, attr.attributes[name], f.size(), n, c);
    std::vector<Vec4> colors(n);
    for (std::size_t v = 0; v < n; ++v)
      colors[v] = {f[v * c], f[v * c + 1], f[v * c + 2], c == 4 ? f[v * c + 3] : 1.0f};
    m.colors.push_back(std::move(colors));
  }
  read_skin(ctx, attr, m);
  std::vector<std::uint32_t> indices;
  if (draco) {
    indices = draco->indices;
  } else if (prim["indices"].exists()) {
    indices = read_uints(ctx, accessor_index(ctx, prim["indices"]), prim.path() + ".indices", {1});
  } else {
    indices.resize(n);
    for (std::size_t i = 0; i < n; ++i) indices[i] = static_cast<std::uint32_t>(i);
  }
  // One vectorised pass (the AEM validation's index check); the first index past the vertices is
  // searched for only when there is one.
  const auto& kernels = detail::ScanKernels::for_bytes(indices.size() * sizeof(std::uint32_t));
  if (!kernels.indices_below(reinterpret_cast<const std::uint8_t*>(indices.data()), indices.size(),
                             static_cast<std::uint32_t>(std::min<std::size_t>(n, UINT32_MAX)))) {
    const auto bad = std::find_if(indices.begin(), indices.end(), [&](std::uint32_t i) { return i >= n; });
    ctx.fail("GLTF_INDEX_OUT_OF_RANGE", prim.path() + ".indices",
             "index " + std::to_string(*bad) + " at " + std::to_string(bad - indices.begin()) + " is past the " +
                 std::to_string(n) + " vertices");
  }
  if (mode == 4 && indices.size() % 3 != 0)
    ctx.fail("GLTF_BAD_VALUE", prim.path() + ".indices", "a triangle list needs a multiple of 3 indices");
  m.indices = triangulate(std::move(indices), mode);
  if (auto mat = ctx.optional_index(prim["material"], "materials")) m.material = static_cast<std::int32_t>(*mat);
  read_targets(ctx, prim, mesh, m);
  return m;
}

}  // namespace

void read_meshes(Context& ctx, Scene& scene, std::vector<std::uint32_t>& first) {
  const Json list = ctx.array(ctx.root, "meshes");
  first.assign(1, 0);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Json mesh = list[i];
    const Json prims = ctx.array(mesh, "primitives");
    if (prims.size() == 0) ctx.fail("GLTF_MISSING", mesh.path() + ".primitives", "a mesh needs at least one primitive");
    for (std::size_t p = 0; p < prims.size(); ++p) {
      if (auto m = read_primitive(ctx, mesh, prims[p])) scene.meshes.push_back(std::move(*m));
    }
    first.push_back(static_cast<std::uint32_t>(scene.meshes.size()));
  }
}

}  // namespace aem::formats::gltf
