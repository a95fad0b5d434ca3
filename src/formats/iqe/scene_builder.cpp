#include "formats/iqe/scene_builder.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <numeric>

namespace aem::formats::iqe {
namespace {

constexpr std::uint32_t kUnused = 0xFFFFFFFFu;

bool names_image_file(const std::string& name) {
  const auto dot = name.rfind('.');
  if (dot == std::string::npos) return false;
  std::string ext = name.substr(dot);
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".tga" || ext == ".bmp";
}

// The distinct vertices `global_triangles` use, in file order, and the triangles renumbered into
// them (moved over when they are the document's vertices 0..n-1 in order). `remap` (one kUnused
// entry per document vertex) is scratch shared by all meshes: only the entries this mesh touches are
// set, and they are reset before returning.
std::vector<std::uint32_t> take_vertices(std::vector<std::uint32_t>& global_triangles,
                                         std::vector<std::uint32_t>& remap, std::vector<std::uint32_t>& indices) {
  std::vector<std::uint32_t> used;
  std::uint32_t lo = kUnused, hi = 0;
  for (std::uint32_t g : global_triangles)
    if (remap[g] == kUnused) {
      remap[g] = 0;
      used.push_back(g);
      lo = std::min(lo, g), hi = std::max(hi, g);
    }
  const bool contiguous = !used.empty() && hi - lo + 1 == used.size();
  if (contiguous)
    std::iota(used.begin(), used.end(), lo);  // no sort needed
  else
    std::sort(used.begin(), used.end());
  if (contiguous && lo == 0) {
    for (std::uint32_t g : used) remap[g] = kUnused;
    indices = std::move(global_triangles);
    return used;
  }
  for (std::uint32_t k = 0; k < used.size(); ++k) remap[used[k]] = k;
  indices.reserve(global_triangles.size());
  for (std::uint32_t g : global_triangles) indices.push_back(remap[g]);
  for (std::uint32_t g : used) remap[g] = kUnused;
  return used;
}

// `last`: no mesh built after this one reads the document, so when the mesh uses its first vertices
// in order (the whole document, or the first mesh of several), its arrays are moved and cut there.
Mesh build_mesh(Document& doc, std::vector<Vec3>& normals, std::vector<std::uint32_t>& global_triangles,
                std::string name, std::vector<std::uint32_t>& remap, bool last) {
  Mesh m;
  m.name = std::move(name);
  const std::vector<std::uint32_t> used = take_vertices(global_triangles, remap, m.indices);
  const bool leading = last && (used.empty() || used.back() + 1 == used.size());
  auto gather = [&used, leading](auto& source, auto& target) {
    if (source.empty()) return;
    if (leading) {
      target = std::move(source);
      target.resize(used.size());
      return;
    }
    target.reserve(used.size());
    for (std::uint32_t g : used) target.push_back(source[g]);
  };
  if (!doc.tangents.empty())
    for (std::uint32_t g : used) {
      Vec4 t = doc.tangents[g];
      if (!doc.bitangents.empty()) {
        const Vec3 b = doc.bitangents[g];
        if (!(b == Vec3{})) {
          m.bitangents.resize(m.tangents.size());  // keep the array aligned (zeros before)
          m.bitangents.push_back(b);
          const Vec3 n = normals.empty() ? Vec3{} : normals[g];
          t.w = dot(cross(n, {t.x, t.y, t.z}), b) < 0 ? -1.0f : 1.0f;
        }
      }
      if (t.w == 0.0f) t.w = 1.0f;
      m.tangents.push_back(t);
    }
  if (!m.bitangents.empty()) m.bitangents.resize(used.size());
  for (int c = 0; c < 10; ++c) {
    if (doc.custom_sizes[c] <= 0 || doc.custom[c].empty()) continue;
    CustomAttribute& a = m.custom.emplace_back(CustomAttribute{doc.custom_names[c], doc.custom_sizes[c], {}});
    for (std::uint32_t g : used)
      a.values.insert(a.values.end(), &doc.custom[c][g].x, &doc.custom[c][g].x + a.components);
  }
  // Last, since the tangents above read the normals.
  gather(doc.positions, m.positions);
  gather(normals, m.normals);
  gather(doc.influences, m.skin);
  if (!doc.uvs.empty()) gather(doc.uvs, m.uvs.emplace_back());
  if (!doc.colors.empty()) gather(doc.colors, m.colors.emplace_back());
  return m;
}

void build_skeleton(const Document& doc, Scene& s, const std::string& format, std::vector<Warning>& warnings) {
  std::vector<Mat4> world(doc.joints.size());
  const std::span<const Transform> base_poses = doc.poses_of(doc.base_poses);
  for (std::size_t j = 0; j < doc.joints.size(); ++j) {
    Joint joint;
    joint.name = doc.joints[j].name;
    joint.parent = doc.joints[j].parent;
    const bool has_pose = j < base_poses.size();
    if (has_pose) joint.rest = base_poses[j];
    // A joint without a base pose binds at identity (as the reference compiler does).
    world[j] =
        has_pose ? (joint.parent >= 0 ? world[joint.parent] * compose(joint.rest) : compose(joint.rest)) : Mat4{};
    joint.inverse_bind = inverse(world[j]);
    s.joints.push_back(std::move(joint));
  }
  if (!doc.joints.empty() && base_poses.size() < doc.joints.size())
    warnings.push_back(Warning{.code = format + "_MISSING_BASE_POSES",
                               .format = format,
                               .message = std::to_string(doc.joints.size() - base_poses.size()) +
                                          " joints have no base pose (bound at identity)"});
  for (const auto& a : doc.animations) {
    Animation anim;
    anim.name = a.name;
    anim.loop = a.loop;
    anim.frame_rate = a.frame_rate;
    float rate = a.frame_rate;
    if (rate <= 0) {
      rate = 30.0f;
      warnings.push_back(Warning{.code = format + "_FRAMERATE_ASSUMED",
                                 .format = format,
                                 .path = "animation \"" + a.name + "\"",
                                 .message = "no framerate; 30 fps assumed"});
    }
    anim.duration = static_cast<float>(a.frames.size()) / rate;
    for (std::uint32_t j = 0; j < doc.joints.size(); ++j) {
      Channel ch;
      ch.joint = j;
      ch.translation.reserve(a.frames.size()), ch.rotation.reserve(a.frames.size()), ch.scale.reserve(a.frames.size());
      for (std::size_t f = 0; f < a.frames.size(); ++f) {
        // Frames with fewer poses than joints use the base pose; extra poses are ignored.
        const std::span<const Transform> frame = doc.poses_of(a.frames[f]);
        const Transform p = j < frame.size() ? frame[j] : s.joints[j].rest;
        const float t = static_cast<float>(f) / rate;
        ch.translation.push_back({t, p.translation});
        ch.rotation.push_back({t, p.rotation});
        ch.scale.push_back({t, p.scale});
      }
      anim.channels.push_back(std::move(ch));
    }
    s.animations.push_back(std::move(anim));
  }
}

}  // namespace

Result<Scene> build_scene(Document& doc, std::vector<Vec3>& normals, const std::string& format) {
  Result<Scene> result(Scene{});
  Scene& s = result.value();
  s.source_format = format;
  s.comment = std::move(doc.comment);
  std::map<std::string, std::int32_t> material_index;
  auto material = [&](const std::string& name) {
    auto [it, added] = material_index.emplace(name, static_cast<std::int32_t>(s.materials.size()));
    if (added) {
      Material m;
      m.name = name;
      if (names_image_file(name))
        m.textures.base_color =
            texture_by_name(s, name);  // the engines' convention: the material string is the texture's path
      s.materials.push_back(m);
    }
    return it->second;
  };
  std::vector<std::uint32_t> remap(doc.positions.size(), kUnused);
  const bool faces = !doc.corners.empty();  // (the corners may be moved into a mesh below)
  struct Pending {
    const Segment* seg;
    std::vector<std::uint32_t> tris;
    std::int32_t material;
  };
  std::vector<Pending> pending;  // the meshes to build, in file order (which numbers the materials)
  for (const auto& seg : doc.segments) {
    std::vector<std::uint32_t> tris;
    if (faces) {
      // A mesh without faces of its own takes none (the corners may already be with another mesh).
      if (seg.triangle_count == 0) continue;
      const auto first = doc.corners.begin() + 3 * static_cast<std::ptrdiff_t>(seg.first_triangle);
      if (first == doc.corners.begin() && 3 * std::size_t{seg.triangle_count} == doc.corners.size())
        tris = std::move(doc.corners);  // the only mesh with faces
      else
        tris.assign(first, first + 3 * static_cast<std::ptrdiff_t>(seg.triangle_count));
    } else {  // no faces anywhere: each group of 3 vertices of the mesh is a triangle
      for (std::uint32_t v = seg.first_vertex; v + 2 < seg.end_vertex; v += 3)
        tris.insert(tris.end(), {v, v + 1, v + 2});
    }
    if (tris.empty()) continue;
    pending.push_back({&seg, std::move(tris), material(seg.material)});
  }
  // Built last to first, so that the first mesh, which mostly holds the document's first vertices,
  // is built last and takes the document's arrays rather than a copy.
  s.meshes.resize(pending.size());
  for (std::size_t k = pending.size(); k-- > 0;) {
    Pending& p = pending[k];
    s.meshes[k] = build_mesh(doc, normals, p.tris, p.seg->name, remap, k == 0);
    s.meshes[k].material = p.material;
  }
  build_skeleton(doc, s, format, result.warnings);
  if (doc.has_comment) s.source_notes.push_back({"comment", std::to_string(s.comment.size()) + " bytes"});
  return result;
}

}  // namespace aem::formats::iqe
