#include "runtime.hpp"

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <memory>
#include <string>

#include "aem/animation.hpp"
#include "aem/aem_view.hpp"
#include "arrays.hpp"
#include "errors.hpp"
#include "scene.hpp"

namespace py = pybind11;

namespace aem::python {
namespace {

struct Model {
  std::shared_ptr<const AemModel> model;
  std::vector<Warning> warnings;
  const AemView& view() const { return model->view(); }
};

struct Animator {
  std::shared_ptr<const AemModel> model;  // the view the animator reads
  AemAnimator animator;
  std::vector<std::string> names;
};

Model adopt(Result<AemModel> loaded) {
  check(loaded);
  return Model{std::make_shared<const AemModel>(std::move(loaded.value())), std::move(loaded.warnings)};
}

Model load(const std::filesystem::path& path, AemModel::Source source) {
  py::gil_scoped_release unlocked;
  return adopt(AemModel::load(path, source));
}

/// A NumPy structured dtype: (name, format, byte offset) fields in records of `size` bytes.
py::dtype record_type(std::initializer_list<std::tuple<const char*, const char*, int>> fields, int size) {
  py::list names, formats, offsets;
  for (const auto& [name, format, offset] : fields) names.append(name), formats.append(format), offsets.append(offset);
  py::dict spec;
  spec["names"] = names, spec["formats"] = formats, spec["offsets"] = offsets, spec["itemsize"] = size;
  return py::dtype::from_args(spec);
}

template <class Record>
py::array section(const Model& m, const py::dtype& type, std::span<const Record> items) {
  return view_of(m.model, type, items.data(), {static_cast<py::ssize_t>(items.size())}, {sizeof(Record)},
                 Access::ReadOnly);
}

std::vector<std::string> animation_names(const AemView& v) {
  std::vector<std::string> names;
  for (std::uint32_t a = 0; a < v.counts().animations; ++a) names.emplace_back(v.animation_name(a));
  return names;
}

/// New (bones, 4, 4) matrices, [bone, row, column].
py::array bone_matrices(std::vector<Mat4> skin) {
  const float* data = skin.empty() ? nullptr : skin.front().m.data();
  const std::size_t count = skin.size();
  return matrices(owned(std::move(skin)), data, count, sizeof(Mat4), Access::Writable);
}

/// New (count, bones, 4, 4) matrices, [instance, bone, row, column].
py::array matrix_stack(std::vector<Mat4> skins, std::size_t count, std::size_t bones) {
  const float* data = skins.empty() ? nullptr : skins.front().m.data();
  const auto c = static_cast<py::ssize_t>(count), b = static_cast<py::ssize_t>(bones);
  return view<float>(owned(std::move(skins)), data, {c, b, 4, 4}, {b * 64, 64, 4, 16}, Access::Writable);
}

void bind_model(py::module_& m) {
  using aem_file::Vertex;
  py::class_<Model>(
      m, "AemModel",
      "A current-layout AEM file validated once in one pass, its sections then read-only NumPy arrays over the\n"
      "file's bytes (no copy; they keep the model alive). AemModel.map(path) maps the file: it must then stay\n"
      "unchanged while the model lives (replace it by renaming a new file over it).")
      .def_static(
          "map", [](const std::filesystem::path& path) { return load(path, AemModel::Source::Map); }, py::arg("path"),
          "Maps and validates the file (no copy: the fastest load). Raises aem.Error; the GIL is released.")
      .def_static(
          "load", [](const std::filesystem::path& path) { return load(path, AemModel::Source::Read); }, py::arg("path"),
          "Reads the file into memory the model owns and validates it. Raises aem.Error; the GIL is released.")
      .def_static(
          "from_bytes",
          [](const py::bytes& data) {
            const std::string_view bytes = data;
            py::gil_scoped_release unlocked;
            return adopt(AemModel::from_memory(std::as_bytes(std::span(bytes.data(), bytes.size()))));
          },
          py::arg("data"), "Validates a copy of `data`. Raises aem.Error.")
      .def_property_readonly("warnings", [](const Model& m) { return warnings_list(m.warnings); })
      .def_property_readonly(
          "vertices",
          [](const Model& m) {
            const auto type = record_type({{"position", "3<f4", 0},
                                           {"normal", "3<f4", 12},
                                           {"tangent", "3<f4", 24},
                                           {"bitangent", "3<f4", 36},
                                           {"uv", "2<f4", 48},
                                           {"bone_indices", "4<i4", 56},
                                           {"bone_weights", "4<f4", 72},
                                           {"extra_bone", "<i4", 88}},
                                          sizeof(Vertex));
            return section(m, type, m.view().vertices());
          },
          "(n,) structured array: position, normal, tangent, bitangent (3 float32 each), uv (2), bone_indices (4 int32,\n"
          "-1 unused), bone_weights (4 float32), extra_bone (int32, -1 none); e.g. model.vertices['position'] is (n, 3)")
      .def_property_readonly(
          "indices",
          [](const Model& m) {
            const auto i = m.view().indices();
            return column(m.model, i.data(), i.size(), sizeof(std::uint32_t), Access::ReadOnly);
          },
          "(k,) uint32: every mesh's triangles, each mesh a range of them")
      .def_property_readonly(
          "meshes",
          [](const Model& m) {
            const auto type =
                record_type({{"first_index", "<u4", 0}, {"index_count", "<u4", 4}, {"material", "<u4", 8}}, 12);
            return section(m, type, m.view().meshes());
          },
          "(m,) structured array: first_index, index_count, material")
      .def_property_readonly(
          "materials",
          [](const Model& m) {
            const auto type = record_type({{"base_color", "<i4", 0}, {"normal", "<i4", 4}, {"orm", "<i4", 8}}, 12);
            return section(m, type, m.view().materials());
          },
          "(m,) structured array of texture indices: base_color, normal, orm (-1 or 255: none)")
      .def_property_readonly("texture_names",
                             [](const Model& m) {
                               py::list names;
                               for (std::uint32_t i = 0; i < m.view().counts().textures; ++i)
                                 names.append(text(std::string(m.view().texture_name(i))));
                               return names;
                             })
      .def_property_readonly(
          "bone_parents",
          [](const Model& m) {
            const auto bones = m.view().bones();
            return column(m.model, bones.empty() ? nullptr : &bones.front().parent, bones.size(),
                          sizeof(aem_file::Bone), Access::ReadOnly);
          },
          "(b,) int32, -1 for roots")
      .def_property_readonly(
          "inverse_binds",
          [](const Model& m) {
            const auto bones = m.view().bones();
            return matrices(m.model, bones.empty() ? nullptr : bones.front().inverse_bind, bones.size(),
                            sizeof(aem_file::Bone), Access::ReadOnly);
          },
          "(b, 4, 4) float32 [bone, row, column]")
      .def_property_readonly("animation_names", [](const Model& m) { return texts(animation_names(m.view())); })
      .def_property_readonly(
          "animation_durations",
          [](const Model& m) {
            const auto a = m.view().animations();
            return column(m.model, a.empty() ? nullptr : &a.front().duration, a.size(), sizeof(aem_file::Animation),
                          Access::ReadOnly);
          },
          "(a,) float32 seconds")
      .def(
          "animator",
          [](const Model& m) {
            return std::make_unique<Animator>(Animator{m.model, AemAnimator(m.view()), animation_names(m.view())});
          },
          "A new aem.Animator over this model (one per thread).")
      .def("__repr__", [](const Model& m) {
        const auto& c = m.view().counts();
        return "<aem.AemModel: " + std::to_string(c.vertices) + " vertices, " + std::to_string(c.meshes) + " meshes, " +
               std::to_string(c.bones) + " bones, " + std::to_string(c.animations) + " animations>";
      });

  py::class_<Animator>(
      m, "Animator",
      "Evaluates an AemModel's animations as the reference libaem does (keys clamped, no wrapping). Keeps key\n"
      "cursors between calls, so forward playback is cheapest; use one per thread.")
      .def(
          "evaluate",
          [](Animator& a, const py::object& animation, float time) {
            const std::int32_t index = animation_index(animation, a.names);
            const std::size_t bones = a.model->view().counts().bones;
            std::vector<Mat4> skin(bones);
            a.animator.evaluate(index, time, skin);
            return bone_matrices(std::move(skin));
          },
          py::arg("animation"), py::arg("time"),
          "Skin matrices (model pose times inverse bind) of every bone at `time` seconds of `animation` (index or\n"
          "name; negative: bind pose, identity matrices) as a new (b, 4, 4) float32 array.")
      .def(
          "evaluate_crowd",
          [](Animator& a, const py::object& animation,
             const py::array_t<float, py::array::c_style | py::array::forcecast>& times) {
            if (times.ndim() != 1) throw py::value_error("times must be a 1-D array of seconds");
            const std::int32_t index = animation_index(animation, a.names);
            const std::size_t bones = a.model->view().counts().bones, count = static_cast<std::size_t>(times.shape(0));
            std::vector<Mat4> skins(bones * count);
            a.animator.evaluate_crowd(index, std::span(times.data(), count), skins);
            return matrix_stack(std::move(skins), count, bones);
          },
          py::arg("animation"), py::arg("times"),
          "Skin matrices of many instances at once, instance i at times[i]: a new (len(times), b, 4, 4) array. Pass the\n"
          "instances in the same order every call (each keeps its own key cursors).")
      .def(
          "model",
          [](const Animator& a) {
            const auto model = a.animator.model();
            return bone_matrices(std::vector<Mat4>(model.begin(), model.end()));
          },
          "Model-space bone transforms of the last evaluate(), not multiplied by the inverse bind (for attachments).");
}

}  // namespace

void bind_runtime(py::module_& m) { bind_model(m); }

}  // namespace aem::python
