#include "render.hpp"

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <array>
#include <optional>
#include <tuple>

#include "aem/io.hpp"
#include "aem/render.hpp"
#include "arrays.hpp"
#include "errors.hpp"
#include "scene.hpp"

namespace py = pybind11;

namespace aem::python {
namespace {

/// "transparent", "#rrggbb", or an (r, g, b[, a]) tuple of 0..1 values.
Vec4 background(const py::object& value) {
  if (py::isinstance<py::str>(value)) {
    const std::string text = value.cast<std::string>();
    if (text == "transparent") return {0, 0, 0, 0};
    unsigned rgb = 0;
    std::size_t used = 0;
    if (text.size() == 7 && text[0] == '#') {
      try {
        rgb = static_cast<unsigned>(std::stoul(text.substr(1), &used, 16));
      } catch (const std::exception&) {
        used = 0;
      }
    }
    if (used != 6)
      throw py::value_error("background wants \"transparent\", \"#rrggbb\" or (r, g, b[, a]), not \"" + text + "\"");
    return {((rgb >> 16) & 255) / 255.0f, ((rgb >> 8) & 255) / 255.0f, (rgb & 255) / 255.0f, 1.0f};
  }
  const auto rgba = value.cast<std::vector<float>>();
  if (rgba.size() != 3 && rgba.size() != 4) throw py::value_error("background wants 3 or 4 numbers");
  return {rgba[0], rgba[1], rgba[2], rgba.size() == 4 ? rgba[3] : 1.0f};
}

py::array render(const py::object& source, std::pair<int, int> size, const py::object& animation, float time, float yaw,
                 float pitch, const py::object& background_colour, bool wireframe, bool skeleton, bool grid,
                 bool overlay, bool normals, bool tangents, bool uv_checker, int joint,
                 const std::optional<std::array<float, 3>>& target, float distance,
                 const std::optional<std::filesystem::path>& asset_root) {
  std::shared_ptr<SceneData> data;
  if (py::isinstance<SceneHandle>(source)) {
    data = source.cast<SceneHandle>().data;
  } else {
    data = read_scene_data(source.cast<std::filesystem::path>(), asset_root);
  }
  RenderSettings settings;
  std::tie(settings.width, settings.height) = size;
  const std::vector<std::string> names = animation_names(data->scene);
  // Default: the first animation when there is one, else the bind pose (as `aem render`).
  settings.animation = animation.is_none() ? (names.empty() ? -1 : 0) : animation_index(animation, names);
  settings.time = time, settings.yaw = yaw, settings.pitch = pitch;
  if (!background_colour.is_none()) settings.background = background(background_colour);
  settings.wireframe = wireframe, settings.skeleton = skeleton, settings.grid = grid, settings.overlay = overlay;
  settings.normals = normals, settings.tangents = tangents, settings.uv_checker = uv_checker, settings.joint = joint;
  if (target) settings.target = Vec3{(*target)[0], (*target)[1], (*target)[2]};
  settings.distance = distance;
  settings.model_folder = data->source.parent_path();
  if (asset_root) settings.asset_root = *asset_root;
  Result<RenderedImage> image = [&] {
    py::gil_scoped_release unlocked;
    return render_image(data->scene, settings);
  }();
  check(image);
  const int width = image->width, height = image->height;
  const std::uint8_t* pixels = image->rgba.data();
  return view<std::uint8_t>(owned(std::move(image->rgba)), pixels, {height, width, 4}, {width * 4, 4, 1},
                            Access::Writable);
}

}  // namespace

void bind_render(py::module_& m) {
  m.def("render", &render, py::arg("source"), py::kw_only(), py::arg("size") = std::pair<int, int>(1024, 768),
        py::arg("animation") = py::none(), py::arg("time") = 0.0f, py::arg("yaw") = 30.0f, py::arg("pitch") = 20.0f,
        py::arg("background") = py::none(), py::arg("wireframe") = false, py::arg("skeleton") = false,
        py::arg("grid") = true, py::arg("overlay") = false, py::arg("normals") = false, py::arg("tangents") = false,
        py::arg("uv_checker") = false, py::arg("joint") = -1, py::arg("target") = py::none(),
        py::arg("distance") = 0.0f, py::arg("asset_root") = py::none(),
        "Draws a model (a path, or an aem.Scene) as `aem render` does, headless (OpenGL 3.3 core through EGL;\n"
        "Mesa's software rasteriser is enough), and returns the picture as an (h, w, 4) uint8 RGBA array, rows\n"
        "top-down. size=(w, h); animation: index or name (default the first, or the bind pose without one;\n"
        "negative: bind pose); time in seconds; yaw and pitch in degrees; background 'transparent', '#rrggbb'\n"
        "or (r, g, b[, a]); the overlays as flags; joint highlights one; target=(x, y, z) and distance place\n"
        "the camera by hand instead of framing every pose. Raises aem.Error (RENDER_NO_GL without a context).\n"
        "The GIL is released while it reads and draws.");
}

}  // namespace aem::python
