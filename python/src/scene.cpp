#include "scene.hpp"

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "aem/animation.hpp"
#include "aem/scene_animation.hpp"
#include "aem/convert.hpp"
#include "aem/example.hpp"
#include "aem/io.hpp"
#include "arrays.hpp"
#include "errors.hpp"
#include "options.hpp"
#include "report.hpp"

namespace py = pybind11;

namespace aem::python {
namespace {

using Owner = std::shared_ptr<const void>;

/// Address of `member` in the first of `items` (null when there is none): where a strided view starts.
template <class Record, class Field>
const Field* first(const std::vector<Record>& items, Field Record::*member) {
  return items.empty() ? nullptr : &(items.front().*member);
}

py::array vec3s(const Owner& owner, const std::vector<Vec3>& v) {
  return records(owner, v.empty() ? nullptr : &v[0].x, v.size(), sizeof(Vec3), 3, Access::Writable);
}
py::array vec4s(const Owner& owner, const std::vector<Vec4>& v) {
  return records(owner, v.empty() ? nullptr : &v[0].x, v.size(), sizeof(Vec4), 4, Access::Writable);
}
py::array vec2s(const Owner& owner, const std::vector<Vec2>& v) {
  return records(owner, v.empty() ? nullptr : &v[0].x, v.size(), sizeof(Vec2), 2, Access::Writable);
}
py::array floats(const Owner& owner, const std::vector<float>& v) {
  return column(owner, v.data(), v.size(), sizeof(float), Access::Writable);
}
py::array triangles(const Owner& owner, const std::vector<std::uint32_t>& indices) {
  return records(owner, indices.data(), indices.size() / 3, 3 * sizeof(std::uint32_t), 3, Access::ReadOnly);
}

py::tuple tuple3(const Vec3& v) { return py::make_tuple(v.x, v.y, v.z); }
py::tuple tuple4(const Vec4& v) { return py::make_tuple(v.x, v.y, v.z, v.w); }

const char* wrap_name(TextureWrap w) {
  switch (w) {
    case TextureWrap::ClampToEdge:
      return "clamp_to_edge";
    case TextureWrap::MirroredRepeat:
      return "mirrored_repeat";
    default:
      return "repeat";
  }
}

const char* up_name(UpAxis up) { return up == UpAxis::Y ? "y" : up == UpAxis::Z ? "z" : "-y"; }

template <class T>
py::list parts(const std::shared_ptr<SceneData>& owner, const std::vector<T>& items) {
  py::list out;
  for (const T& item : items) out.append(Part<T>{owner, &item});
  return out;
}

/// Times and values of one key list: (k,) seconds and (k, components) values, over the keys themselves.
template <class V>
py::tuple keys(const Owner& owner, const std::vector<Key<V>>& list, py::ssize_t components) {
  const float* times = first(list, &Key<V>::time);
  const float* values = list.empty() ? nullptr : &list.front().value.x;
  return py::make_tuple(column(owner, times, list.size(), sizeof(Key<V>), Access::Writable),
                        records(owner, values, list.size(), sizeof(Key<V>), components, Access::Writable));
}

const char* interpolation_name(Interpolation i) { return i == Interpolation::Step ? "step" : "linear"; }

/// The joint matrices of `scene` at `time` of `animation` ("skin": model pose times inverse bind, what
/// skinning multiplies by; "model": each joint's model-space transform), (n, 4, 4).
py::array pose(const SceneHandle& s, const py::object& animation, float time, const std::string& space) {
  if (space != "skin" && space != "model")
    throw py::value_error("space must be \"skin\" or \"model\", not \"" + space + "\"");
  const Scene& scene = s.data->scene;
  const std::int32_t index = animation_index(animation, animation_names(scene));
  SceneAnimator animator(scene);
  std::vector<Mat4> skin(scene.joints.size());
  animator.evaluate(index, time, skin);
  std::vector<Mat4> out =
      space == "skin" ? std::move(skin) : std::vector<Mat4>(animator.model().begin(), animator.model().end());
  const float* data = out.empty() ? nullptr : out.front().m.data();
  const std::size_t count = out.size();
  return matrices(owned(std::move(out)), data, count, sizeof(Mat4), Access::Writable);
}

}  // namespace

std::shared_ptr<SceneData> read_scene_data(const std::filesystem::path& path,
                                           const std::optional<std::filesystem::path>& asset_root,
                                           bool keep_morph_targets) {
  ReadOptions options = module_read_options(asset_root);
  options.keep_morph_targets = keep_morph_targets;
  Result<Scene> scene = [&] {
    py::gil_scoped_release unlocked;
    return read_scene(path, options);
  }();
  check(scene);
  return std::make_shared<SceneData>(SceneData{std::move(scene.value()), std::move(scene.warnings), path});
}

namespace {

py::object read(const std::filesystem::path& path, const std::optional<std::filesystem::path>& asset_root,
                bool keep_morph_targets) {
  return py::cast(SceneHandle{read_scene_data(path, asset_root, keep_morph_targets)});
}

py::object write(const SceneHandle& s, const std::filesystem::path& path, const py::kwargs& kwargs) {
  const convert::ConvertOptions options = convert_options(kwargs);
  Result<convert::ConvertReport> report = [&] {
    py::gil_scoped_release unlocked;
    make_output_folder(path);
    return convert::convert_scene(s.data->scene, s.data->source, path, options);
  }();
  check(report);
  return py::cast(ConversionReport::converted(s.data->source.string(), path.string(), std::move(report)));
}

void bind_mesh(py::module_& m) {
  using T = Part<MorphTarget>;
  py::class_<T>(m, "MorphTarget",
                "A morph target (glTF target, blend shape): displacements added to the mesh's positions and normals,\n"
                "scaled by the target's weight.")
      .def_property_readonly("name", [](const T& p) { return text(p.item->name); })
      .def_property_readonly(
          "positions", [](const T& p) { return vec3s(p.owner, p.item->positions); },
          "(n, 3) float32 position deltas, or (0, 3)")
      .def_property_readonly(
          "normals", [](const T& p) { return vec3s(p.owner, p.item->normals); },
          "(n, 3) float32 normal deltas, or (0, 3)")
      .def("__repr__", [](const T& p) { return text("<aem.MorphTarget '" + p.item->name + "'>"); });

  using P = Part<Mesh>;
  py::class_<P>(m, "Mesh",
                "A triangle mesh. Its arrays view the scene's memory (no copy) and keep the scene alive: the float\n"
                "arrays may be written (the change is the scene's), index arrays are read-only. Absent attributes\n"
                "are arrays with 0 rows.")
      .def_property_readonly("name", [](const P& p) { return text(p.item->name); })
      .def_property_readonly(
          "positions", [](const P& p) { return vec3s(p.owner, p.item->positions); }, "(n, 3) float32")
      .def_property_readonly(
          "normals", [](const P& p) { return vec3s(p.owner, p.item->normals); }, "(n, 3) float32, or (0, 3)")
      .def_property_readonly(
          "tangents", [](const P& p) { return vec4s(p.owner, p.item->tangents); },
          "(n, 4) float32: xyz tangent, w the bitangent's sign; or (0, 4)")
      .def_property_readonly(
          "bitangents", [](const P& p) { return vec3s(p.owner, p.item->bitangents); },
          "(n, 3) float32 when the source stores them (AEM, IQE vx), else (0, 3)")
      .def_property_readonly(
          "uvs",
          [](const P& p) {
            py::list out;
            for (const auto& set : p.item->uvs) out.append(vec2s(p.owner, set));
            return out;
          },
          "list of (n, 2) float32 UV sets, the primary set first")
      .def_property_readonly(
          "colors",
          [](const P& p) {
            py::list out;
            for (const auto& set : p.item->colors) out.append(vec4s(p.owner, set));
            return out;
          },
          "list of (n, 4) float32 RGBA sets (0..1)")
      .def_property_readonly(
          "joints",
          [](const P& p) {
            const auto& skin = p.item->skin;
            return records(p.owner, skin.empty() ? nullptr : skin.front().joints.data(), skin.size(),
                           sizeof(SkinInfluences), kMaxInfluences, Access::ReadOnly);
          },
          "(n, 8) int32 joint indices into the skeleton, -1 for unused slots; (0, 8) without a skin")
      .def_property_readonly(
          "weights",
          [](const P& p) {
            const auto& skin = p.item->skin;
            return records(p.owner, skin.empty() ? nullptr : skin.front().weights.data(), skin.size(),
                           sizeof(SkinInfluences), kMaxInfluences, Access::Writable);
          },
          "(n, 8) float32 weights of `joints`")
      .def_property_readonly(
          "rigid_joints",
          [](const P& p) {
            const auto& r = p.item->rigid_joints;
            return column(p.owner, r.data(), r.size(), sizeof(std::int32_t), Access::ReadOnly);
          },
          "(n,) int32: the joint each vertex also moves rigidly with (AEM's extra bone), -1 none; (0,) when none")
      .def_property_readonly(
          "indices", [](const P& p) { return triangles(p.owner, p.item->indices); }, "(t, 3) uint32 triangles")
      .def_property_readonly(
          "lods",
          [](const P& p) {
            py::list out;
            for (const auto& lod : p.item->lod_indices) out.append(triangles(p.owner, lod));
            return out;
          },
          "coarser levels of detail: list of (t, 3) uint32 triangles over the same vertices")
      .def_property_readonly(
          "custom",
          [](const P& p) {
            py::dict out;
            for (const auto& c : p.item->custom)
              if (c.components > 0)
                out[text(c.name)] = records(p.owner, c.values.data(), c.values.size() / c.components,
                                            c.components * sizeof(float), c.components, Access::Writable);
            return out;
          },
          "attributes no standard slot holds: {name: (n, components) float32}")
      .def_property_readonly(
          "frames",
          [](const P& p) {
            py::list out;
            for (const auto& f : p.item->frames)
              out.append(py::make_tuple(vec3s(p.owner, f.positions), vec3s(p.owner, f.normals), vec2s(p.owner, f.uvs)));
            return out;
          },
          "vertex-animation frames: list of (positions, normals, uvs) arrays (normals, uvs may have 0 rows)")
      .def_property_readonly(
          "targets", [](const P& p) { return parts(p.owner, p.item->targets); },
          "morph targets (kept when the scene was read with keep_morph_targets): list of aem.MorphTarget")
      .def_property_readonly(
          "target_weights", [](const P& p) { return floats(p.owner, p.item->target_weights); },
          "(t,) float32 default weight of each target; (0,) means every weight is 0")
      .def_property_readonly(
          "material", [](const P& p) { return p.item->material; }, "index into Scene.materials, -1 for none")
      .def_property_readonly("vertex_count", [](const P& p) { return p.item->vertex_count(); })
      .def_property_readonly("triangle_count", [](const P& p) { return p.item->triangle_count(); })
      .def("__repr__", [](const P& p) {
        return text("<aem.Mesh '" + p.item->name + "': " + std::to_string(p.item->vertex_count()) + " vertices, " +
                    std::to_string(p.item->triangle_count()) + " triangles>");
      });
}

void bind_materials(py::module_& m) {
  using T = Part<Texture>;
  py::class_<T>(m, "Texture", "An image a material uses: a file name, embedded bytes, or both.")
      .def_property_readonly(
          "name", [](const T& p) { return text(p.item->name); }, "file name or URI as the source wrote it")
      .def_property_readonly(
          "mime_type", [](const T& p) { return p.item->mime_type; }, "'image/png', 'image/jpeg' or ''")
      .def_property_readonly(
          "data",
          [](const T& p) {
            const auto& d = p.item->data;
            return column(p.owner, d.data(), d.size(), 1, Access::ReadOnly);
          },
          "the encoded image bytes as a read-only uint8 array (0 bytes when only named)")
      .def_property_readonly(
          "loaded_from_file", [](const T& p) { return p.item->loaded_from_file; },
          "the bytes were read from the file `name` beside the model, not stored in it")
      .def_property_readonly(
          "wrap_u", [](const T& p) { return wrap_name(p.item->wrap_u); },
          "'repeat', 'clamp_to_edge' or 'mirrored_repeat'")
      .def_property_readonly("wrap_v", [](const T& p) { return wrap_name(p.item->wrap_v); })
      .def("__repr__", [](const T& p) {
        return text("<aem.Texture '" + p.item->name + "', " + std::to_string(p.item->data.size()) + " bytes>");
      });

  using M = Part<Material>;
  py::class_<M>(m, "Material", "A PBR metallic-roughness material, with the Phong fields some formats carry.")
      .def_property_readonly("name", [](const M& p) { return text(p.item->name); })
      .def_property_readonly(
          "base_color", [](const M& p) { return tuple4(p.item->base_color); }, "(r, g, b, a)")
      .def_property_readonly("metallic", [](const M& p) { return p.item->metallic; })
      .def_property_readonly("roughness", [](const M& p) { return p.item->roughness; })
      .def_property_readonly("emissive", [](const M& p) { return tuple3(p.item->emissive); })
      .def_property_readonly("opacity", [](const M& p) { return p.item->opacity; })
      .def_property_readonly("double_sided", [](const M& p) { return p.item->double_sided; })
      .def_property_readonly("alpha_blend", [](const M& p) { return p.item->alpha_blend; })
      .def_property_readonly(
          "alpha_cutoff",
          [](const M& p) { return p.item->alpha_cutoff < 0 ? py::object(py::none()) : py::cast(p.item->alpha_cutoff); },
          "alpha below which pixels are cut out (glTF MASK), or None")
      .def_property_readonly(
          "phong",
          [](const M& p) -> py::object {
            const Material& mat = *p.item;
            if (!mat.has_phong) return py::none();
            py::dict out;
            out["ambient"] = tuple3(mat.ambient), out["diffuse"] = tuple3(mat.diffuse),
            out["specular"] = tuple3(mat.specular);
            out["shininess"] = mat.shininess;
            return out;
          },
          "{ambient, diffuse, specular, shininess} when the source has Phong values, else None")
      .def_property_readonly(
          "textures",
          [](const M& p) {
            const MaterialTextures& t = p.item->textures;
            const auto& all = p.owner->scene.textures;
            py::dict out;
            const std::pair<const char*, std::int32_t> slots[] = {{"base_color", t.base_color},
                                                                  {"normal", t.normal},
                                                                  {"orm", t.orm},
                                                                  {"occlusion", t.occlusion},
                                                                  {"metallic_roughness", t.metallic_roughness},
                                                                  {"emissive", t.emissive},
                                                                  {"specular", t.specular}};
            for (const auto& [slot, index] : slots)
              if (index >= 0 && static_cast<std::size_t>(index) < all.size())
                out[slot] = Part<Texture>{p.owner, &all[index]};
            return out;
          },
          "{slot: Texture} for the slots that have one: base_color, normal, orm, occlusion, metallic_roughness, emissive, specular")
      .def("__repr__", [](const M& p) { return text("<aem.Material '" + p.item->name + "'>"); });
}

void bind_skeleton_and_animations(py::module_& m) {
  using S = Part<std::vector<Joint>>;
  py::class_<S>(m, "Skeleton", "The scene's joints: names, parents and inverse bind matrices as arrays over the scene.")
      .def("__len__", [](const S& p) { return p.item->size(); })
      .def_property_readonly("names",
                             [](const S& p) {
                               py::list names;
                               for (const auto& j : *p.item) names.append(text(j.name));
                               return names;
                             })
      .def_property_readonly(
          "parents",
          [](const S& p) {
            return column(p.owner, first(*p.item, &Joint::parent), p.item->size(), sizeof(Joint), Access::ReadOnly);
          },
          "(n,) int32 parent indices, -1 for roots")
      .def_property_readonly(
          "inverse_binds",
          [](const S& p) {
            const Mat4* first_matrix = first(*p.item, &Joint::inverse_bind);
            return matrices(p.owner, first_matrix ? first_matrix->m.data() : nullptr, p.item->size(), sizeof(Joint),
                            Access::Writable);
          },
          "(n, 4, 4) float32 matrices [joint, row, column]: model space to joint space at bind time")
      .def_property_readonly(
          "rest_translations",
          [](const S& p) {
            const Transform* rest = first(*p.item, &Joint::rest);
            return records(p.owner, rest ? &rest->translation.x : nullptr, p.item->size(), sizeof(Joint), 3,
                           Access::Writable);
          },
          "(n, 3) float32 parent-relative translation at rest")
      .def_property_readonly(
          "rest_rotations",
          [](const S& p) {
            const Transform* rest = first(*p.item, &Joint::rest);
            return records(p.owner, rest ? &rest->rotation.x : nullptr, p.item->size(), sizeof(Joint), 4,
                           Access::Writable);
          },
          "(n, 4) float32 quaternions (x, y, z, w) at rest")
      .def_property_readonly(
          "rest_scales",
          [](const S& p) {
            const Transform* rest = first(*p.item, &Joint::rest);
            return records(p.owner, rest ? &rest->scale.x : nullptr, p.item->size(), sizeof(Joint), 3,
                           Access::Writable);
          },
          "(n, 3) float32 scale at rest")
      .def("__repr__", [](const S& p) { return "<aem.Skeleton: " + std::to_string(p.item->size()) + " joints>"; });

  using C = Part<Channel>;
  py::class_<C>(m, "Channel",
                "The keys of one joint in one animation: times in seconds and values, as arrays over the scene.")
      .def_property_readonly("joint", [](const C& p) { return p.item->joint; })
      .def_property_readonly(
          "translation", [](const C& p) { return keys(p.owner, p.item->translation, 3); },
          "(times (k,), values (k, 3))")
      .def_property_readonly(
          "rotation", [](const C& p) { return keys(p.owner, p.item->rotation, 4); },
          "(times (k,), quaternions (k, 4) x y z w)")
      .def_property_readonly(
          "scale", [](const C& p) { return keys(p.owner, p.item->scale, 3); }, "(times (k,), values (k, 3))")
      .def_property_readonly(
          "interpolation",
          [](const C& p) {
            const Channel& c = *p.item;
            return py::make_tuple(interpolation_name(c.translation_interpolation),
                                  interpolation_name(c.rotation_interpolation),
                                  interpolation_name(c.scale_interpolation));
          },
          "('linear' or 'step') for translation, rotation and scale");

  using W = Part<WeightTrack>;
  py::class_<W>(m, "WeightTrack", "The animated weights of one mesh's morph targets in one animation.")
      .def_property_readonly(
          "mesh", [](const W& p) { return p.item->mesh; }, "index into Scene.meshes")
      .def_property_readonly(
          "times", [](const W& p) { return floats(p.owner, p.item->times); }, "(k,) float32 seconds")
      .def_property_readonly(
          "weights",
          [](const W& p) {
            const WeightTrack& w = *p.item;
            const std::size_t targets = w.times.empty() ? 0 : w.weights.size() / w.times.size();
            return records(p.owner, w.weights.data(), w.times.size(), targets * sizeof(float),
                           static_cast<py::ssize_t>(targets), Access::Writable);
          },
          "(k, t) float32: each key's weight of each of the mesh's targets")
      .def_property_readonly(
          "interpolation", [](const W& p) { return interpolation_name(p.item->interpolation); }, "'linear' or 'step'");

  using A = Part<Animation>;
  py::class_<A>(m, "Animation",
                "A skeletal animation: per-joint key lists (joints without a channel keep their rest pose) and the\n"
                "weights of morph targets.")
      .def_property_readonly("name", [](const A& p) { return text(p.item->name); })
      .def_property_readonly(
          "duration", [](const A& p) { return p.item->duration; }, "seconds")
      .def_property_readonly(
          "frame_rate", [](const A& p) { return p.item->frame_rate; },
          "frames per second when the source has frames, else 0")
      .def_property_readonly("loop", [](const A& p) { return p.item->loop; })
      .def_property_readonly("channels", [](const A& p) { return parts(p.owner, p.item->channels); })
      .def_property_readonly(
          "weight_tracks", [](const A& p) { return parts(p.owner, p.item->weight_tracks); },
          "morph target weights, at most one aem.WeightTrack per mesh")
      .def("__repr__", [](const A& p) {
        return text("<aem.Animation '" + p.item->name + "', " + std::to_string(p.item->duration) + " s>");
      });

  using N = Part<Node>;
  py::class_<N>(m, "Node", "A node of the placement hierarchy: where mesh instances sit.")
      .def_property_readonly("name", [](const N& p) { return text(p.item->name); })
      .def_property_readonly(
          "parent", [](const N& p) { return p.item->parent; }, "index into Scene.nodes, -1 for a root")
      .def_property_readonly("translation", [](const N& p) { return tuple3(p.item->local.translation); })
      .def_property_readonly(
          "rotation",
          [](const N& p) {
            const Quat& q = p.item->local.rotation;
            return py::make_tuple(q.x, q.y, q.z, q.w);
          },
          "(x, y, z, w)")
      .def_property_readonly("scale", [](const N& p) { return tuple3(p.item->local.scale); })
      .def_property_readonly(
          "meshes", [](const N& p) { return p.item->meshes; }, "indices into Scene.meshes placed by this node")
      .def_property_readonly(
          "joint", [](const N& p) { return p.item->joint; }, "the joint that drives this node when it moves, -1 none");
}

void bind_scene_class(py::module_& m) {
  py::class_<SceneHandle>(
      m, "Scene",
      "A model read into memory: meshes, materials, textures, skeleton, animations, nodes. Returned by\n"
      "aem.read() and aem.example(); its parts and arrays keep it alive.")
      .def_property_readonly("name", [](const SceneHandle& s) { return text(s.data->scene.name); })
      .def_property_readonly(
          "source_format", [](const SceneHandle& s) { return text(s.data->scene.source_format); },
          "e.g. 'glTF', 'AEM', 'FBX'")
      .def_property_readonly(
          "path",
          [](const SceneHandle& s) -> py::object {
            return s.data->source.empty() ? py::object(py::none()) : py::object(path_text(s.data->source.string()));
          },
          "the file it was read from, or None")
      .def_property_readonly("comment", [](const SceneHandle& s) { return text(s.data->scene.comment); })
      .def_property_readonly(
          "source_notes",
          [](const SceneHandle& s) {
            py::dict out;
            for (const auto& n : s.data->scene.source_notes) out[text(n.key)] = text(n.value);
            return out;
          },
          "facts about the source: {'units': ..., 'axes': ..., 'layout': ...}")
      .def_property_readonly(
          "conventions",
          [](const SceneHandle& s) {
            const Conventions& c = s.data->scene.conventions;
            py::dict out;
            out["up"] = up_name(c.up), out["right_handed"] = c.right_handed, out["ccw_front_faces"] = c.ccw_front_faces;
            out["uv_origin_bottom_left"] = c.uv_origin_bottom_left, out["meters_per_unit"] = c.meters_per_unit;
            return out;
          },
          "the coordinate conventions the numbers are in")
      .def_property_readonly("meshes", [](const SceneHandle& s) { return parts(s.data, s.data->scene.meshes); })
      .def_property_readonly("materials", [](const SceneHandle& s) { return parts(s.data, s.data->scene.materials); })
      .def_property_readonly("textures", [](const SceneHandle& s) { return parts(s.data, s.data->scene.textures); })
      .def_property_readonly("skeleton",
                             [](const SceneHandle& s) {
                               return Part<std::vector<Joint>>{s.data, &s.data->scene.joints};
                             })
      .def_property_readonly("animations", [](const SceneHandle& s) { return parts(s.data, s.data->scene.animations); })
      .def_property_readonly("nodes", [](const SceneHandle& s) { return parts(s.data, s.data->scene.nodes); })
      .def_property_readonly(
          "vertex_animation",
          [](const SceneHandle& s) -> py::object {
            const VertexAnimation& v = s.data->scene.vertex_animation;
            if (v.frame_count == 0) return py::none();
            py::dict out;
            out["name"] = text(v.name), out["frame_rate"] = v.frame_rate, out["frame_count"] = v.frame_count;
            return out;
          },
          "{name, frame_rate, frame_count} of the meshes' vertex-animation frames, or None")
      .def_property_readonly(
          "warnings", [](const SceneHandle& s) { return warnings_list(s.data->warnings); },
          "what the read tolerated: list of aem.Diagnostic")
      .def_property_readonly("vertex_count", [](const SceneHandle& s) { return s.data->scene.vertex_count(); })
      .def_property_readonly("triangle_count", [](const SceneHandle& s) { return s.data->scene.triangle_count(); })
      .def("pose", &pose, py::arg("animation") = 0, py::arg("time") = 0.0f, py::arg("space") = "skin",
           "The joints' matrices at `time` seconds of `animation` (its index or name; a negative index gives the\n"
           "bind pose) as a new (n, 4, 4) float32 array [joint, row, column]. space='skin': model pose times\n"
           "inverse bind, what skinning multiplies vertices by (as `aem pose` prints); space='model': each\n"
           "joint's model-space transform. Joints without a channel keep their rest pose.")
      .def("write", &write, py::arg("path"),
           "Writes the scene to `path` as `aem convert` would write the file it was read from (the same bytes;\n"
           "for a file with morph targets, when it was read with keep_morph_targets, unless the output is CEM),\n"
           "with its options as keywords: to, scale, up, flip_uv, no_textures, optimize, weld, fps, lods, compress,\n"
           "embed, sync, asset_root. The scene itself is not changed. Returns an aem.ConvertReport; raises\n"
           "aem.Error. The GIL is released while it writes.")
      .def("__repr__", [](const SceneHandle& s) {
        const Scene& scene = s.data->scene;
        return text("<aem.Scene " + (scene.source_format.empty() ? std::string("(generated)") : scene.source_format) +
                    ": " + std::to_string(scene.meshes.size()) + " meshes, " + std::to_string(scene.vertex_count()) +
                    " vertices, " + std::to_string(scene.joints.size()) + " joints, " +
                    std::to_string(scene.animations.size()) + " animations>");
      });
}

}  // namespace

std::vector<std::string> animation_names(const Scene& scene) {
  std::vector<std::string> names;
  for (const auto& a : scene.animations) names.push_back(a.name);
  return names;
}

std::int32_t animation_index(const py::object& which, const std::vector<std::string>& names) {
  if (py::isinstance<py::str>(which)) {
    const std::string name = which.cast<std::string>();
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return static_cast<std::int32_t>(i);
    throw py::value_error("no animation is called \"" + name + "\" (there are " + std::to_string(names.size()) + ")");
  }
  const long index = which.cast<long>();
  if (index < 0) return -1;
  if (static_cast<std::size_t>(index) >= names.size())
    throw py::value_error("no animation " + std::to_string(index) + " (there are " + std::to_string(names.size()) +
                          "; a negative index gives the bind pose)");
  return static_cast<std::int32_t>(index);
}

void bind_scene(py::module_& m) {
  bind_mesh(m);
  bind_materials(m);
  bind_skeleton_and_animations(m);
  bind_scene_class(m);
  m.def("read", &read, py::arg("path"), py::arg("asset_root") = py::none(), py::kw_only(),
        py::arg("keep_morph_targets") = false,
        "Reads a model in any format aem reads (the format from the content, else the extension) into an\n"
        "aem.Scene. Side files (textures, buffers, .mtl) are read only from inside the model's folder, or\n"
        "inside `asset_root` when it is given. Morph targets (glTF, FBX blend shapes, E3D morphs) are baked into\n"
        "vertex-animation frames unless `keep_morph_targets`: then the meshes hold the shape without any\n"
        "target, and Scene.write to glTF or E3D writes the targets, as `aem convert` to them does. Raises\n"
        "aem.Error; the GIL is released while it reads.");
  m.def(
      "example",
      [](std::uint32_t segments, std::uint32_t rings, std::uint32_t joints) {
        if (segments < 3 || rings < 2 || joints < 1)
          throw py::value_error("the tube needs segments >= 3, rings >= 2, joints >= 1");
        ExampleOptions options;
        options.segments = segments, options.rings = rings, options.joints = joints;
        return SceneHandle{std::make_shared<SceneData>(SceneData{make_example_scene(options), {}, {}})};
      },
      py::arg("segments") = 24, py::arg("rings") = 32, py::arg("joints") = 4,
      "The built-in example (`aem example`): a tube along +Y (radius 0.25, height 2) of `rings` rings of\n"
      "`segments` vertices, skinned to a chain of `joints` joints that sway in one looping animation 'bend'.");
}

}  // namespace aem::python
