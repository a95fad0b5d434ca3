// Uses the installed toolkit: reads a glTF file, writes it as AEM, loads the AEM through the runtime
// view and the C API. Usage: cpp_consumer IN.gltf OUT.aem; prints "vertices V triangles T" as read
// back from the AEM file. Exit 0 when the three readings agree.
#include <aem/aem.h>
#include <aem/aem_view.hpp>
#include <aem/io.hpp>
#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  auto scene = aem::read_scene(argv[1]);
  if (!scene) {
    std::fprintf(stderr, "%s\n", scene.error().to_string().c_str());
    return 1;
  }
  if (auto st = aem::write_scene(argv[2], scene.value()); !st) {
    std::fprintf(stderr, "%s\n", st.error().to_string().c_str());
    return 1;
  }
  auto model = aem::AemModel::load(argv[2]);
  if (!model) return 1;
  AEMModel* c_model = nullptr;
  if (aem_load_model(argv[2], &c_model) != AEMResult_Success) return 1;
  const std::uint32_t c_vertices = aem_get_model_vertices_size(c_model) / AEM_VERTEX_SIZE;
  aem_free_model(c_model);
  const auto counts = model->view().counts();
  std::printf("vertices %u triangles %u\n", counts.vertices, counts.indices / 3);
  return c_vertices == counts.vertices && counts.vertices == scene->vertex_count() ? 0 : 1;
}
